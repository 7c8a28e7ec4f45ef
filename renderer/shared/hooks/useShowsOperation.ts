import { useEffect } from 'react';
import { useAttention } from '../state/attention.ts';

/** A screen showing an operation: opening it answers its notice, and it needs no new one while shown. */
export function useShowsOperation(localId: number | undefined): void {
  useEffect(() => {
    if (localId === undefined) return;
    const { show } = useAttention.getState();
    show(localId);
    return () => {
      if (useAttention.getState().showing === localId) show(null);
    };
  }, [localId]);
}

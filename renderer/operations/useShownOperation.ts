import { useEffect } from 'react';
import type { OperationView } from '../../common/contract.ts';
import { useOperations, useOperationView } from './store.ts';

/**
 * A screen showing an operation it was given (a call's answer): the view goes to the store, and
 * the screen reads the store's copy, which the core's pushes keep current. While shown it is kept
 * in the store, and main is told it is on screen (operations/pushes.ts), so main follows it.
 */
export function useShownOperation(given: OperationView | null | undefined): OperationView | undefined {
  const localId = given?.localId;
  useEffect(() => {
    if (given) useOperations.getState().put(given);
  }, [given]);
  useEffect(() => {
    if (localId === undefined) return;
    const { show, hide } = useOperations.getState();
    show(localId);
    return () => hide(localId);
  }, [localId]);
  const held = useOperationView(localId);
  // Until the effect above has put it, the given view may be newer than one held from before.
  if (held && given && given.updatedAt > held.updatedAt) return given;
  return held ?? given ?? undefined;
}

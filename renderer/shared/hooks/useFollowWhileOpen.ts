import { useEffect } from 'react';
import type { OperationView } from '../../../common/contract.ts';
import { operationApi } from '../api.ts';

/** How often another desk's operation is asked about while its screen is open. */
const FOLLOW_MS = 10_000;

/**
 * Another desk's operation is not followed by this desk's lookups: it is asked about only while a
 * screen shows it, now (`now`) and then every FOLLOW_MS, and no more once the screen closes or it
 * turns final. The answers arrive as `operation.changed` pushes.
 */
export function useFollowWhileOpen(operation: OperationView | null | undefined, now = false): void {
  const localId = operation && !operation.ownDesk && !operation.final ? operation.localId : null;
  useEffect(() => {
    if (localId === null) return;
    const ask = () => void operationApi.refresh({ localId });
    if (now) ask();
    const timer = setInterval(ask, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [localId, now]);
}

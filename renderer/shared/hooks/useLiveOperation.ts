import { useEffect, useState } from 'react';
import type { OperationView } from '../../../common/contract.ts';
import { operationApi } from '../api.ts';

/**
 * An operation as a screen was given it, kept current by the core's pushes and by answers the
 * screen gets itself (`accept`), whichever is newer.
 */
export function useLiveOperation(given: OperationView | null) {
  const [latest, setLatest] = useState<OperationView | null>(null);
  const localId = given?.localId;
  useEffect(() => {
    if (localId === undefined) return;
    return operationApi.onOperationChanged((view) => {
      if (view.localId === localId) setLatest(view);
    });
  }, [localId]);
  const newer = latest && given && latest.localId === given.localId && latest.updatedAt >= given.updatedAt;
  return { operation: newer ? latest : given, accept: setLatest };
}

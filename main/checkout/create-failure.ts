// A create that failed: either it surely did nothing (the session stays open for the fix, or it
// expired), or its outcome is unknown and only a lookup may settle it, never a second POST.

import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { ConnectivityTracker } from '../connectivity.ts';
import { GatewayError } from '../gateway/errors.ts';
import { refusedFields } from '../gateway/field-errors.ts';
import { type Lookups, waitingFor } from '../lookups/queue.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import { errorText } from './requisites.ts';

type FailureDeps = {
  store: Pick<Store, 'outbox' | 'transaction'>;
  journal: Journal;
  lookups: Pick<Lookups, 'kick'>;
  connectivity: ConnectivityTracker;
};

/** After a failed POST: either it surely did nothing (the session stays usable) or we must look it up. */
export function settleFailure(deps: FailureDeps, record: OperationRecord, error: unknown): Error {
  const { store, journal } = deps;
  const gatewayError = error instanceof GatewayError ? error : null;
  // A conflict may mean the session already produced an operation: only a lookup can tell.
  const unknown = !gatewayError || gatewayError.outcomeUnknown || gatewayError.status === 409;
  if (unknown) {
    store.transaction(() => {
      journal.save(
        record.localId,
        {
          lastErrorKind: gatewayError?.kind ?? 'internal',
          lastErrorMessage: errorText(error),
        },
        { kind: 'outcome_unknown', detail: gatewayError?.kind ?? 'internal' },
      );
      const waiting = gatewayError ? waitingFor(gatewayError) : null;
      store.outbox.enqueue(record.shopId, record.operationNumber, 'resolve', undefined, waiting);
    });
    deps.lookups.kick();
    deps.connectivity.changed();
    return new AgentError('outcome_unknown', refusal('gateway.answered', { detail: errorText(error) }), {
      cash: 'hold',
      localId: record.localId,
    });
  }
  const expired = gatewayError.status === 410;
  // A refusal that names a requisite goes back to that field; the session stays open for the fix.
  const [refused] = expired
    ? []
    : refusedFields(
        gatewayError.body,
        record.payerRequisites.map((d) => d.name),
      );
  const message = refused?.reason
    ? `${gatewayError.message} (${refused.field}: ${refused.reason})`
    : gatewayError.message;
  journal.save(
    record.localId,
    {
      lastErrorKind: gatewayError.kind,
      lastErrorMessage: message,
    },
    {
      kind: expired ? 'session_expired' : 'create_refused',
      detail: refused ? `${gatewayError.kind}: ${refused.field}` : gatewayError.kind,
    },
  );
  const answered = refusal('gateway.answered', { detail: message });
  if (expired) return new AgentError('session_expired', answered, { localId: record.localId });
  return new AgentError(gatewayError.kind, answered, {
    localId: record.localId,
    ...(refused && { field: refused.field }),
  });
}

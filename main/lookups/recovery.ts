// On every start: settle what a crash or a kill left half-done. Nothing is re-sent; anything that
// may exist at the gateway is looked up.
import type { Journal } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';
import type { Lookups } from './queue.ts';

export function recoverUnsettled(
  store: Pick<Store, 'operations' | 'outbox' | 'transaction'>,
  journal: Journal,
  lookups: Lookups,
): void {
  for (const record of store.operations.unsettled()) {
    switch (record.phase) {
      case 'opening':
      case 'session_open':
        // No operation can exist without a create request, and the payer's form is gone.
        journal.save(record.localId, {}, { kind: 'interrupted', detail: record.phase });
        break;
      case 'creating':
        // The create request may have reached the gateway before the app stopped.
        store.transaction(() => {
          journal.save(record.localId, {}, { kind: 'interrupted', detail: 'creating' });
          store.outbox.enqueue(record.shopId, record.operationNumber, 'resolve');
        });
        break;
      case 'outcome_unknown':
        store.outbox.enqueue(record.shopId, record.operationNumber, 'resolve');
        break;
      default:
        // Another desk's operation, found by lookup, is followed only while its screen is open.
        if (record.origin === 'lookup') break;
        store.outbox.enqueue(record.shopId, record.operationNumber, 'status');
    }
  }
  // Nothing is in flight yet: leases left by lookups that were out when the app stopped, and
  // back-offs meant for a connection that failed back then, are released so they go at once.
  store.outbox.retryFailedNow();
  lookups.kick();
}

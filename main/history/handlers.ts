// This terminal's history: search, one operation with its events, and an agent's refresh.
import type { Checkout } from '../checkout/checkout.ts';
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Lookups } from '../lookups/queue.ts';
import type { Journal } from '../operations/journal.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';

type HistoryChannel =
  | 'history.search'
  | 'history.get'
  | 'history.refresh'
  | 'history.open'
  | 'history.openForPayer';

export function createHistoryFeature(deps: {
  store: Pick<Store, 'custody' | 'operations'>;
  journal: Journal;
  checkout: Checkout;
  lookups: Lookups;
}): Feature<HandlerTable<HistoryChannel>> {
  const { store, journal, checkout } = deps;
  // Training money seen at a live counter stays listed, marked, with no cash advice of its own.
  const openRows = (records: readonly OperationRecord[]) =>
    journal.views(records).flatMap((operation) => {
      const reason = operation.meaning.open;
      return reason ? [{ reason, operation }] : [];
    });
  const handlers: HandlerTable<HistoryChannel> = {
    'history.search': ({ limit, before, ...given }) => {
      const filter = {
        ...given,
        from: given.from && new Date(given.from).toISOString(),
        to: given.to && new Date(given.to).toISOString(),
      };
      // The screen keeps the first page's totals while it scrolls through the later ones.
      const { rows, totals } = store.operations.page({ ...filter, before, limit });
      const last = rows.length === limit ? rows.at(-1) : undefined;
      return {
        // The contract's HistoryRow picks its fields from the view when the reply is parsed.
        rows: journal.views(rows),
        next: last ? { createdAt: last.createdAt, localId: last.localId } : null,
        totals,
      };
    },
    'history.get': ({ localId }) => ({
      operation: journal.view(checkout.get(localId)),
      events: store.operations.events(localId),
      custody: store.custody.forOperation(localId),
    }),
    'history.refresh': ({ localId }) => {
      const record = checkout.get(localId);
      // While the create is out, its own reply answers; a lookup now could only race it.
      if (checkout.createInFlight(localId)) return journal.view(record);
      if (record.phase === 'created' || record.phase === 'outcome_unknown' || record.phase === 'creating') {
        deps.lookups.enqueue(
          record.shopId,
          record.operationNumber,
          record.phase === 'created' ? 'status' : 'resolve',
        );
      }
      return journal.view(record);
    },
    'history.open': () => ({ rows: openRows(store.operations.open()) }),
    'history.openForPayer': ({ payerId }) => ({ rows: openRows(store.operations.openForPayer(payerId)) }),
  };
  return { handlers };
}

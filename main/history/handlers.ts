// This terminal's history: search, one operation with its events, and an agent's refresh.
import { atGateway } from '../../common/cash-rules/operation-answer.ts';
import type { OperationView } from '../../common/contract.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { Clock } from '../clock.ts';
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Lookups } from '../lookups/queue.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';
import { openRows, type Tray } from './tray.ts';

/** How far back a completed operation for the same payer is named before another starts. */
const RECENT_MS = 60 * 60_000;

type HistoryChannel =
  | 'history.search'
  | 'history.get'
  | 'history.refresh'
  | 'history.open'
  | 'history.openForPayer'
  | 'history.unresolved';

export function createHistoryFeature(deps: {
  store: Pick<Store, 'custody' | 'operations'>;
  journal: Journal;
  checkout: Checkout;
  lookups: Lookups;
  tray: Tray;
  clock: Pick<Clock, 'now'>;
}): Feature<HandlerTable<HistoryChannel>> {
  const { store, journal, checkout } = deps;
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
      const held = atGateway(record.phase);
      if (held !== 'absent') {
        deps.lookups.enqueue(record.shopId, record.operationNumber, held === 'held' ? 'status' : 'resolve');
      }
      return journal.view(record);
    },
    // Home's first paint; after it, the tray comes by `tray.changed`.
    'history.open': () => ({ rows: deps.tray.read() }),
    'history.openForPayer': ({ payerId }) => {
      const since = new Date(deps.clock.now() - RECENT_MS).toISOString();
      return {
        rows: openRows(journal, store.operations.openForPayer(payerId)),
        // Completed, as the answer says: a payer served twice in a few minutes is most often a mistake.
        recent: journal
          .views(store.operations.forPayerSince(payerId, since))
          .filter((view) => view.meaning.status.completed && !view.meaning.open),
      };
    },
    // One read for all of them: the tray's open rows, in full, whose outcome is not settled.
    'history.unresolved': () => ({
      rows: journal.views(store.operations.open()).filter(unresolved),
    }),
  };
  return { handlers };
}

/** Open, and the gateway has not settled it: unknown, still being created, or created and not final. */
function unresolved(operation: OperationView): boolean {
  if (!operation.meaning.open) return false;
  const held = atGateway(operation.phase);
  return held === 'unresolved' || (held === 'held' && !operation.final);
}

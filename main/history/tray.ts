// Home's tray: this desk's operations that still need the agent or the gateway, most urgent first.
// Main computes it and pushes it whenever it changes, so Home reads it once for its first paint and
// then only listens: no 200-row read per push in the renderer.
import { events, type OpenOperation, type OpenReason, type OperationView } from '../../common/contract.ts';
import type { Clock, Timer } from '../clock.ts';
import type { Emit } from '../events.ts';
import type { Log } from '../log.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';

/** Cash waiting at the counter first, then what a supervisor must see, then what only waits. */
const URGENCY: Record<OpenReason, number> = {
  hand_over: 0,
  return_cash: 1,
  take_cash: 2,
  handed_over_not_captured: 3,
  mismatch: 4,
  correction: 5,
  outcome_unknown: 6,
  cash_not_captured: 7,
  stuck: 8,
  waiting: 9,
};

/**
 * The open ones among these records, each with why it is open. Training money seen at a live
 * counter stays listed, marked, with no cash advice of its own.
 */
export function openRows(journal: Journal, records: readonly OperationRecord[]): OpenOperation[] {
  return journal.views(records).flatMap((operation) => {
    const reason = operation.meaning.open;
    return reason ? [{ reason, operation }] : [];
  });
}

type Deps = {
  store: Pick<Store, 'operations'>;
  journal: Journal;
  emit: Emit;
  log: Pick<Log, 'warn'>;
  clock: Clock;
};

/**
 * Changes this close together make one read of the tray: a queue draining after an outage settles
 * hundreds of operations a second, and each read is up to 200 rows.
 */
export const TRAY_WAIT_MS = 50;

/** The records as far as the tray can tell them apart: which, in what state, since when. */
const signature = (records: readonly OperationRecord[]) =>
  records.map((r) => `${r.localId}:${r.updatedAt}:${r.openReason}`).join(',');

export function createTray({ store, journal, emit, log, clock }: Deps) {
  /** The records last read, and the tray last pushed. */
  let readSignature = '';
  let pushed = '';
  /** Each row last listed, with the reason it was listed for. */
  let listed = new Map<number, OpenReason>();
  let scheduled: Timer | undefined;
  /** An answer may have moved with no record changing (the desk changed, a payout released). */
  let answersMoved = false;
  let closed = false;

  /** Stable, so each reason keeps the store's order (newest first). */
  const rowsOf = (records: readonly OperationRecord[]): OpenOperation[] =>
    openRows(journal, records).toSorted((a, b) => URGENCY[a.reason] - URGENCY[b.reason]);

  function push() {
    scheduled = undefined;
    if (closed) return;
    try {
      const records = store.operations.open();
      // The same rows in the same state: no view to build (most of a draining queue's changes are
      // to operations past the 200 the tray reads).
      const read = signature(records);
      if (read === readSignature && !answersMoved) return;
      readSignature = read;
      answersMoved = false;
      // The rows as the contract carries them (the tray's fields, not whole views), as a read gets them.
      const tray = events['tray.changed'].parse({ rows: rowsOf(records) });
      // A change that leaves every row as shown (a note, a check time) is not pushed.
      const text = JSON.stringify(tray);
      if (text === pushed) return;
      pushed = text;
      listed = new Map(tray.rows.map((row) => [row.operation.localId, row.reason]));
      emit('tray.changed', tray);
    } catch (error) {
      log.warn('tray_failed', { error });
    }
  }

  /**
   * Something the tray shows may have changed (called after the commit). A burst of changes (a
   * queue draining, a shift closing) makes one read of the tray.
   */
  function schedule() {
    if (closed || scheduled) return;
    scheduled = clock.setTimeout(push, TRAY_WAIT_MS);
  }

  return {
    /** The first paint's read: what it lists counts as shown, so its rows leaving are pushed. */
    read(): OpenOperation[] {
      const now = rowsOf(store.operations.open());
      for (const row of now) listed.set(row.operation.localId, row.reason);
      return now;
    },
    /** The shift opened or closed, or the mode changed: the answers may have, for every row. */
    deskChanged() {
      answersMoved = true;
      schedule();
    },
    /** An operation that is not open and was not listed leaves the tray as it was: no read. */
    operationChanged(view: OperationView) {
      if (!view.meaning.open && !listed.has(view.localId)) return;
      // Its answer moved with no record changing (a payout released to the branch): the records
      // read the same, so the rows are built again all the same.
      if (listed.has(view.localId) && listed.get(view.localId) !== view.meaning.open) answersMoved = true;
      schedule();
    },
    close() {
      closed = true;
      clock.clearTimeout(scheduled);
    },
  };
}

export type Tray = ReturnType<typeof createTray>;

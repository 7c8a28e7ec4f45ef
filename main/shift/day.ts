// The agent's day as a feature: the channels of the desk's lock, the operators and the supervisor,
// shifts, exports and the audit trail; backups; and Z reports left "not reconciled" tried again
// until every one is. main/core.ts builds the services it takes.

import type { DeskState } from '../../common/contract.ts';
import { auditHandlers } from '../audit/handlers.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Clock, Timer } from '../clock.ts';
import type { Backups } from '../export/backup.ts';
import { exportHandlers } from '../export/handlers.ts';
import { type DeskContext, meaningOf } from '../operations/meaning.ts';
import type { Printer } from '../receipts/printer.ts';
import type { SlipPrinting } from '../receipts/slip-printing.ts';
import type { Desk } from '../staff/desk-lock.ts';
import { staffHandlers } from '../staff/handlers.ts';
import type { Operators } from '../staff/operators.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import { shiftHandlers } from './handlers.ts';
import type { Shifts } from './shifts.ts';

export function createDayFeature(deps: {
  store: Pick<Store, 'exports' | 'shifts'>;
  desk: Desk;
  operators: Operators;
  supervisor: Supervisor;
  backups: Backups;
  shifts: Shifts;
  audit: AuditTrail;
  state: () => DeskState;
  dataDir: string;
  printer: Printer | undefined;
  /** What this desk's answer makes of an operation now: the CSV export's status words. */
  operationDesk: () => DeskContext;
  /** A cash movement's slip, printed as it is recorded and again on request. */
  slips: SlipPrinting;
  /** How often a Z report left "not reconciled" is tried again. */
  reconcileRetryMs: number;
  clock: Clock;
}) {
  const { store, desk, supervisor, backups, shifts, state, audit } = deps;
  const { clock } = deps;
  let retry: Timer | undefined;
  let reconciling: Promise<void> | null = null;
  let closed = false;

  /** Z reports left "not reconciled" are tried again until every one is. */
  function reconcileLater(delayMs = deps.reconcileRetryMs) {
    clock.clearTimeout(retry);
    if (closed || store.shifts.unreconciled().length === 0) return;
    retry = clock.setTimeout(() => {
      if (closed) return;
      // Kept, so close() waits for it: a reconciliation must not write to a store that has closed.
      reconciling = shifts.reconcilePending().then((left) => {
        reconciling = null;
        if (left) reconcileLater();
      });
    }, delayMs);
    retry.unref();
  }

  return {
    handlers: {
      ...staffHandlers({
        desk,
        operators: deps.operators,
        supervisor,
        state,
        audit,
      }),
      ...shiftHandlers(shifts, state, deps.slips),
      ...exportHandlers({
        store,
        backups,
        dataDir: deps.dataDir,
        printer: deps.printer,
        answerOf: (op) => meaningOf(op, deps.operationDesk()),
      }),
      ...auditHandlers(audit),
    },
    /** A Z report was produced: a backup follows, and its reconciliation is tried again later. */
    zReported() {
      backups.afterZReport();
      reconcileLater();
    },
    /** The gateway answers again after an outage: reconciliations that waited for it go now. */
    gatewayBack: () => reconcileLater(0),
    start() {
      backups.start();
      reconcileLater(0);
    },
    async close() {
      closed = true;
      clock.clearTimeout(retry);
      await reconciling;
      desk.close();
      supervisor.close();
      await backups.close();
    },
  };
}

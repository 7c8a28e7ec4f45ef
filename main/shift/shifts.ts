// Shifts and the drawer: an operator signs in with their PIN and counts the float; every operation
// and custody record of the desk belongs to the open shift (in Live none happens outside one; in
// training a training shift opens by itself); cash movements need a reason and the supervisor; the
// X report at any time; and the close: count, variance, reconciliation at the gateways, and the Z
// report, numbered per terminal and never changed. A reconciliation the gateway could not answer
// is done again later and appended.
import type { CashLine, DrawerCount, ShiftSummary, XReport, ZReport } from '../../common/contract.ts';
import { AgentError } from '../app-error.ts';
import type { ChainGuard } from '../audit/chain.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Log } from '../log.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Desk } from '../staff/desk.ts';
import type { Operators } from '../staff/operators.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import { type ShiftRecord, summary } from '../store/shifts.ts';
import { type CashMovementInput, recordCashMovement } from './cash-movements.ts';
import type { DeskSettingsStore } from './desk-settings.ts';
import { cashLines, countDrawer, varianceLines } from './drawer.ts';
import type { Reconciler } from './reconcile.ts';
import { buildXReport, ownOf } from './reports.ts';
import { createZReports } from './z-reports.ts';

/** The operator of a training shift that opened by itself. */
export const TRAINING_OPERATOR = 'Training';

export type ShiftDeps = {
  store: Store;
  settings: SettingsService;
  deskSettings: DeskSettingsStore;
  desk: Desk;
  operators: Operators;
  supervisor: Supervisor;
  reconciler: Reconciler;
  /** The counter's flow, for sessions the close must end and creates it must wait for. */
  checkout: () => { createInFlight(localId: number): boolean; abandon(localId: number): unknown };
  log: Log;
  audit: AuditTrail;
  /** The hash chain: checked at each close, its head on each Z report. */
  chain: Pick<ChainGuard, 'verify' | 'head'>;
  /** The open shift or its drawer changed. */
  changed: () => void;
  /** A Z report was produced (a backup follows). */
  closed: (shiftId: number) => void;
  /** A shift closed "not reconciled" has been reconciled since. */
  reconciled: (shift: ShiftSummary) => void;
};

export type Attribution = { shiftId: number; operator: string };

export function createShifts(deps: ShiftDeps) {
  const { store } = deps;
  let closing = false;
  const nowIso = () => new Date().toISOString();

  function requireOpen(): ShiftRecord {
    const shift = store.shifts.open();
    if (!shift) throw new AgentError('conflict', 'No shift is open at this desk.');
    if (closing) throw new AgentError('conflict', 'The shift is closing.');
    return shift;
  }

  function expected(shift: ShiftRecord): CashLine[] {
    return cashLines(
      shift.id,
      shift.openingFloat,
      ownOf(shift, store.shifts.operations(shift.id)),
      store.shifts.movements(shift.id),
    );
  }

  function xReport(shift: ShiftRecord): XReport {
    return buildXReport(
      shift,
      summary(shift),
      store.shifts.operations(shift.id),
      store.shifts.movements(shift.id),
      nowIso(),
      deps.audit.sinceLastZ(),
    );
  }

  const { zReport, reconcile, reconcileShift } = createZReports(deps);

  return {
    current(): { shift: ShiftSummary | null; cash: CashLine[] } {
      const shift = store.shifts.open();
      return shift ? { shift: summary(shift), cash: expected(shift) } : { shift: null, cash: [] };
    },

    async open(input: { operatorId: number; pin: string; float: DrawerCount }): Promise<void> {
      const already = () => {
        if (store.shifts.open()) throw new AgentError('conflict', 'A shift is already open at this desk.');
      };
      already();
      const float = countDrawer(input.float, 'float');
      const operator = await deps.operators.verify(input.operatorId, input.pin);
      already();
      const { terminalId, mode } = deps.settings.get();
      const shiftId = store.durable(() =>
        store.shifts.insert({
          terminalId,
          training: mode === 'training',
          operatorId: operator.id,
          operatorName: operator.name,
          openedAt: nowIso(),
          openingFloat: float,
        }),
      );
      deps.log.info('shift_opened', { shiftId, operatorId: operator.id, training: mode === 'training' });
      deps.desk.signIn({ id: operator.id, name: operator.name });
    },

    /**
     * The shift a new operation or a custody record belongs to, and its operator. Live has none
     * outside a shift; training opens a training shift by itself. Call it right before the write,
     * after the last await, so nothing slips into a shift that has begun closing.
     */
    attribute(training: boolean): Attribution {
      if (closing) throw new AgentError('conflict', 'The shift is closing: open the next one first.');
      let shift = store.shifts.open();
      if (!shift && training) {
        const shiftId = store.shifts.insert({
          terminalId: deps.settings.get().terminalId,
          training: true,
          operatorId: null,
          operatorName: TRAINING_OPERATOR,
          openedAt: nowIso(),
          openingFloat: [],
        });
        deps.log.info('shift_opened', { shiftId, operatorId: null, training: true });
        shift = store.shifts.get(shiftId)!;
        deps.changed();
      }
      if (!shift) {
        throw new AgentError(
          'conflict',
          'No shift is open: in Live mode an operator opens one before any operation.',
        );
      }
      if (shift.training !== training) {
        throw new AgentError(
          'conflict',
          shift.training
            ? 'A training shift is open: close it before working in Live.'
            : 'A live shift is open: training operations never count in it.',
        );
      }
      return { shiftId: shift.id, operator: shift.operatorName };
    },

    /** Cash added to the drawer or taken to the safe, approved by the supervisor. */
    cashMovement: (input: CashMovementInput) => recordCashMovement(deps, { requireOpen, expected }, input),

    report: (): XReport => xReport(requireOpen()),

    previewClose(counted: DrawerCount) {
      const shift = requireOpen();
      const variance = varianceLines(
        expected(shift),
        countDrawer(counted, 'counted'),
        deps.deskSettings.get().varianceThresholds,
      );
      return { variance, needsApproval: variance.some((line) => line.overThreshold) };
    },

    async close(input: {
      counted: DrawerCount;
      note?: string | undefined;
      supervisorPin?: string | undefined;
    }): Promise<ZReport> {
      let shift = requireOpen();
      // The shift's operations are read once before the close and once after its reconciliation:
      // at 5,000 operations each read is most of what a Z report costs.
      let operations = store.shifts.operations(shift.id);
      const movements = store.shifts.movements(shift.id);
      const cash = cashLines(shift.id, shift.openingFloat, ownOf(shift, operations), movements);
      const counted = countDrawer(input.counted, 'counted');
      const missing = cash.find((line) => !counted.some((c) => c.currency === line.currency));
      if (missing) {
        throw new AgentError('validation', `Count the ${missing.currency} too (0 if there is none).`, {
          field: 'counted',
        });
      }
      const variance = varianceLines(cash, counted, deps.deskSettings.get().varianceThresholds);
      const over = variance.filter((line) => line.overThreshold).map((line) => line.currency);
      let approved = false;
      if (over.length) {
        const what = `A variance over the threshold (${over.join(', ')})`;
        if (!input.note) {
          throw new AgentError('validation', `${what} needs a note and the supervisor PIN.`, {
            field: 'note',
          });
        }
        approved = await deps.supervisor.approve(input.supervisorPin, what);
        // Anything may have moved during the PIN check.
        shift = requireOpen();
        if (approved)
          deps.audit.record(
            'variance_approved',
            { shiftId: shift.id, currencies: over.join(', '), note: input.note },
            'supervisor',
          );
        operations = store.shifts.operations(shift.id);
      }
      const inFlight = operations.find(
        (op) =>
          op.phase === 'opening' || op.phase === 'creating' || deps.checkout().createInFlight(op.localId),
      );
      if (inFlight) {
        throw new AgentError(
          'conflict',
          `Operation ${inFlight.operationNumber} is waiting for the gateway's answer.`,
          {
            localId: inFlight.localId,
            cash: 'hold',
          },
        );
      }
      closing = true;
      try {
        // A session not yet used to create an operation ends with the shift; nothing exists for it.
        for (const op of operations) {
          if (op.shiftId === shift.id && op.phase === 'session_open') deps.checkout().abandon(op.localId);
        }
        const { reconciliation, after } = await reconcile(shift, operations);
        // A break found now is recorded in the audit trail before the report takes it in.
        await deps.chain.verify();
        const at = nowIso();
        const x = buildXReport(
          shift,
          summary(shift),
          after,
          store.shifts.movements(shift.id),
          at,
          deps.audit.sinceLastZ(),
        );
        const number = store.durable(() =>
          store.shifts.close(shift, at, reconciliation.complete, (n) => ({
            ...x,
            number: n,
            chainHead: deps.chain.head(),
            counted,
            variance,
            note: input.note ?? null,
            supervisorApproved: approved,
            reconciliations: [reconciliation],
          })),
        );
        deps.log.info('shift_closed', { shiftId: shift.id, number, reconciled: reconciliation.complete });
        deps.desk.signOut();
        deps.closed(shift.id);
        return zReport(shift.id);
      } finally {
        closing = false;
      }
    },

    list(before: number | undefined, limit: number) {
      const rows = store.shifts.list(before, limit);
      return { shifts: rows.map(summary), next: rows.length === limit ? rows.at(-1)!.id : null };
    },

    zReport,
    reconcile: reconcileShift,

    /** Every shift still "not reconciled", tried again quietly; true while some remain. */
    async reconcilePending(): Promise<boolean> {
      for (const shiftId of store.shifts.unreconciled()) {
        await reconcileShift(shiftId).catch(() => undefined);
      }
      return store.shifts.unreconciled().length > 0;
    },
  };
}

export type Shifts = ReturnType<typeof createShifts>;

// Shifts and the drawer: an operator signs in with their PIN and counts the float (in training the
// agent starts a training shift by hand); every operation and custody record of the desk belongs to
// the open shift of its own mode, and none happens outside one: no shift ever opens by itself.
// Cash movements need a reason and the supervisor; the X report at any time; and the close
// (close.ts): count, variance, reconciliation at the gateways, and the Z report, numbered per
// terminal and never changed. A reconciliation the gateway could not answer
// is done again later and appended.

import type { CashLine, DrawerCount, ShiftSummary, VarianceLine, XReport } from '../../common/contract.ts';
import { TRAINING_OPERATOR } from '../../common/enums.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import { type ShiftRecord, summary } from '../store/shifts.ts';
import { type CashMovementInput, recordCashMovement } from './cash-movements.ts';
import { createShiftClose } from './close.ts';
import { createCloseCounts } from './counts.ts';
import { countDrawer } from './drawer-count.ts';
import { expectedCash } from './expected-cash.ts';
import { createHandover } from './handover.ts';
import { buildXReport } from './reports.ts';
import type { ShiftDeps } from './shift-deps.ts';
import { createZReports } from './z-reports.ts';

export function createShifts(deps: ShiftDeps) {
  const { store } = deps;
  const closing = () => deps.deskContext.closing();
  const nowIso = () => isoNow(deps.clock);

  function requireOpen(): ShiftRecord {
    const shift = store.shifts.open();
    if (!shift) throw new AgentError('conflict', refusal('shift.noneOpen'));
    if (closing()) {
      throw new AgentError('conflict', refusal('shift.closing'));
    }
    return shift;
  }

  function expected(shift: ShiftRecord): CashLine[] {
    return expectedCash(store, shift);
  }

  function xReport(shift: ShiftRecord): XReport {
    return buildXReport(
      shift,
      summary(shift),
      store.shifts.operations(shift),
      store.custody.forShift(shift.id),
      store.shifts.movements(shift.id),
      nowIso(),
      deps.audit.sinceLastZ(),
      store.drawer.handovers(shift.id),
      deps.deskContext.get().branch,
    );
  }

  function insertShift(
    input: Omit<ShiftRecord, 'id' | 'closedAt' | 'zNumber' | 'reconciled' | 'openedBy'>,
  ): number {
    const shiftId = store.durable(() => store.shifts.insert(input));
    deps.log.info('shift_opened', { shiftId, operatorId: input.operatorId, training: input.training });
    return shiftId;
  }

  const { zReport, reconcile, reconcileShift } = createZReports(deps);
  const counts = createCloseCounts(deps);
  const handover = createHandover(deps, { requireOpen, expected });
  /** Over the threshold now, or in any earlier count of the shift: the supervisor's either way. */
  const overOf = (variance: VarianceLine[], shiftId: number) =>
    [
      ...new Set([
        ...variance.filter((line) => line.overThreshold).map((line) => line.currency),
        ...counts.everOver(shiftId),
      ]),
    ].sort();
  const close = createShiftClose(deps, { requireOpen, counts, overOf, reconcile, zReport });

  return {
    current(): { shift: ShiftSummary | null; cash: CashLine[] } {
      const shift = store.shifts.open();
      return shift ? { shift: summary(shift), cash: expected(shift) } : { shift: null, cash: [] };
    },

    async open(input: { operatorId: number; pin: string; float: DrawerCount }): Promise<void> {
      const already = () => {
        if (store.shifts.open()) throw new AgentError('conflict', refusal('shift.alreadyOpen'));
      };
      already();
      const float = countDrawer(input.float, 'float');
      const operator = await deps.operators.verify(input.operatorId, input.pin);
      already();
      const { terminalId, mode } = deps.settings.get();
      insertShift({
        terminalId,
        training: mode === 'training',
        operatorId: operator.id,
        operatorName: operator.name,
        openedAt: nowIso(),
        openingFloat: float,
      });
      deps.desk.signIn({ id: operator.id, name: operator.name });
    },

    /**
     * Training only: the agent starts a training shift by hand, with no float and no PIN (no real
     * money moves in it). It is still a deliberate act: nothing opens a shift by itself.
     */
    openTraining(): void {
      const { terminalId, mode } = deps.settings.get();
      if (mode !== 'training') {
        throw new AgentError('conflict', refusal('shift.trainingOnlyInTraining'));
      }
      if (store.shifts.open()) throw new AgentError('conflict', refusal('shift.alreadyOpen'));
      insertShift({
        terminalId,
        training: true,
        operatorId: null,
        operatorName: TRAINING_OPERATOR,
        openedAt: nowIso(),
        openingFloat: [],
      });
      deps.changed();
    },

    /** Cash added to the drawer or taken to the safe, approved by the supervisor. */
    cashMovement: (input: CashMovementInput) => recordCashMovement(deps, { requireOpen, expected }, input),

    report: (): XReport => xReport(requireOpen()),

    /** The drawer to the next operator, the shift staying open (handover.ts). */
    previewHandover: handover.preview,
    handOver: handover.handOver,

    /**
     * A count checked against the expected cash, kept (a recount beside the first); it needs the
     * supervisor if it or any earlier count of the shift is over the threshold.
     */
    previewClose(counted: DrawerCount) {
      const shift = requireOpen();
      const count = counts.check(shift, countDrawer(counted, 'counted'), expected(shift));
      return {
        variance: count.variance,
        needsApproval: overOf(count.variance, shift.id).length > 0,
        counts: counts.list(shift.id),
      };
    },

    /** The close, with the Z report (close.ts). */
    close,

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

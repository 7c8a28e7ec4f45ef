// Shifts and the drawer: an operator signs in with their PIN and counts the float (in training the
// agent starts a training shift by hand); every operation and custody record of the desk belongs to
// the open shift of its own mode, and none happens outside one: no shift ever opens by itself.
// Cash movements need a reason and the supervisor; the
// X report at any time; and the close: count, variance, reconciliation at the gateways, and the Z
// report, numbered per terminal and never changed. A reconciliation the gateway could not answer
// is done again later and appended.

import { cashLines, varianceLines } from '../../common/cash-rules/drawer-cash.ts';
import { awaitsGateway } from '../../common/cash-rules/operation-answer.ts';
import type {
  CashLine,
  CustodyRecord,
  DrawerCount,
  ShiftSummary,
  VarianceLine,
  XReport,
  ZReport,
} from '../../common/contract.ts';
import { TRAINING_OPERATOR } from '../../common/enums.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import { type ShiftRecord, summary } from '../store/shifts.ts';
import { type CashMovementInput, recordCashMovement } from './cash-movements.ts';
import { createCloseCounts } from './counts.ts';
import { countDrawer } from './drawer-count.ts';
import { createHandover } from './handover.ts';
import { custodyOf, operationsOf, turn } from './paged.ts';
import { buildXReport, buildXReportInTurns } from './reports.ts';
import type { ShiftDeps } from './shift-deps.ts';
import { createZReports } from './z-reports.ts';

export function createShifts(deps: ShiftDeps) {
  const { store } = deps;
  const closing = () => deps.deskContext.closing();
  const nowIso = () => isoNow(deps.clock);

  function requireOpen(): ShiftRecord {
    const shift = store.shifts.open();
    if (!shift) throw new AgentError('conflict', 'No shift is open at this desk.');
    if (closing()) {
      throw new AgentError(
        'conflict',
        'The shift is closing: no cash moves in it now. Open the next shift first.',
      );
    }
    return shift;
  }

  function expected(shift: ShiftRecord): CashLine[] {
    return cashLines(shift.openingFloat, store.custody.forShift(shift.id), store.shifts.movements(shift.id));
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
        throw new AgentError('conflict', 'A training shift starts only while the desk is in training.');
      }
      if (store.shifts.open()) throw new AgentError('conflict', 'A shift is already open at this desk.');
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

    /**
     * The close. The supervisor's PIN is checked first (the only wait before the shift stops taking
     * cash); from then on nothing moves cash in it, and the expected cash and the variance are
     * worked out inside the transaction that closes it, so the figures approved are the figures
     * stored. A variance over the threshold that was not approved refuses the close, with the
     * figures as they stand. At 5,000 operations its reads and the report are tens of ms each: they
     * are made a page, a step at a time, the drawer frozen meanwhile, so the counter stays answered.
     */
    async close(input: {
      counted: DrawerCount;
      note?: string | undefined;
      supervisorPin?: string | undefined;
    }): Promise<ZReport> {
      const counted = countDrawer(input.counted, 'counted');
      const thresholds = () => deps.deskSettings.get().varianceThresholds;
      const approval = (over: string[]) => `A variance over the threshold (${over.join(', ')})`;
      const allCounted = (cash: CashLine[]) => {
        const missing = cash.find((line) => !counted.some((c) => c.currency === line.currency));
        if (missing) {
          throw new AgentError('validation', `Count the ${missing.currency} too (0 if there is none).`, {
            field: 'counted',
          });
        }
      };
      const opened = requireOpen();
      // Read a page at a time (paged.ts), frozen meanwhile: other work has turns between the pages,
      // but nothing moves cash in the shift until the supervisor's check, nor does another close
      // begin. The records are kept: each later read adds only those written since.
      deps.deskContext.setClosing(true);
      let custody: CustodyRecord[];
      try {
        custody = await custodyOf(store, opened.id);
      } finally {
        deps.deskContext.setClosing(false);
      }
      const before = cashLines(opened.openingFloat, custody, store.shifts.movements(opened.id));
      allCounted(before);
      // The count is kept before anything may refuse the close: a refused count is a count too.
      const count = counts.atClose(opened, counted, before);
      const overBefore = overOf(count.variance, opened.id);
      if (overBefore.length && !input.note) {
        throw new AgentError(
          'validation',
          `${approval(overBefore)} needs a note and the supervisor PIN: write what happened in the note.`,
          { field: 'note' },
        );
      }
      // The one wait before the drawer is frozen: anything may still move during it.
      const approved =
        overBefore.length || input.supervisorPin
          ? await deps.supervisor.approve(
              input.supervisorPin,
              overBefore.length ? approval(overBefore) : 'Closing the shift',
            )
          : false;
      const shift = requireOpen();
      if (shift.id !== opened.id) custody = [];
      if (approved && overBefore.length) {
        deps.audit.record(
          'variance_approved',
          { shiftId: shift.id, currencies: overBefore.join(', '), note: input.note ?? null },
          'supervisor',
        );
      }
      // Frozen again from here, for good, the reads below also a page at a time. A close refused
      // below leaves the shift open as it was.
      deps.deskContext.setClosing(true);
      try {
        custody = await custodyOf(store, shift.id, custody);
        allCounted(cashLines(shift.openingFloat, custody, store.shifts.movements(shift.id)));
        const operations = await operationsOf(store, shift);
        const inFlight = operations.find(
          (op) => awaitsGateway(op.phase) || deps.checkout.createInFlight(op.localId),
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
        // A session not yet used to create an operation ends with the shift; nothing exists for it.
        for (const op of operations) {
          if (op.shiftId === shift.id && op.phase === 'session_open') deps.checkout.abandon(op.localId);
        }
        const { reconciliation, after } = await reconcile(shift, operations);
        // A break found now is recorded in the audit trail before the report takes it in.
        await deps.chain.verify();
        const at = nowIso();
        const drawer = () => ({
          movements: store.shifts.movements(shift.id),
          audit: deps.audit.sinceLastZ(),
          handovers: store.drawer.handovers(shift.id),
        });
        const xReportOf = (records: CustodyRecord[], now: ReturnType<typeof drawer>) =>
          buildXReport(shift, summary(shift), after, records, now.movements, at, now.audit, now.handovers);
        // Built ahead, outside the transaction: it stands if nothing it is made of moved since.
        custody = await custodyOf(store, shift.id, custody);
        const seen = drawer();
        const ahead = await buildXReportInTurns(
          turn,
          shift,
          summary(shift),
          after,
          custody,
          seen.movements,
          at,
          seen.audit,
          seen.handovers,
        );
        const number = store.durable(() => {
          // The drawer as it stands now, in the transaction that closes the shift: the custody
          // records are append-only, so those read ahead and any written since are all of them.
          const newer = store.custody.forShiftAfter(
            shift.id,
            custody.at(-1)?.id ?? 0,
            Number.MAX_SAFE_INTEGER,
          );
          const now = drawer();
          const x =
            newer.length === 0 && JSON.stringify(now) === JSON.stringify(seen)
              ? ahead
              : xReportOf([...custody, ...newer], now);
          const variance = varianceLines(x.cash, counted, thresholds());
          const over = overOf(variance, shift.id);
          if (over.length && !approved && deps.supervisor.approvalNeeded()) {
            const figures = variance
              .filter((line) => line.overThreshold)
              .map((line) => `${line.currency}: expected ${line.expected}, counted ${line.counted}`)
              .join('; ');
            throw new AgentError(
              'validation',
              `The drawer changed while the shift was closing: ${approval(over)} now needs ${input.note ? '' : 'a note and '}the supervisor PIN (${figures}). Count again if need be, then close with the supervisor.`,
              { field: input.note ? 'supervisorPin' : 'note' },
            );
          }
          return store.shifts.close(shift, at, reconciliation.complete, (n) => ({
            ...x,
            number: n,
            chainHead: deps.chain.head(),
            counted,
            variance,
            note: input.note ?? null,
            supervisorApproved: approved,
            counts: counts.list(shift.id),
            reconciliations: [reconciliation],
          }));
        });
        deps.log.info('shift_closed', { shiftId: shift.id, number, reconciled: reconciliation.complete });
        deps.desk.signOut();
        deps.closed(shift.id);
        return zReport(shift.id);
      } finally {
        deps.deskContext.setClosing(false);
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

// The shift's close: the count against the expected cash, the supervisor for a variance over the
// threshold, reconciliation at the gateways, and the Z report, numbered and never changed. The
// drawer is read a page at a time and frozen meanwhile, so the counter stays answered.

import { cashLines, varianceLines } from '../../common/cash-rules/drawer-cash.ts';
import { awaitsGateway } from '../../common/cash-rules/operation-answer.ts';
import type { CashLine, CustodyRecord, DrawerCount, VarianceLine, ZReport } from '../../common/contract.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import { type ShiftRecord, summary } from '../store/shifts.ts';
import type { CloseCounts } from './counts.ts';
import { countDrawer } from './drawer-count.ts';
import { custodyOf, operationsOf, turn } from './paged.ts';
import { buildXReport, buildXReportInTurns } from './reports.ts';
import type { ShiftDeps } from './shift-deps.ts';
import type { ZReports } from './z-reports.ts';

export function createShiftClose(
  deps: ShiftDeps,
  parts: {
    requireOpen: () => ShiftRecord;
    counts: CloseCounts;
    /** The currencies over the threshold now, or in any earlier count of the shift. */
    overOf: (variance: VarianceLine[], shiftId: number) => string[];
    reconcile: ZReports['reconcile'];
    zReport: ZReports['zReport'];
  },
) {
  const { store } = deps;
  const { requireOpen, counts, overOf, reconcile, zReport } = parts;
  const nowIso = () => isoNow(deps.clock);

  /**
   * The close. The supervisor's PIN is checked first (the only wait before the shift stops taking
   * cash); from then on nothing moves cash in it, and the expected cash and the variance are
   * worked out inside the transaction that closes it, so the figures approved are the figures
   * stored. A variance over the threshold that was not approved refuses the close, with the
   * figures as they stand. At 5,000 operations its reads and the report are tens of ms each: they
   * are made a page, a step at a time, the drawer frozen meanwhile, so the counter stays answered.
   */
  async function close(input: {
    counted: DrawerCount;
    note?: string | undefined;
    supervisorPin?: string | undefined;
  }): Promise<ZReport> {
    const counted = countDrawer(input.counted, 'counted');
    const thresholds = () => deps.deskSettings.get().varianceThresholds;
    const approval = (over: string[]) => phrase('action.variance', { currencies: over.join(', ') });
    const allCounted = (cash: CashLine[]) => {
      const missing = cash.find((line) => !counted.some((c) => c.currency === line.currency));
      if (missing) {
        throw new AgentError('validation', refusal('shift.countCurrency', { currency: missing.currency }), {
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
      throw new AgentError('validation', refusal('shift.needsNote', { what: approval(overBefore) }), {
        field: 'note',
      });
    }
    // The one wait before the drawer is frozen: anything may still move during it.
    const approved =
      overBefore.length || input.supervisorPin
        ? await deps.supervisor.approve(
            input.supervisorPin,
            overBefore.length ? approval(overBefore) : phrase('action.closeShift'),
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
          refusal('shift.waitingForGateway', { operationNumber: inFlight.operationNumber }),
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
        buildXReport(
          shift,
          summary(shift),
          after,
          records,
          now.movements,
          at,
          now.audit,
          now.handovers,
          deps.deskContext.get().branch,
        );
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
        deps.deskContext.get().branch,
      );
      const number = store.durable(() => {
        // The drawer as it stands now, in the transaction that closes the shift: the custody
        // records are append-only, so those read ahead and any written since are all of them.
        const newer = store.custody.forShiftAfter(shift.id, custody.at(-1)?.id ?? 0, Number.MAX_SAFE_INTEGER);
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
            // Figures alone, so they read the same in every language: expected → counted.
            .map((line) => `${line.currency} ${line.expected} → ${line.counted}`)
            .join('; ');
          throw new AgentError(
            'validation',
            refusal(input.note ? 'shift.changedWhileClosing' : 'shift.changedWhileClosingNote', {
              what: approval(over),
              figures,
            }),
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
  }

  return close;
}

// Z reports as the store keeps them, with every later reconciliation appended, and the
// reconciliation itself: the shift's operations checked at their own gateways, then held against
// the custody records.
import type {
  Finding,
  FindingKind,
  HistoryRow,
  OpenOperation,
  OpenReason,
  Reconciliation,
  ZReport,
} from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import { createKeyedSerial } from '../keyed-serial.ts';
import { statusAnswer } from '../operations/receipt-answer.ts';
import type { OperationRecord } from '../store/operations.ts';
import { type ShiftRecord, summary } from '../store/shifts.ts';
import { operationsOf, PAGE, turn } from './paged.ts';
import { findings } from './reports.ts';
import type { ShiftDeps } from './shift-deps.ts';

/**
 * A Z report is kept as it was produced. Those produced before operations carried their meaning get
 * the one the report itself gave them (the list they stand in), and no cash advice of their own;
 * those produced before the receipt and status parts get the status word of the status they kept,
 * no receipt (a report row prints none), and the wording their type had then.
 */
function withMeanings(report: ZReport): ZReport {
  const upgrade = (row: HistoryRow, open: OpenReason | null, finding: FindingKind | null): HistoryRow => {
    const meaning: Partial<HistoryRow['meaning']> & Omit<HistoryRow['meaning'], 'receipt' | 'status'> =
      row.meaning ?? {
        open,
        finding,
        alert: false,
        stuck: false,
        note: null,
        custody: { action: null, refused: null },
        money: row.training ? 'training' : 'live',
        otherMode: false,
        startAgain: false,
        reversible: false,
      };
    return {
      ...row,
      cash: row.meaning ? row.cash : 'none',
      meaning: {
        ...meaning,
        receipt: meaning.receipt ?? {
          print: 'none',
          wording: row.type === 'payin' ? 'cash_in' : 'cash_out',
        },
        status: meaning.status ?? statusAnswer(row, false),
      },
    };
  };
  const rows = (list: OpenOperation[]) =>
    list.map((o) => ({ ...o, operation: upgrade(o.operation, o.reason, null) }));
  return {
    ...report,
    // Lines from before the wording was kept are worded as their type was then.
    totals: report.totals.map((line) => ({
      ...line,
      wording: line.wording ?? (line.type === 'payin' ? 'cash_in' : 'cash_out'),
    })),
    openCash: rows(report.openCash),
    waiting: rows(report.waiting),
    reconciliations: report.reconciliations.map((r) => ({
      ...r,
      findings: r.findings.map((f) => ({ ...f, operation: upgrade(f.operation, null, f.kind) })),
    })),
  };
}

export function createZReports(deps: ShiftDeps) {
  const { store } = deps;
  const perShift = createKeyedSerial<number>();
  const nowIso = () => isoNow(deps.clock);

  function zReport(shiftId: number): ZReport {
    const z = store.shifts.z(shiftId);
    const shift = store.shifts.get(shiftId);
    if (!z || !shift)
      throw new AgentError('not_found', refusal('shift.noZReport', { shiftId }), { field: 'shiftId' });
    // A report from before the audit trail and the chain existed has neither, and one from before
    // the close kept every count and the handovers has no counts, handovers or operators' parts.
    type Older = 'audit' | 'chainHead' | 'counts' | 'handovers' | 'parts';
    const report = withMeanings(JSON.parse(z.report) as ZReport) as Omit<ZReport, Older> &
      Partial<Pick<ZReport, Older>>;
    return {
      ...report,
      audit: report.audit ?? [],
      counts: report.counts ?? [],
      handovers: report.handovers ?? [],
      // Built while the shift was still open, the last holder's part ends with the close, not "now".
      parts: (report.parts ?? []).map((part) => ({ ...part, until: part.until ?? shift.closedAt })),
      chainHead: report.chainHead ?? { seq: 0, hash: '' },
      shift: summary(shift),
      reconciliations: [
        ...report.reconciliations,
        ...withMeanings({ ...(report as ZReport), reconciliations: store.shifts.reconciliations(z.id) })
          .reconciliations,
      ],
    };
  }

  /**
   * Checks the shift's operations at their gateways, then reads them once more, as they now stand,
   * for what disagrees with the custody records (and for the report built from them).
   */
  async function reconcile(
    shift: ShiftRecord,
    operations: OperationRecord[],
  ): Promise<{ reconciliation: Reconciliation; after: OperationRecord[] }> {
    const { checked, unanswered } = await deps.reconciler.check(operations);
    const after = await operationsOf(store, shift);
    // Each operation's finding is its own: found a page at a time, they are the same list.
    const found: Finding[] = [];
    for (let i = 0; i < after.length; i += PAGE) {
      found.push(...findings(shift, after.slice(i, i + PAGE), deps.deskContext.get().branch));
      await turn();
    }
    return {
      reconciliation: { at: nowIso(), complete: unanswered === 0, checked, unanswered, findings: found },
      after,
    };
  }

  async function reconcileAgain(shiftId: number): Promise<ZReport> {
    const shift = store.shifts.get(shiftId);
    const z = store.shifts.z(shiftId);
    if (!shift || !z)
      throw new AgentError('not_found', refusal('shift.noZReport', { shiftId }), { field: 'shiftId' });
    if (shift.reconciled) return zReport(shiftId);
    const { reconciliation: result } = await reconcile(shift, store.shifts.operations(shift));
    if (!result.complete) {
      throw new AgentError(
        'unreachable',
        refusal('shift.notReconciled', { unanswered: result.unanswered, checked: result.checked }),
      );
    }
    store.durable(() => store.shifts.appendReconciliation(z.id, result));
    deps.log.info('shift_reconciled', { shiftId, findings: result.findings.length });
    deps.reconciled(summary(store.shifts.get(shiftId)!));
    return zReport(shiftId);
  }

  /** Reconciles a closed shift again; one pass at a time per shift. */
  function reconcileShift(shiftId: number): Promise<ZReport> {
    return perShift.shared(shiftId, () => reconcileAgain(shiftId));
  }

  return { zReport, reconcile, reconcileShift };
}

export type ZReports = ReturnType<typeof createZReports>;

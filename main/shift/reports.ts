// The X report (the shift so far) and the findings the Z report lists: where the gateway and this
// desk's custody records disagree. Built from the shift's own rows in one pass; every sum decimal.
import {
  type AuditEntry,
  type CashMovement,
  type Finding,
  type FindingKind,
  HistoryRow,
  type OpenOperation,
  type ShiftSummary,
  type TotalLine,
  type XReport,
} from '../../common/contract.ts';
import { sum } from '../../common/money.ts';
import { openReason, toView } from '../operations/view.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { ShiftRecord } from '../store/shifts.ts';
import { cashLines } from './drawer.ts';

const ROW_KEYS = Object.keys(HistoryRow.shape) as (keyof HistoryRow)[];

/** The history row of an operation: what reports keep of it (the Z report stores them as they were). */
export function toRow(op: OperationRecord): HistoryRow {
  const view = toView(op);
  return Object.fromEntries(ROW_KEYS.map((key) => [key, view[key]])) as HistoryRow;
}

const OPEN_CASH: ReadonlySet<OpenOperation['reason']> = new Set(['hand_over', 'cash_not_captured']);

export function buildXReport(
  shift: ShiftRecord,
  summary: ShiftSummary,
  operations: readonly OperationRecord[],
  movements: readonly CashMovement[],
  producedAt: string,
  audit: readonly AuditEntry[] = [],
): XReport {
  const own = ownOf(shift, operations);
  const started = own.filter((op) => op.shiftId === shift.id);
  const openCash: OpenOperation[] = [];
  const waiting: OpenOperation[] = [];
  for (const op of own) {
    const reason = openReason(op);
    if (!reason) continue;
    (OPEN_CASH.has(reason) ? openCash : waiting).push({ reason, operation: toRow(op) });
  }
  return {
    shift: summary,
    producedAt,
    float: shift.openingFloat,
    totals: totals(started),
    cash: cashLines(shift.id, shift.openingFloat, own, movements),
    movements: [...movements],
    openCash,
    waiting,
    operations: started.length,
    audit: [...audit],
  };
}

/** Operations the gateway holds, by type, method and currency. */
function totals(operations: readonly OperationRecord[]): TotalLine[] {
  const groups = new Map<string, OperationRecord[]>();
  for (const op of operations) {
    if (op.phase !== 'created') continue;
    const key = `${op.type}\n${op.methodId}\n${op.currency}`;
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  return [...groups.values()]
    .map((group) => {
      const first = group[0]!;
      const captured = group.filter((op) => op.status === 'captured');
      return {
        type: first.type,
        methodId: first.methodId,
        methodName: first.methodName,
        currency: first.currency,
        count: group.length,
        amount: sum(group.map((op) => op.amount)),
        capturedCount: captured.length,
        capturedAmount: sum(captured.map((op) => op.amount)),
      };
    })
    .sort((a, b) =>
      `${a.type} ${a.currency} ${a.methodName}`.localeCompare(`${b.type} ${b.currency} ${b.methodName}`),
    );
}

/** What a supervisor must look at before the day is done, judged against the custody records. */
export function findingOf(op: OperationRecord): FindingKind | null {
  if (op.origin !== 'counter') return null;
  if (op.phase === 'outcome_unknown' || op.phase === 'creating') return 'outcome_unknown';
  if (op.phase !== 'created') return null;
  if (op.mismatch) return 'mismatch';
  const captured = op.status === 'captured';
  if (op.type === 'payout') {
    if (captured && !op.custodyAt) return 'captured_not_handed_over';
    if (!captured && op.custodyKind === 'handed_over') return 'handed_over_not_captured';
    return null;
  }
  if (captured && !op.custodyAt) return 'captured_not_received';
  if (!captured && op.custodyKind === 'received') return 'received_not_captured';
  return null;
}

export function findings(shift: ShiftRecord, operations: readonly OperationRecord[]): Finding[] {
  return ownOf(shift, operations).flatMap((op) => {
    const kind = findingOf(op);
    return kind ? [{ kind, operation: toRow(op) }] : [];
  });
}

/** Training operations never count in a live shift, nor live ones in a training shift. */
export function ownOf(shift: ShiftRecord, operations: readonly OperationRecord[]): OperationRecord[] {
  return operations.filter((op) => op.training === shift.training);
}

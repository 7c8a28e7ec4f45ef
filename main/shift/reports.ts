// The X report (the shift so far) and the findings the Z report lists: where the gateway and this
// desk's custody records disagree. Built from the shift's own rows in one pass; every sum decimal.
// What each operation means (open cash, waiting, a finding) is main/operations/meaning.ts's answer.

import { cashLines } from '../../common/cash-rules/drawer-cash.ts';
import { completed, ownState } from '../../common/cash-rules/operation-answer.ts';
import {
  type AuditEntry,
  type CashMovement,
  type CustodyRecord,
  type Finding,
  type Handover,
  HistoryRow,
  OPEN_CASH_REASONS,
  type OpenOperation,
  type OpenReason,
  type ShiftSummary,
  type TotalLine,
  type XReport,
} from '../../common/contract.ts';
import { sum } from '../../common/money.ts';
import { type DeskContext, meaningOf, moneyRecord } from '../operations/meaning.ts';
import { toView } from '../operations/view.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { ShiftRecord } from '../store/shifts.ts';
import { operatorParts } from './operator-parts.ts';

const ROW_KEYS = Object.keys(HistoryRow.shape) as (keyof HistoryRow)[];

/** The history row of an operation: what reports keep of it (the Z report stores them as they were). */
export function toRow(op: OperationRecord, desk: DeskContext): HistoryRow {
  const view = toView(op, desk);
  return Object.fromEntries(ROW_KEYS.map((key) => [key, view[key]])) as HistoryRow;
}

/** Cash in question: listed on every report, from whichever shift, until it is settled. */
const OPEN_CASH: ReadonlySet<OpenReason> = new Set(OPEN_CASH_REASONS);

/** The shift's own desk, as its reports see it. */
export function reportDesk(shift: ShiftRecord, branch?: DeskContext['branch']): DeskContext {
  return {
    mode: shift.training ? 'training' : 'live',
    shift: { training: shift.training },
    closing: false,
    ...(branch ? { branch } : {}),
  };
}

type XReportInput = [
  shift: ShiftRecord,
  summary: ShiftSummary,
  operations: readonly OperationRecord[],
  custody: readonly CustodyRecord[],
  movements: readonly CashMovement[],
  producedAt: string,
  audit?: readonly AuditEntry[],
  handovers?: readonly Handover[],
  /** The desk's payouts released to its branch, or claimed from it (on an enrolled desk). */
  branch?: DeskContext['branch'],
];

export function buildXReport(...input: XReportInput): XReport {
  const steps = xReportSteps(...input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same report, built with a turn for other work between its steps (`turn`): at 5,000
 * operations the whole of it at once holds the event loop for tens of ms.
 */
export async function buildXReportInTurns(
  turn: () => Promise<void>,
  ...input: XReportInput
): Promise<XReport> {
  const steps = xReportSteps(...input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

/** Operations judged between two steps. */
const STEP = 250;

/** The X report's parts one after another; it yields where a turn may be taken. */
function* xReportSteps(
  shift: ShiftRecord,
  summary: ShiftSummary,
  operations: readonly OperationRecord[],
  custody: readonly CustodyRecord[],
  movements: readonly CashMovement[],
  producedAt: string,
  audit: readonly AuditEntry[] = [],
  handovers: readonly Handover[] = [],
  branch?: DeskContext['branch'],
): Generator<void, XReport> {
  const desk = reportDesk(shift, branch);
  const own = ownOf(shift, operations);
  const started = own.filter((op) => op.shiftId === shift.id);
  const openCash: OpenOperation[] = [];
  const waiting: OpenOperation[] = [];
  for (const [i, op] of own.entries()) {
    if (i % STEP === STEP - 1) yield;
    const reason = ownState(moneyRecord(op, desk)).open;
    if (!reason) continue;
    (OPEN_CASH.has(reason) ? openCash : waiting).push({ reason, operation: toRow(op, desk) });
  }
  const totalLines = yield* totals(started, desk);
  yield;
  const numbers = new Map(operations.map((op) => [op.localId, op.operationNumber]));
  const cash = cashLines(shift.openingFloat, custody, movements);
  yield;
  const parts = yield* operatorParts(shift, handovers, operations, custody, movements);
  return {
    shift: summary,
    producedAt,
    float: shift.openingFloat,
    totals: totalLines,
    cash,
    movements: [...movements],
    openCash,
    waiting,
    operations: started.length,
    reversals: custody
      .filter((record) => record.kind === 'reversal')
      .map((record) => ({ record, operationNumber: numbers.get(record.localId) ?? String(record.localId) })),
    audit: [...audit],
    handovers: [...handovers],
    parts,
  };
}

/**
 * Operations the gateway holds, by type, method and currency, each line worded and counted as
 * completed by the one answer; a step between each sum.
 */
function* totals(operations: readonly OperationRecord[], desk: DeskContext): Generator<void, TotalLine[]> {
  const groups = new Map<string, OperationRecord[]>();
  for (const op of operations) {
    if (op.phase !== 'created') continue;
    const key = `${op.type}\n${op.methodId}\n${op.currency}`;
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  const lines: TotalLine[] = [];
  for (const group of groups.values()) {
    yield;
    const first = group[0]!;
    // The answer's "completed" is this rule of the record alone: asking the whole answer of each of
    // 5,000 operations (its custody, its branch) cost a Z report a third of its time.
    const captured = group.filter(completed);
    const amount = sum(group.map((op) => op.amount));
    yield;
    lines.push({
      type: first.type,
      methodId: first.methodId,
      methodName: first.methodName,
      currency: first.currency,
      count: group.length,
      amount,
      capturedCount: captured.length,
      capturedAmount: sum(captured.map((op) => op.amount)),
      wording: meaningOf(first, desk).meaning.receipt.wording,
    });
  }
  return lines.sort((a, b) =>
    `${a.type} ${a.currency} ${a.methodName}`.localeCompare(`${b.type} ${b.currency} ${b.methodName}`),
  );
}

/** What a supervisor must look at before the day is done, judged against the custody records. */
export function findings(
  shift: ShiftRecord,
  operations: readonly OperationRecord[],
  branch?: DeskContext['branch'],
): Finding[] {
  const desk = reportDesk(shift, branch);
  return ownOf(shift, operations).flatMap((op) => {
    const kind = ownState(moneyRecord(op, desk)).finding;
    return kind ? [{ kind, operation: toRow(op, desk) }] : [];
  });
}

/** Training operations never count in a live shift, nor live ones in a training shift. */
export function ownOf(shift: ShiftRecord, operations: readonly OperationRecord[]): OperationRecord[] {
  return operations.filter((op) => op.training === shift.training);
}

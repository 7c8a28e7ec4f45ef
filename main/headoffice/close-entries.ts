// What the close means as entries: each count with its variance, the Z report with its own lines,
// open cash, reversals, every count and the supervisor's approval, and each reconciliation's
// findings (the one at the close is in the report; later ones are rows of their own). The report's
// shape is the desk's own (common/desk.ts ZReport), as stored when it was produced.

import type { Reconciliation, VarianceLine, ZReport } from '../../common/contract.ts';
import type { CountLine, FindingLine } from '../../common/journal-entry.ts';
import type { Row } from './desk-journal-repo.ts';
import { type Fact, fact, text, utc } from './fact.ts';

/** What the desk knew of its upload as a Z report was journalled. */
export type HeadOfficeNote = { waiting: number; lastReachedAt: string | null };

/** Parts a report produced before they were kept does not have. */
type Older = 'counts' | 'reversals' | 'supervisorApproved' | 'note';
type StoredZReport = Omit<ZReport, Older> & Partial<Pick<ZReport, Older>>;

const countLines = (variance: readonly VarianceLine[]): CountLine[] =>
  variance.map((v) => ({
    currency: v.currency,
    expected: v.expected,
    counted: v.counted,
    variance: v.variance,
    threshold: v.threshold,
    overThreshold: v.overThreshold,
  }));

const findingLines = (reconciliation: Reconciliation): FindingLine[] =>
  reconciliation.findings.map((f) => ({
    kind: f.kind,
    operationNumber: f.operation.operationNumber,
    type: f.operation.type,
    amount: f.operation.amount,
    currency: f.operation.currency,
  }));

export function reconciliationFact(shiftId: string, reconciliation: Reconciliation): Fact {
  return fact('reconciliation', reconciliation.at, {
    shiftId,
    at: utc(reconciliation.at),
    complete: reconciliation.complete,
    checked: reconciliation.checked,
    unanswered: reconciliation.unanswered,
    findings: findingLines(reconciliation),
  });
}

export function closeCount(row: Row): Fact[] {
  const variance = JSON.parse(String(row.variance)) as VarianceLine[];
  return [
    fact('count', row.at, {
      shiftId: text(row.shift_id),
      operator: text(row.operator),
      counted: (JSON.parse(String(row.counted)) as { currency: string; total: string }[]).map((c) => ({
        currency: c.currency,
        amount: c.total,
      })),
      expected: variance.map((v) => ({ currency: v.currency, amount: v.expected })),
      variance: countLines(variance),
    }),
  ];
}

export function zReport(row: Row, note: HeadOfficeNote): Fact[] {
  const report = JSON.parse(String(row.report)) as StoredZReport;
  const shiftId = text(row.shift_id);
  const closedAt = report.shift.closedAt ?? report.producedAt;
  const counted = new Map(report.variance.map((v) => [v.currency, v]));
  const first = report.reconciliations[0];
  return [
    fact('shift_closed', closedAt, { shiftId, operator: report.shift.operator }),
    fact('z_report', row.produced_at, {
      shiftId,
      number: report.number,
      operator: report.shift.operator,
      openedAt: utc(report.shift.openedAt),
      closedAt: utc(closedAt),
      currencies: report.cash.map((line) => ({
        currency: line.currency,
        float: line.float,
        received: line.received,
        handedOver: line.handedOver,
        returned: line.returned ?? '0.00',
        reversed: line.reversed ?? '0.00',
        movementsIn: line.added,
        movementsOut: line.removed,
        expected: line.expected,
        counted: counted.get(line.currency)?.counted ?? '0.00',
        variance: counted.get(line.currency)?.variance ?? '0.00',
      })),
      openCash: report.openCash.map(({ reason, operation }) => ({
        operationNumber: operation.operationNumber,
        type: operation.type,
        amount: operation.amount,
        currency: operation.currency,
        reason,
      })),
      headOffice: note,
      reversals: (report.reversals ?? []).map(({ record, operationNumber }) => ({
        operationNumber,
        amount: record.amount,
        currency: record.currency,
        direction: record.direction,
        supervisor: record.operator ?? 'supervisor',
        at: utc(record.at),
        reason: record.reason ?? '',
      })),
      counts: (report.counts ?? []).map((c) => ({
        at: utc(c.at),
        operator: c.operator,
        lines: countLines(c.variance),
      })),
      supervisorApproved: report.supervisorApproved ?? false,
      note: report.note ?? null,
    }),
    ...(first ? [reconciliationFact(shiftId, first)] : []),
  ];
}

/** A reconciliation made after the close, appended to its Z report. */
export function laterReconciliation(row: Row): Fact[] {
  return [reconciliationFact(text(row.shift_id), JSON.parse(String(row.result)) as Reconciliation)];
}

// What one chained row means to the head office: 0..n journal entries (kind, time, body). Live facts
// only: a row of a training shift or operation makes none. Tables the contract has no kind for (the
// name of who held the safe) make none either.
import { closeCount, type HeadOfficeNote, laterReconciliation, zReport } from './close-entries.ts';
import type { Row } from './desk-journal-repo.ts';
import { type Fact, fact, text } from './fact.ts';
import { custody, operationEvent } from './operation-entries.ts';

export type { HeadOfficeNote } from './close-entries.ts';
export type { Fact } from './fact.ts';

const live = (row: Row) => Number(row.training) === 0;
const amounts = (json: unknown) =>
  (JSON.parse(String(json)) as { currency: string; total: string }[]).map((c) => ({
    currency: c.currency,
    amount: c.total,
  }));

/** The audit row's detail as the contract's strings (numbers and flags as their text). */
function auditDetail(json: unknown): Record<string, string> {
  const detail = JSON.parse(String(json)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(detail)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [
        key,
        (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 500),
      ]),
  );
}

export function factsOf(table: string, row: Row, note: () => HeadOfficeNote): Fact[] {
  if (table === 'audit_trail') {
    return [
      fact('audit', row.at, {
        action: text(row.kind),
        actor: row.operator == null ? 'system' : text(row.operator),
        detail: auditDetail(row.detail),
      }),
    ];
  }
  if (!live(row)) return [];
  switch (table) {
    case 'operation_events':
      return operationEvent(row);
    case 'custody_records':
      return custody(row);
    case 'shifts':
      return [
        fact('shift_opened', row.opened_at, {
          shiftId: text(row.id),
          operator: text(row.operator_name),
          float: amounts(row.opening_float),
        }),
      ];
    case 'cash_movements':
      return [
        fact('cash_movement', row.at, {
          shiftId: text(row.shift_id),
          direction: row.kind === 'added' ? 'in' : 'out',
          amount: text(row.amount),
          currency: text(row.currency),
          reason: text(row.reason),
          operator: text(row.operator),
        }),
      ];
    case 'close_counts':
      return closeCount(row);
    case 'drawer_handovers':
      return [
        fact('handover', row.at, {
          shiftId: text(row.shift_id),
          fromOperator: text(row.from_operator_name),
          toOperator: text(row.to_operator_name),
          counted: amounts(row.counted),
        }),
      ];
    case 'z_reports':
      return zReport(row, note());
    case 'z_reconciliations':
      return laterReconciliation(row);
    case 'payout_releases':
      return [
        fact('payout_released', row.at, {
          operationNumber: text(row.operation_number),
          amount: text(row.amount),
          currency: text(row.currency),
          supervisor: text(row.supervisor),
        }),
      ];
    case 'payout_claims':
      return [
        fact('payout_claimed', row.at, {
          operationNumber: text(row.operation_number),
          originTerminalId: text(row.origin_terminal_id),
          amount: text(row.amount),
          currency: text(row.currency),
          operator: text(row.operator),
        }),
      ];
    default:
      return [];
  }
}

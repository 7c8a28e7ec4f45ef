// What one chained row means to the head office: 0..n journal entries (kind, time, body). Live facts
// only: a row of a training shift or operation makes none. Tables the contract has no kind for (a
// reconciliation appended to a Z report, the name of who held the safe) make none either.
import type { EntryBody, EntryKind } from '../../common/journal-entry.ts';
import type { Row } from './desk-journal-repo.ts';

export type Fact = { [K in EntryKind]: { kind: K; at: string; body: EntryBody<K> } }[EntryKind];

/** What the desk knew of its upload as a Z report was journalled. */
export type HeadOfficeNote = { waiting: number; lastReachedAt: string | null };

const text = (value: unknown) => String(value);
const utc = (value: unknown) => new Date(String(value)).toISOString();
const live = (row: Row) => Number(row.training) === 0;
const fact = <K extends EntryKind>(kind: K, at: unknown, body: EntryBody<K>) =>
  ({ kind, at: utc(at), body }) as Fact;
const amounts = (json: unknown) =>
  (JSON.parse(String(json)) as { currency: string; total: string }[]).map((c) => ({
    currency: c.currency,
    amount: c.total,
  }));

type ZReportJson = {
  number: number;
  producedAt: string;
  shift: { id: number; operator: string; openedAt: string; closedAt: string | null };
  cash: {
    currency: string;
    float: string;
    received: string;
    handedOver: string;
    returned?: string;
    added: string;
    removed: string;
    expected: string;
  }[];
  variance: { currency: string; counted: string; variance: string }[];
  openCash: {
    reason: string;
    operation: { operationNumber: string; type: 'payin' | 'payout'; amount: string; currency: string };
  }[];
};

function zReport(row: Row, note: HeadOfficeNote): Fact[] {
  const report = JSON.parse(String(row.report)) as ZReportJson;
  const shiftId = text(row.shift_id);
  const closedAt = report.shift.closedAt ?? report.producedAt;
  const counted = new Map(report.variance.map((v) => [v.currency, v]));
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
    }),
  ];
}

function operationEvent(row: Row): Fact[] {
  // Another desk's operation looked up here is that desk's to report: this desk journals only the
  // cash it moved for it (custody, a claim), never its creation or statuses.
  if (row.origin !== 'counter') return [];
  const operationNumber = text(row.operation_number);
  const status = row.status == null ? null : text(row.status);
  if (!Number(row.announced)) {
    // The operation exists for the head office from its gateway's first answer, or from the
    // moment its create's answer was lost; before that (a session, a create sent) it is nothing.
    const unknown = row.kind === 'outcome_unknown';
    if (!unknown && status === null) return [];
    const created = fact('operation_created', row.at, {
      operationNumber,
      type: row.type as 'payin' | 'payout',
      amount: text(row.amount),
      currency: text(row.currency),
      instrument: text(row.instrument_type),
      shopId: Number(row.shop_id),
      outcomeUnknown: unknown,
    });
    return status === null
      ? [created]
      : [created, fact('operation_status', row.at, { operationNumber, status })];
  }
  if (status !== null && status !== row.previous)
    return [fact('operation_status', row.at, { operationNumber, status })];
  return [];
}

function custody(row: Row): Fact[] {
  const operationNumber = text(row.operation_number);
  const money = { operationNumber, amount: text(row.amount), currency: text(row.currency) };
  const operator = row.operator == null ? 'unknown' : text(row.operator);
  switch (row.kind) {
    case 'received':
    case 'handed_over':
      return [fact('custody', row.at, { ...money, action: row.kind, operator })];
    case 'returned':
      return [fact('cash_returned', row.at, { ...money, operator })];
    default: {
      const action = row.reversed_kind;
      if (action !== 'received' && action !== 'handed_over' && action !== 'returned') return [];
      return [
        fact('custody_reversed', row.at, {
          ...money,
          action,
          supervisor: operator,
          reason: text(row.reason),
        }),
      ];
    }
  }
}

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
      return [
        fact('count', row.at, {
          shiftId: text(row.shift_id),
          operator: text(row.operator),
          counted: amounts(row.counted),
          expected: (JSON.parse(String(row.variance)) as { currency: string; expected: string }[]).map(
            (v) => ({
              currency: v.currency,
              amount: v.expected,
            }),
          ),
        }),
      ];
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

// Shifts, their cash movements, and their Z reports with the reconciliations appended later.
// Amounts stay decimal strings here; every sum is made in main/shift with common/money.ts.
import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type {
  CashMovement,
  CashMovementKind,
  CountedCurrency,
  Reconciliation,
  ShiftSummary,
} from '../../common/contract.ts';
import { transaction } from './open.ts';
import { COLUMNS, fromRow, KEYS, type OperationRecord } from './operation-record.ts';

/**
 * Kept out of the shift's reads: no report or export shows them, and they are its largest columns.
 * (The parent stays: it makes an operation a correction, which the answer about it depends on.)
 */
const UNREPORTED: ReadonlySet<keyof OperationRecord> = new Set([
  'payerRequisites',
  'methodRequisites',
  'payerDetails',
]);

export type ShiftRow = {
  id: number;
  terminalId: string;
  training: boolean;
  operatorId: number | null;
  operatorName: string;
  openedAt: string;
  openingFloat: CountedCurrency[];
  closedAt: string | null;
};

export type ZRow = { id: number; shiftId: number; number: number; report: string };

type Row = Record<string, SQLInputValue>;

// The operator is whoever holds the drawer now: the one who opened the shift, or the last one it was
// handed over to (drawer_handovers); the opener stays as opened_by.
const SHIFT_COLUMNS = `s.id, s.terminal_id, s.training, COALESCE(h.to_operator_id, s.operator_id) AS operator_id,
  COALESCE(h.to_operator_name, s.operator_name) AS operator_name, s.operator_name AS opened_by, s.opened_at,
  s.opening_float, s.closed_at, z.number AS z_number,
  CASE WHEN z.id IS NULL THEN NULL
       WHEN z.reconciled = 1 OR EXISTS (SELECT 1 FROM z_reconciliations r WHERE r.z_report_id = z.id AND r.complete = 1)
       THEN 1 ELSE 0 END AS reconciled`;
const SHIFTS = `SELECT ${SHIFT_COLUMNS} FROM shifts s LEFT JOIN z_reports z ON z.shift_id = s.id
  LEFT JOIN drawer_handovers h ON h.id = (SELECT MAX(id) FROM drawer_handovers WHERE shift_id = s.id)`;

function toShift(
  row: Row,
): ShiftRow & { openedBy: string; zNumber: number | null; reconciled: boolean | null } {
  return {
    id: Number(row.id),
    terminalId: String(row.terminal_id),
    training: Number(row.training) === 1,
    operatorId: row.operator_id == null ? null : Number(row.operator_id),
    operatorName: String(row.operator_name),
    openedBy: String(row.opened_by),
    openedAt: String(row.opened_at),
    openingFloat: JSON.parse(String(row.opening_float)) as CountedCurrency[],
    closedAt: row.closed_at == null ? null : String(row.closed_at),
    zNumber: row.z_number == null ? null : Number(row.z_number),
    reconciled: row.reconciled == null ? null : Number(row.reconciled) === 1,
  };
}

/** A cash_movements row as the movement it records. */
export function movementOf(row: Record<string, SQLOutputValue>): CashMovement {
  return {
    id: Number(row.id),
    at: String(row.at),
    kind: row.kind as CashMovementKind,
    currency: String(row.currency),
    amount: String(row.amount),
    reason: String(row.reason),
    operator: String(row.operator),
    approved: Number(row.approved) === 1,
  };
}

export function summary(row: ReturnType<typeof toShift>): ShiftSummary {
  return {
    id: row.id,
    terminalId: row.terminalId,
    training: row.training,
    operatorId: row.operatorId,
    operator: row.operatorName,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
    zNumber: row.zNumber,
    reconciled: row.reconciled,
  };
}

/** `linked`: the chain's, called beside each chained row written (main/store/chain-links.ts). */
export function createShiftsRepo(db: DatabaseSync, linked: () => void) {
  const openShift = db.prepare(`${SHIFTS} WHERE s.closed_at IS NULL`);
  const byId = db.prepare(`${SHIFTS} WHERE s.id = ?`);
  const page = db.prepare(`${SHIFTS} WHERE s.id < ? ORDER BY s.id DESC LIMIT ?`);
  const insertShift = db.prepare(`INSERT INTO shifts (terminal_id, training, operator_id, operator_name,
    opened_at, opening_float) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`);
  const closeShift = db.prepare('UPDATE shifts SET closed_at = ? WHERE id = ? AND closed_at IS NULL');
  const insertMovement = db.prepare(`INSERT INTO cash_movements (shift_id, at, kind, currency, amount,
    reason, operator, approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const listMovements = db.prepare(`SELECT id, at, kind, currency, amount, reason, operator, approved
    FROM cash_movements WHERE shift_id = ? ORDER BY id`);
  // Each half walks its own index in local_id order, with no sort; and only the columns reports and
  // the CSV use. Both halve the read, which is most of a Z report's cost at 5,000 operations.
  const columns = KEYS.filter((key) => !UNREPORTED.has(key))
    .map((key) => COLUMNS[key].column)
    .join(', ');
  // Started in the shift; then whose cash moved in it (custody records); then this desk's operations
  // of the same mode still open from any other shift (a payout captured and not handed over stays on
  // every report until it is). The last reads the partial index of open operations.
  const shiftOperations = db.prepare(`SELECT ${columns} FROM operations WHERE shift_id = ?1
    UNION ALL SELECT ${columns} FROM operations WHERE shift_id IS NOT ?1
      AND local_id IN (SELECT local_id FROM custody_records WHERE shift_id = ?1)
    UNION ALL SELECT ${columns} FROM operations WHERE open_reason IS NOT NULL AND training = ?2
      AND shift_id IS NOT ?1 AND local_id NOT IN (SELECT local_id FROM custody_records WHERE shift_id = ?1)`);
  // The same three, for reading a page at a time: the first (most of a shift) by local_id, the
  // way shiftOperations walks it; the other two, small, at once and in shiftOperations' order.
  const startedPage = db.prepare(`SELECT ${columns} FROM operations WHERE shift_id = ?
    AND local_id > ? ORDER BY local_id LIMIT ?`);
  const othersOperations = db.prepare(`SELECT ${columns} FROM operations WHERE shift_id IS NOT ?1
      AND local_id IN (SELECT local_id FROM custody_records WHERE shift_id = ?1)
    UNION ALL SELECT ${columns} FROM operations WHERE open_reason IS NOT NULL AND training = ?2
      AND shift_id IS NOT ?1 AND local_id NOT IN (SELECT local_id FROM custody_records WHERE shift_id = ?1)`);
  const nextZ = db.prepare(
    'SELECT COALESCE(MAX(number), 0) + 1 AS n FROM z_reports WHERE terminal_id = ? AND training = ?',
  );
  const insertZ = db.prepare(`INSERT INTO z_reports (shift_id, terminal_id, training, number, produced_at,
    reconciled, report) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const zByShift = db.prepare('SELECT id, shift_id, number, report FROM z_reports WHERE shift_id = ?');
  const insertReconciliation = db.prepare(
    'INSERT INTO z_reconciliations (z_report_id, at, complete, result) VALUES (?, ?, ?, ?)',
  );
  const listReconciliations = db.prepare(
    'SELECT result FROM z_reconciliations WHERE z_report_id = ? ORDER BY id',
  );
  const unreconciled = db.prepare(`SELECT shift_id FROM z_reports z WHERE z.reconciled = 0 AND NOT EXISTS
    (SELECT 1 FROM z_reconciliations r WHERE r.z_report_id = z.id AND r.complete = 1) ORDER BY z.id`);

  return {
    open: () => {
      const row = openShift.get();
      return row ? toShift(row) : undefined;
    },
    get: (id: number) => {
      const row = byId.get(id);
      return row ? toShift(row) : undefined;
    },
    list: (before: number | undefined, limit: number) =>
      page.all(before ?? Number.MAX_SAFE_INTEGER, limit).map(toShift),

    insert(input: Omit<ShiftRow, 'id' | 'closedAt'>): number {
      const row = insertShift.get(
        input.terminalId,
        input.training ? 1 : 0,
        input.operatorId,
        input.operatorName,
        input.openedAt,
        JSON.stringify(input.openingFloat),
      )!;
      linked();
      return Number(row.id);
    },

    addMovement(shiftId: number, movement: Omit<CashMovement, 'id'> & { kind: CashMovementKind }): number {
      const row = insertMovement.get(
        shiftId,
        movement.at,
        movement.kind,
        movement.currency,
        movement.amount,
        movement.reason,
        movement.operator,
        movement.approved ? 1 : 0,
      )!;
      linked();
      return Number(row.id);
    },
    movements: (shiftId: number): CashMovement[] => listMovements.all(shiftId).map(movementOf),

    /**
     * Started in the shift (oldest first), then those from other shifts whose cash moved in it, then
     * those of its mode still open; without the requisites and the parent, which no report or
     * export shows (they read as empty).
     */
    operations: (shift: Pick<ShiftRow, 'id' | 'training'>): OperationRecord[] =>
      shiftOperations.all(shift.id, shift.training ? 1 : 0).map(fromRow),

    /** Up to `limit` of the operations started in the shift after `after` (local_id): operations' first part. */
    startedAfter: (shiftId: number, after: number, limit: number): OperationRecord[] =>
      startedPage.all(shiftId, after, limit).map(fromRow),
    /** The rest of operations(): from other shifts, whose cash moved in this one or still open. */
    othersOf: (shift: Pick<ShiftRow, 'id' | 'training'>): OperationRecord[] =>
      othersOperations.all(shift.id, shift.training ? 1 : 0).map(fromRow),

    /** Closes the shift and stores its Z report under the terminal's next number, in one transaction. */
    close(
      shift: Pick<ShiftRow, 'id' | 'terminalId' | 'training'>,
      closedAt: string,
      reconciled: boolean,
      report: (number: number) => unknown,
    ): number {
      return transaction(db, () => {
        const number = Number(nextZ.get(shift.terminalId, shift.training ? 1 : 0)!.n);
        if (closeShift.run(closedAt, shift.id).changes !== 1)
          throw new Error(`shift ${shift.id} is not open`);
        insertZ.run(
          shift.id,
          shift.terminalId,
          shift.training ? 1 : 0,
          number,
          closedAt,
          reconciled ? 1 : 0,
          JSON.stringify(report(number)),
        );
        linked();
        return number;
      });
    },

    z(shiftId: number): ZRow | undefined {
      const row = zByShift.get(shiftId);
      if (!row) return undefined;
      return {
        id: Number(row.id),
        shiftId: Number(row.shift_id),
        number: Number(row.number),
        report: String(row.report),
      };
    },
    appendReconciliation(zId: number, reconciliation: Reconciliation) {
      insertReconciliation.run(
        zId,
        reconciliation.at,
        reconciliation.complete ? 1 : 0,
        JSON.stringify(reconciliation),
      );
      linked();
    },
    reconciliations: (zId: number): Reconciliation[] =>
      listReconciliations.all(zId).map((row) => JSON.parse(String(row.result)) as Reconciliation),
    /** Closed shifts whose operations were not all checked at their gateways yet. */
    unreconciled: (): number[] => unreconciled.all().map((row) => Number(row.shift_id)),
  };
}

export type ShiftsRepo = ReturnType<typeof createShiftsRepo>;
export type ShiftRecord = ReturnType<ShiftsRepo['get']> & {};

// Custody records: the cash that physically moved for an operation, append-only. A record is
// received, handed over or returned; a supervisor's correction is a reversal of one, never an edit.
// The database refuses a second standing record of a kind (migration 0006).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { CustodyRecord, CustodyRecordKind } from '../../common/contract.ts';

export type NewCustodyRecord = Omit<CustodyRecord, 'id'>;

type Row = Record<string, SQLInputValue>;

function toRecord(row: Row): CustodyRecord {
  return {
    id: Number(row.id),
    localId: Number(row.local_id),
    kind: row.kind as CustodyRecordKind,
    reverses: row.reverses == null ? null : Number(row.reverses),
    amount: String(row.amount),
    currency: String(row.currency),
    direction: Number(row.direction) as 1 | -1,
    shiftId: row.shift_id == null ? null : Number(row.shift_id),
    terminalId: String(row.terminal_id),
    operator: row.operator == null ? null : String(row.operator),
    at: String(row.at),
    reason: row.reason == null ? null : String(row.reason),
  };
}

const COLUMNS =
  'id, local_id, kind, reverses, amount, currency, direction, shift_id, terminal_id, operator, at, reason';

/** `linked`: the chain's, called beside each record written (main/store/chain-links.ts). */
export function createCustodyRepo(db: DatabaseSync, linked: () => void) {
  const insert = db.prepare(`INSERT INTO custody_records (local_id, kind, reverses, amount, currency,
    direction, shift_id, terminal_id, operator, at, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    RETURNING ${COLUMNS}`);
  const byOperation = db.prepare(`SELECT ${COLUMNS} FROM custody_records WHERE local_id = ? ORDER BY id`);
  // A record made for a non-cash operation (before only cash could have one) moves no drawer.
  const byShift = db.prepare(`SELECT ${COLUMNS.replace(/(\w+)/g, 'c.$1')} FROM custody_records c
    JOIN operations o ON o.local_id = c.local_id
    WHERE c.shift_id = ? AND o.instrument_type = 'cash' ORDER BY c.id`);
  const byShiftAfter = db.prepare(`SELECT ${COLUMNS.replace(/(\w+)/g, 'c.$1')} FROM custody_records c
    JOIN operations o ON o.local_id = c.local_id
    WHERE c.shift_id = ? AND c.id > ? AND o.instrument_type = 'cash' ORDER BY c.id LIMIT ?`);
  return {
    insert(record: NewCustodyRecord): CustodyRecord {
      const row = insert.get(
        record.localId,
        record.kind,
        record.reverses,
        record.amount,
        record.currency,
        record.direction,
        record.shiftId,
        record.terminalId,
        record.operator,
        record.at,
        record.reason,
      )!;
      linked();
      return toRecord(row);
    },
    forOperation: (localId: number): CustodyRecord[] => byOperation.all(localId).map(toRecord),
    /** Every record whose cash went into or out of the shift's drawer, reversals included. */
    forShift: (shiftId: number): CustodyRecord[] => byShift.all(shiftId).map(toRecord),
    /**
     * Up to `limit` of forShift's records after record `after`, in the same order: the records are
     * append-only with rising ids, so pages read one after another add up to forShift.
     */
    forShiftAfter: (shiftId: number, after: number, limit: number): CustodyRecord[] =>
      byShiftAfter.all(shiftId, after, limit).map(toRecord),
  };
}

export type CustodyRepo = ReturnType<typeof createCustodyRepo>;

/** The records that stand: not reversed, and not reversals themselves. */
export function standing(records: readonly CustodyRecord[]): CustodyRecord[] {
  const reversed = new Set(records.map((r) => r.reverses));
  return records.filter((r) => r.kind !== 'reversal' && !reversed.has(r.id));
}

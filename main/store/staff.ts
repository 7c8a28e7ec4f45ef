// Operators and PINs. A PIN row holds only its peppered scrypt hash, the MAC that binds it to its
// owner (main/staff/pin-book.ts), and the state of wrong tries, which outlives a restart: a
// lock-out is on disk, not in memory.
import type { DatabaseSync } from 'node:sqlite';

/** Whose PIN: the supervisor's, or an operator's. */
export type PinSubject = 'supervisor' | `operator:${number}`;

export type PinRow = {
  subject: PinSubject;
  hash: string;
  /** HMAC with the pepper over whose PIN it is and its hash; null on a row from before the pepper. */
  mac: string | null;
  setAt: string;
  failures: number;
  retryAt: string | null;
  lockedAt: string | null;
};

export type OperatorRow = { id: number; name: string; createdAt: string; removedAt: string | null };

export const operatorSubject = (id: number): PinSubject => `operator:${id}`;

export function createStaffRepo(db: DatabaseSync, now: () => string) {
  const pinColumns = `subject, hash, mac, set_at AS setAt, failures, retry_at AS retryAt,
    locked_at AS lockedAt`;
  const pinBySubject = db.prepare(`SELECT ${pinColumns} FROM pins WHERE subject = ?`);
  const allPins = db.prepare(`SELECT ${pinColumns} FROM pins ORDER BY subject`);
  const upsertPin = db.prepare(`INSERT INTO pins (subject, hash, mac, set_at, failures) VALUES (?, ?, ?, ?, 0)
    ON CONFLICT (subject) DO UPDATE SET hash = excluded.hash, mac = excluded.mac, set_at = excluded.set_at,
      failures = 0, retry_at = NULL, locked_at = NULL`);
  const rehashPin = db.prepare('UPDATE pins SET hash = ?, mac = ? WHERE subject = ? AND hash = ?');
  const sealPin = db.prepare('UPDATE pins SET mac = ? WHERE subject = ? AND hash = ? AND mac IS NULL');
  const deletePin = db.prepare('DELETE FROM pins WHERE subject = ?');
  const tries = db.prepare('UPDATE pins SET failures = ?, retry_at = ?, locked_at = ? WHERE subject = ?');
  const operatorColumns = 'id, name, created_at AS createdAt, removed_at AS removedAt';
  const activeOperators = db.prepare(
    `SELECT ${operatorColumns} FROM operators WHERE removed_at IS NULL ORDER BY name COLLATE NOCASE, id`,
  );
  const operatorById = db.prepare(`SELECT ${operatorColumns} FROM operators WHERE id = ?`);
  const insertOperator = db.prepare(
    `INSERT INTO operators (name, created_at) VALUES (?, ?) RETURNING ${operatorColumns}`,
  );
  const removeOperator = db.prepare(
    'UPDATE operators SET removed_at = ? WHERE id = ? AND removed_at IS NULL',
  );

  const asPin = (row: unknown) =>
    row ? ({ ...(row as PinRow), failures: Number((row as PinRow).failures) } as PinRow) : undefined;
  const asOperator = (row: unknown) =>
    row ? ({ ...(row as OperatorRow), id: Number((row as OperatorRow).id) } as OperatorRow) : undefined;

  return {
    pin: (subject: PinSubject): PinRow | undefined => asPin(pinBySubject.get(subject)),
    pins: (): PinRow[] => allPins.all().map((row) => asPin(row)!),
    /** A new PIN starts with a clean slate: no wrong tries, no wait, no lock-out. */
    setPin(subject: PinSubject, hash: string, mac: string) {
      upsertPin.run(subject, hash, mac, now());
    },
    /** The same PIN hashed again (with the pepper), if the row still holds the hash it was checked against. */
    rehashPin(subject: PinSubject, from: string, hash: string, mac: string) {
      rehashPin.run(hash, mac, subject, from);
    },
    /** A row from before the pepper gets its MAC, once, when the pepper is first made. */
    sealPin(subject: PinSubject, hash: string, mac: string) {
      sealPin.run(mac, subject, hash);
    },
    clearPin(subject: PinSubject) {
      deletePin.run(subject);
    },
    recordTries(
      subject: PinSubject,
      state: { failures: number; retryAt: string | null; lockedAt: string | null },
    ) {
      tries.run(state.failures, state.retryAt, state.lockedAt, subject);
    },
    operators: (): OperatorRow[] => activeOperators.all().map((row) => asOperator(row)!),
    operator: (id: number): OperatorRow | undefined => asOperator(operatorById.get(id)),
    addOperator: (name: string): OperatorRow => asOperator(insertOperator.get(name, now()))!,
    removeOperator(id: number) {
      removeOperator.run(now(), id);
    },
  };
}

export type StaffRepo = ReturnType<typeof createStaffRepo>;

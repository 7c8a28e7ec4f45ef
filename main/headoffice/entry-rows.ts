// What a chained row needs beside its own columns to become the entries the head office folds: for
// an operation event, the phase it left the operation in and what the cash rules read then (with
// the event before it, so an entry is made only for what changed); for a later reconciliation of a
// Z report, its shift. Added around the journal's repository, whose reading of a row stays its own.
import type { DatabaseSync } from 'node:sqlite';
import type { DeskJournalRepo, Row } from './journal-repo.ts';

const EXTRA_SQL: Record<string, string> = {
  operation_events: `SELECT e.phase, e.money_state,
      (SELECT p.phase FROM operation_events p WHERE p.local_id = e.local_id AND p.id < e.id
        ORDER BY p.id DESC LIMIT 1) AS previous_phase,
      (SELECT p.money_state FROM operation_events p WHERE p.local_id = e.local_id AND p.id < e.id
        ORDER BY p.id DESC LIMIT 1) AS previous_state,
      (SELECT p.status FROM operation_events p WHERE p.local_id = e.local_id AND p.id < e.id
        ORDER BY p.id DESC LIMIT 1) AS previous_status
    FROM operation_events e WHERE e.id = ?`,
};

/** Rows of chained tables the journal's repository does not read. */
const OWN_SQL: Record<string, string> = {
  z_reconciliations: `SELECT r.at, r.result, z.shift_id, z.training
    FROM z_reconciliations r JOIN z_reports z ON z.id = r.z_report_id WHERE r.id = ?`,
};

export function withEntryRows(repo: DeskJournalRepo, db: DatabaseSync): DeskJournalRepo {
  const extra = new Map(Object.entries(EXTRA_SQL).map(([table, sql]) => [table, db.prepare(sql)]));
  const own = new Map(Object.entries(OWN_SQL).map(([table, sql]) => [table, db.prepare(sql)]));
  return {
    ...repo,
    row(table: string, rowId: number): Row | undefined {
      const mine = own.get(table);
      if (mine) return mine.get(rowId);
      const row = repo.row(table, rowId);
      const more = extra.get(table);
      return row && more ? { ...row, ...more.get(rowId) } : row;
    },
  };
}

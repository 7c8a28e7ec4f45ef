// Operations for the CSV export, read a page at a time, so a year's history never sits in memory
// and no statement stays open across the writes in between (other calls go on meanwhile).
import type { DatabaseSync } from 'node:sqlite';
import { fromRow, type OperationRecord, recordColumns } from './operation-record.ts';

const PAGE = 1_000;

export function createExportRepo(db: DatabaseSync) {
  const page = db.prepare(`SELECT ${recordColumns()} FROM operations WHERE created_at >= ? AND created_at < ?
    AND (created_at, local_id) > (?, ?) ORDER BY created_at, local_id LIMIT ${PAGE}`);
  return {
    /** Oldest first, by creation time in [from, to). */
    *between(from: string, to: string): Generator<OperationRecord[]> {
      let after: [string, number] = ['', 0];
      for (;;) {
        const rows = page.all(from, to, ...after).map(fromRow);
        if (rows.length) yield rows;
        if (rows.length < PAGE) return;
        const last = rows.at(-1)!;
        after = [last.createdAt, last.localId];
      }
    },
  };
}

// The audit trail's rows: appended, never changed (the table's triggers refuse both).
import type { DatabaseSync } from 'node:sqlite';
import type { AuditEntry } from '../../common/contract.ts';
import { chainCode } from './chain-links.ts';

/** `linked`: the chain's, called beside each row written (main/store/chain-links.ts). */
export function createAuditRepo(db: DatabaseSync, linked: () => void) {
  const insert = db.prepare(
    'INSERT INTO audit_trail (at, terminal_id, operator, kind, detail) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const columns = 'id, at, terminal_id AS terminalId, operator, kind, detail';
  const page = db.prepare(`SELECT ${columns} FROM audit_trail WHERE id < ? ORDER BY id DESC LIMIT ?`);
  // In chain order: the rows linked after the last Z report's own link.
  const sinceLastZ = db.prepare(`SELECT a.id, a.at, a.terminal_id AS terminalId, a.operator, a.kind, a.detail
    FROM audit_trail a JOIN chain l ON l.tbl = ${chainCode('audit_trail')} AND l.row_id = a.id
    WHERE l.seq > COALESCE((SELECT MAX(seq) FROM chain WHERE tbl = ${chainCode('z_reports')}), 0) ORDER BY l.seq`);

  const toEntry = (row: Record<string, unknown>): AuditEntry => ({
    id: Number(row.id),
    at: String(row.at),
    terminalId: String(row.terminalId),
    operator: row.operator == null ? null : String(row.operator),
    kind: String(row.kind),
    detail: JSON.parse(String(row.detail)) as AuditEntry['detail'],
  });

  return {
    append(entry: Omit<AuditEntry, 'id'>): number {
      const row = insert.get(
        entry.at,
        entry.terminalId,
        entry.operator,
        entry.kind,
        JSON.stringify(entry.detail),
      )!;
      linked();
      return Number(row.id);
    },
    /** Newest first, before `before` (an id). */
    page: (before: number | undefined, limit: number): AuditEntry[] =>
      page.all(before ?? Number.MAX_SAFE_INTEGER, limit).map(toEntry),
    /** What changed since the last Z report was produced (everything, before the first). */
    sinceLastZ: (): AuditEntry[] => sinceLastZ.all().map(toEntry),
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;

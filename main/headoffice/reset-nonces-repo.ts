// The head-office reset codes this desk has spent: each nonce once, never removed.
import type { DatabaseSync } from 'node:sqlite';

export function createResetNoncesRepo(db: DatabaseSync) {
  const all = db.prepare('SELECT nonce FROM spent_reset_nonces');
  const insert = db.prepare('INSERT INTO spent_reset_nonces (nonce, at) VALUES (?, ?)');
  return {
    spent: (): Set<string> => new Set(all.all().map((r) => String(r.nonce))),
    spend: (nonce: string, at: string) => insert.run(nonce, at),
  };
}

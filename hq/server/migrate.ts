// Numbered SQL migrations (hq/migrations/0001-*.sql …), applied in order, each in its own
// transaction, and tracked in hq_migrations. HQ refuses to start when the table lists a migration
// the files don't have: a database migrated by a newer HQ, which this one would misread.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');
const NAME = /^\d{4}-[a-z0-9-]+\.sql$/;

export class MigrationMismatch extends Error {}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort();
  await db.exec(
    'CREATE TABLE IF NOT EXISTS hq_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = (await db.query<{ name: string }>('SELECT name FROM hq_migrations ORDER BY name')).rows.map(
    (r) => r.name,
  );
  const unknown = applied.filter((name) => !files.includes(name));
  if (unknown.length) {
    throw new MigrationMismatch(
      `The database has migrations this head office does not know (${unknown.join(', ')}): it was set up by a newer version. Start that version, or restore a backup.`,
    );
  }
  const ran: string[] = [];
  for (const file of files) {
    if (applied.includes(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      // Two HQ processes starting at once: the second waits here, then finds the row and skips.
      await tx.query('SELECT pg_advisory_xact_lock(7411)');
      const done = await tx.query('SELECT 1 FROM hq_migrations WHERE name = $1', [file]);
      if (done.rowCount) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO hq_migrations (name) VALUES ($1)', [file]);
      ran.push(file);
    });
  }
  return ran;
}

/** The statements of a migration file: split on the semicolons that end a line; our files keep no semicolon inside a statement's line end. */
function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

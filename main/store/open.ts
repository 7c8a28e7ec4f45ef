// Opens the local database and brings its schema up to date, or refuses with a clear reason.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isoNow, systemClock } from '../clock.ts';
import { createPrivateFile, PRIVATE_FOLDER_MODE } from '../private-files.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type StoreErrorKind = 'newer_version' | 'migration_mismatch' | 'unreadable';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly kind: StoreErrorKind;
  /** For 'newer_version': the schema the file holds, and the newest this app knows. */
  readonly schema: { found: number; known: number } | undefined;
  constructor(kind: StoreErrorKind, message: string, schema?: { found: number; known: number }) {
    super(message);
    this.kind = kind;
    this.schema = schema;
  }
}

/** `now`: when a migration ran, as schema_migrations keeps it. */
export function openDatabase(file: string, now: () => string = () => isoNow(systemClock)): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  createPrivateFile(file);
  let db: DatabaseSync | undefined;
  let applied: AppliedMigration[];
  try {
    db = new DatabaseSync(file);
    // Connection settings only: nothing here writes to the file.
    db.exec('PRAGMA busy_timeout = 5000');
    applied = appliedMigrations(db);
  } catch (error) {
    db?.close();
    throw new StoreError('unreadable', `The local database at ${file} cannot be opened: ${String(error)}`);
  }
  try {
    // Refuse before writing anything: even switching the journal mode rewrites the file header,
    // and a newer app's database must be left exactly as it was.
    checkCompatible(applied);
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL under WAL survives a process crash, but a power cut can lose the last commits. The
    // commits that must survive one (the write-ahead before a gateway call, a custody record) go
    // through durableTransaction, which syncs the WAL, and with it every commit before it.
    db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
    migrate(db, applied, now);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

type AppliedMigration = { version: number; name: string };

/** Read-only: a file that is not a database fails here, before anything is written to it. */
function appliedMigrations(db: DatabaseSync): AppliedMigration[] {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!table) return [];
  return db
    .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
    .all() as AppliedMigration[];
}

function checkCompatible(applied: AppliedMigration[]): void {
  const newest = applied.at(-1)?.version ?? 0;
  if (newest > MIGRATIONS.length) {
    throw new StoreError(
      'newer_version',
      `This database was written by a newer CashDesk (schema ${newest}; this app knows ${MIGRATIONS.length}). Update the app; the data is left untouched.`,
      { found: newest, known: MIGRATIONS.length },
    );
  }
  for (const row of applied) {
    if (MIGRATIONS[row.version - 1]?.name !== row.name) {
      throw new StoreError(
        'migration_mismatch',
        `Schema step ${row.version} is recorded as "${row.name}", which this app does not know. The data is left untouched.`,
      );
    }
  }
}

function migrate(db: DatabaseSync, applied: AppliedMigration[], now: () => string): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`);
  const newest = applied.at(-1)?.version ?? 0;
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  MIGRATIONS.slice(newest).forEach((migration, index) => {
    const version = newest + index + 1;
    transaction(db, () => {
      db.exec(migration.sql);
      insert.run(version, migration.name, now());
    });
  });
}

let savepoints = 0;

/** Per connection: how deep the open transactions nest, and what waits for the outermost commit. */
const commits = new WeakMap<DatabaseSync, { depth: number; waiting: { depth: number; run: () => void }[] }>();

function commitState(db: DatabaseSync) {
  let state = commits.get(db);
  if (!state) {
    state = { depth: 0, waiting: [] };
    commits.set(db, state);
  }
  return state;
}

/** All-or-nothing; nests, so a repo method can be atomic on its own and inside a larger unit. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  const name = `sp${++savepoints}`;
  const state = commitState(db);
  db.exec(`SAVEPOINT ${name}`);
  state.depth += 1;
  const depth = state.depth;
  let result: T;
  try {
    result = work();
    db.exec(`RELEASE ${name}`);
  } catch (error) {
    db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
    // What the rolled-back writes would have announced is never announced.
    state.waiting = state.waiting.filter((w) => w.depth < depth);
    throw error;
  } finally {
    state.depth -= 1;
  }
  if (state.depth === 0) {
    const waiting = state.waiting;
    state.waiting = [];
    // One listener's failure must not silence the others; the first is thrown once all have run.
    let failure: unknown;
    for (const w of waiting) {
      try {
        w.run();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }
  return result;
}

/**
 * Runs `run` once the outermost transaction around this point has committed (at once outside
 * one), and never if it rolls back: nothing is announced that is not on disk.
 */
export function afterCommit(db: DatabaseSync, run: () => void): void {
  const state = commitState(db);
  if (state.depth === 0) run();
  else state.waiting.push({ depth: state.depth, run });
}

/**
 * A transaction that is on stable storage when it returns: committed under `synchronous = FULL`,
 * which fsyncs the WAL. SQLite cannot change the level inside a transaction, so this must be the
 * outermost one; nesting it is a programming error.
 */
export function durableTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) throw new Error('A durable transaction must be the outermost one.');
  db.exec('PRAGMA synchronous = FULL');
  try {
    return transaction(db, work);
  } finally {
    db.exec('PRAGMA synchronous = NORMAL');
  }
}

// The local store: one SQLite file per data directory.
import { join } from 'node:path';
import { backup, type DatabaseSync } from 'node:sqlite';
import { isoNow, systemClock } from '../clock.ts';
import { createPrivateFile } from '../private-files.ts';
import { createAuditRepo } from './audit.ts';
import { createChainRepo } from './chain-links.ts';
import { createCustodyRepo } from './custody.ts';
import { createDrawerRepo } from './drawer.ts';
import { createExportRepo } from './export.ts';
import { afterCommit, durableTransaction, openDatabase, transaction } from './open.ts';
import { createOperationsRepo } from './operations.ts';
import { createOutboxRepo } from './outbox.ts';
import { createSettingsRepo } from './settings.ts';
import { createShiftsRepo } from './shifts.ts';
import { createStaffRepo } from './staff.ts';

export const DATABASE_FILE = 'cashdesk.sqlite';

export function createStore(dataDir: string, now: () => string = () => isoNow(systemClock)) {
  const db = openDatabase(join(dataDir, DATABASE_FILE), now);
  // First: its functions must exist before any statement that fires a chained table's trigger is prepared.
  const chain = createChainRepo(db);
  let durableCommits = 0;
  return {
    operations: createOperationsRepo(db, now, chain.linked),
    custody: createCustodyRepo(db, chain.linked),
    outbox: createOutboxRepo(db, now),
    settings: createSettingsRepo(db),
    staff: createStaffRepo(db, now),
    shifts: createShiftsRepo(db, chain.linked),
    drawer: createDrawerRepo(db, chain.linked),
    exports: createExportRepo(db),
    chain,
    audit: createAuditRepo(db, chain.linked),
    /**
     * A feature's own repository on this connection. The store builds only its own: a feature's
     * tables are the feature's to read (main/headoffice/tables.ts), so the store imports none.
     */
    repository: <R>(create: (db: DatabaseSync, linked: typeof chain.linked) => R): R =>
      create(db, chain.linked),
    transaction: <T>(work: () => T) => transaction(db, work),
    /** Runs once the outermost transaction commits (at once outside one); never after a rollback. */
    afterCommit: (run: () => void) => afterCommit(db, run),
    /** On stable storage when it returns: for what must survive a power cut. */
    durable: <T>(work: () => T) => {
      const result = durableTransaction(db, work);
      durableCommits += 1;
      return result;
    },
    /** How many commits were synced to disk (the benchmark's cost of durability). */
    durableCommits: () => durableCommits,
    /** A consistent copy of the live database (SQLite's online backup), written to `file`. */
    backup: (file: string) => {
      // Private like the database itself: SQLite writes into the file as it finds it.
      createPrivateFile(file);
      return backup(db, file);
    },
    /** One statement on the core's own connection, for the test probe: limits such as max_page_count hold per connection. */
    probeSql: (sql: string): unknown[] => db.prepare(sql).all(),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof createStore>;

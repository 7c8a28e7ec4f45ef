// The local store: one SQLite file per data directory.
import { join } from 'node:path';
import { openDatabase, transaction } from './open.ts';
import { createOperationsRepo } from './operations.ts';
import { createOutboxRepo } from './outbox.ts';
import { createSettingsRepo } from './settings.ts';

export const DATABASE_FILE = 'cashdesk.sqlite';

export function createStore(dataDir: string, now: () => string = () => new Date().toISOString()) {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  return {
    operations: createOperationsRepo(db, now),
    outbox: createOutboxRepo(db, now),
    settings: createSettingsRepo(db),
    transaction: <T>(work: () => T) => transaction(db, work),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof createStore>;

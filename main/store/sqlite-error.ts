// What a node:sqlite error at run time means for the agent. node:sqlite throws a plain Error with
// code 'ERR_SQLITE_ERROR' and SQLite's (extended) result code in `errcode`; the low byte is the
// primary code (checked against Node 24: a max_page_count cap gives 13, a read-only connection 8, a
// second connection's lock with busy_timeout 0 gives 5, an overwritten page 11).
import type { RefusalKey } from '../../common/refusal.ts';

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_NOTADB = 26;

export type StorageCause = 'full' | 'read_only' | 'corrupt' | 'busy' | 'io';

/** What the agent is told of each: every one ends with the cash rule (nothing moves until recorded). */
export const STORAGE_REFUSALS = {
  full: 'storage.full',
  read_only: 'storage.readOnly',
  corrupt: 'storage.corrupt',
  busy: 'storage.busy',
  io: 'storage.io',
} as const satisfies Record<StorageCause, RefusalKey>;

/** The cause of a node:sqlite error, or null for anything else (a constraint is a bug, not storage). */
export function storageCause(error: unknown): StorageCause | null {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_SQLITE_ERROR') return null;
  const errcode = (error as { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return null;
  switch (errcode & 0xff) {
    case SQLITE_FULL:
      return 'full';
    case SQLITE_READONLY:
      return 'read_only';
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return 'corrupt';
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return 'busy';
    case SQLITE_IOERR:
      return 'io';
    default:
      return null;
  }
}

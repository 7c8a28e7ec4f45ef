// A store on a real SQLite file in a temporary directory, and the reference search the store tests
// compare it with (matchesFilter: every match, the slow and obvious way):
//   const time = clock();
//   const store = openStore(t, undefined, time.now);
//   const pages = allPages(store, { text: 't01-', limit: 20 });
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TestContext } from 'node:test';
import Big from 'big.js';
import { amountReadings } from '../../common/amount-input.ts';
import { FAILED_STATUSES, KNOWN_STATUSES, OPEN_CASH_REASONS } from '../../common/enums.ts';
import { parseLookupInput } from '../../common/receipt-code.ts';
import { createStore, type Store } from '../../main/store/index.ts';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import type { HistoryFilter, NewOperation, OperationRecord } from '../../main/store/operations.ts';

/**
 * A database file as an older release left it: every migration up to and including `last`, each
 * recorded as applied. `prepare` runs first (the SQL functions that release's migrations called).
 */
export function databaseThrough(
  file: string,
  last: string,
  prepare?: (db: DatabaseSync) => void,
): DatabaseSync {
  const db = new DatabaseSync(file);
  prepare?.(db);
  db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL) STRICT`);
  const through = MIGRATIONS.findIndex((m) => m.name === last);
  if (through < 0) throw new Error(`no migration ${last}`);
  const applied = db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)');
  MIGRATIONS.slice(0, through + 1).forEach((migration, index) => {
    db.exec(migration.sql);
    applied.run(index + 1, migration.name, '2026-11-01T00:00:00Z');
  });
  return db;
}

/** A directory removed when the test ends. */
export function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand, so due times and created_at values are exact. */
export function clock(start = '2026-03-01T09:00:00.000Z') {
  let at = Date.parse(start);
  return {
    now: () => new Date(at).toISOString(),
    set: (iso: string) => {
      at = Date.parse(iso);
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export function openStore(t: TestContext, dir = tempDir(t), now?: () => string): Store {
  const store = createStore(dir, now);
  t.after(() => {
    try {
      store.close();
    } catch {
      // already closed by the test
    }
  });
  return store;
}

let serial = 0;
/** An operation at the first step, with a fresh number; any field may be given. */
export function newOperation(overrides: Partial<NewOperation> = {}): NewOperation {
  serial += 1;
  return {
    shopId: 1001,
    operationNumber: `T01-260301-${String(serial).padStart(4, '0')}`,
    terminalId: 'T01',
    origin: 'counter',
    type: 'payin',
    training: false,
    methodId: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
    methodName: 'Cash KZT',
    instrumentType: 'cash',
    payerId: 'P0000001',
    amount: '1500.00',
    currency: 'KZT',
    phase: 'opening',
    ...overrides,
  };
}

/**
 * Everything search reads of an operation: its number, payer ID and detail values, and a value's
 * digits run together when separators split them.
 */
function searchedFields(r: OperationRecord): string[] {
  const values = r.payerDetails.map((d) => d.value);
  const joined = values.flatMap((v) => {
    const digits = v.replace(/[ \-().+]/g, '');
    return /\d.*\D.*\d/s.test(v) && digits !== v ? [digits] : [];
  });
  return [r.operationNumber, r.payerId, ...values, ...joined].map((f) => f.toLowerCase());
}

/** Whether search finds this text in the operation. */
export function matchesText(r: OperationRecord, typed: string): boolean {
  // Control characters (a scanner's group separator, say) are not searched for; a receipt's QR
  // code is its operation number.
  const cleaned = typed.replace(/\p{Cc}/gu, '');
  const scanned = parseLookupInput(cleaned);
  const text = scanned.shopId === null ? cleaned : scanned.operationNumber;
  if (hasAmount(r, text)) return true;
  return matchesWords(r, text);
}

/** Text that reads as an amount finds the operations of that value, stored with up to 4 decimals. */
function hasAmount(r: OperationRecord, text: string): boolean {
  if (/^[A-Z0-9]{1,8}-\d{6}-\d{4,}$/.test(text.trim().toUpperCase())) return false;
  const places = r.amount.split('.')[1]?.length ?? 0;
  if (!/^\d+(\.\d+)?$/.test(r.amount) || places > 4) return false;
  return amountReadings(text).some((value) => new Big(r.amount).eq(value));
}

function matchesWords(r: OperationRecord, text: string): boolean {
  const needle = text.toLowerCase();
  const whole = text.trim();
  if (/^[A-Z0-9]{1,8}-\d{6}-\d{4,}$/.test(whole.toUpperCase())) {
    return [whole, whole.toUpperCase()].some((number) => r.operationNumber.startsWith(number));
  }
  if ([...text].length < 3) {
    return [r.operationNumber, r.payerId].some((f) => f.toLowerCase().startsWith(needle));
  }
  const fields = searchedFields(r);
  const typedPhone = needle.replace(/[ \-().+]/g, '');
  const needles =
    /^[\d \-().+]+$/.test(needle) && typedPhone !== needle && typedPhone.length >= 3
      ? [needle, typedPhone]
      : [needle];
  return fields.some((f) => needles.some((n) => f.includes(n)));
}

/** What search must find, the slow and obvious way. */
export function matchesFilter(r: OperationRecord, filter: Omit<HistoryFilter, 'limit'>): boolean {
  if (filter.text && !matchesText(r, filter.text)) return false;
  if (filter.type && r.type !== filter.type) return false;
  if (filter.status && r.status !== filter.status) return false;
  if (filter.state && !inState(r, filter.state)) return false;
  if (filter.from && r.createdAt < filter.from) return false;
  if (filter.to && r.createdAt >= filter.to) return false;
  if (filter.training !== undefined && r.training !== filter.training) return false;
  const { before } = filter;
  return (
    !before ||
    r.createdAt < before.createdAt ||
    (r.createdAt === before.createdAt && r.localId < before.localId)
  );
}

/** The history's status filter beyond a status, written apart from the store's SQL to check it against. */
function inState(r: OperationRecord, state: NonNullable<HistoryFilter['state']>): boolean {
  switch (state) {
    case 'cancelled':
      return FAILED_STATUSES.has(r.status ?? '');
    case 'unknown':
      return (
        r.status !== null &&
        !(KNOWN_STATUSES as readonly string[]).includes(r.status) &&
        !FAILED_STATUSES.has(r.status) &&
        r.final !== true
      );
    case 'not_created':
      return r.phase === 'not_created';
    case 'open_cash':
      return (OPEN_CASH_REASONS as readonly (string | null)[]).includes(r.openReason);
  }
}

/** Every page of a history search, following `before` from each page's last row. */
export function allPages(store: Store, filter: Omit<HistoryFilter, 'before'>): OperationRecord[][] {
  const pages: OperationRecord[][] = [];
  let before: HistoryFilter['before'];
  for (;;) {
    const page = store.operations.search({ ...filter, before });
    if (page.length === 0) return pages;
    pages.push(page);
    const last = page.at(-1)!;
    before = { createdAt: last.createdAt, localId: last.localId };
    // More pages than any test's operations would mean a cursor that does not move.
    assert.ok(pages.length <= 20_000, 'paging must end');
  }
}

/** The history's order: newest first, the later local_id first among equal times. */
export function newestFirst(a: OperationRecord, b: OperationRecord): number {
  return a.createdAt === b.createdAt ? b.localId - a.localId : a.createdAt < b.createdAt ? 1 : -1;
}

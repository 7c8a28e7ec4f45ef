// The local store on real SQLite files: schema setup and refusals, the append-only audit log, history
// queries with keyset paging, the outbox's one-row-per-operation rules, settings and operation numbers.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ownState } from '../../common/cash-rules/operation-answer.ts';
import { channels } from '../../common/contract.ts';
import { allocateOperationNumber } from '../../main/checkout/operation-numbers.ts';
import { createChainRepo } from '../../main/store/chain-links.ts';
import { createStore, DATABASE_FILE, type Store } from '../../main/store/index.ts';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import { openDatabase, StoreError } from '../../main/store/open.ts';
import type { HistoryFilter, OperationRecord } from '../../main/store/operations.ts';
import {
  allPages,
  clock,
  matchesFilter,
  newestFirst,
  newOperation,
  openStore,
  tempDir,
} from '../support/store.ts';

/** The file and any WAL beside it, hashed: "untouched" means every byte is the same. */
function fingerprint(file: string): string {
  const hash = createHash('sha256');
  for (const suffix of ['', '-wal', '-journal']) {
    hash.update(
      `${suffix}:${existsSync(file + suffix) ? readFileSync(file + suffix).toString('hex') : 'absent'}\n`,
    );
  }
  return hash.digest('hex');
}

function expectStoreError(kind: StoreError['kind'], ...fragments: string[]) {
  return (error: unknown) => {
    assert.ok(error instanceof StoreError, `expected a StoreError, got ${String(error)}`);
    assert.equal(error.kind, kind);
    for (const fragment of fragments) assert.match(error.message, new RegExp(fragment, 'i'));
    return true;
  };
}

describe('opening the database', () => {
  test('turns on WAL and foreign keys and records every migration', (t) => {
    const dir = tempDir(t);
    const db = openDatabase(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    assert.equal((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode, 'wal');
    assert.equal((db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys, 1);
    const rows = db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
    assert.deepEqual(
      rows.map((r) => [r.version, r.name]),
      MIGRATIONS.map((m, i) => [i + 1, m.name]),
    );
    for (const row of rows) assert.ok(!Number.isNaN(Date.parse(String(row.applied_at))));
  });

  test('re-opening applies nothing again and keeps the data', (t) => {
    const dir = tempDir(t);
    const first = createStore(dir);
    const record = first.operations.insert(newOperation(), { kind: 'session_requested' });
    first.close();
    const file = join(dir, DATABASE_FILE);
    const before = new DatabaseSync(file, { readOnly: true });
    const migrations = before.prepare('SELECT * FROM schema_migrations ORDER BY version').all();
    before.close();

    for (let i = 0; i < 3; i++) {
      const again = createStore(dir);
      assert.deepEqual(again.operations.get(record.localId), record);
      again.close();
    }
    const after = new DatabaseSync(file, { readOnly: true });
    t.after(() => after.close());
    assert.deepEqual(after.prepare('SELECT * FROM schema_migrations ORDER BY version').all(), migrations);
  });

  test('a database from before a migration is brought up to date in order', (t) => {
    const dir = tempDir(t);
    const file = join(dir, DATABASE_FILE);
    // As the first release would have left it: only migration 1 applied.
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT;
      ${MIGRATIONS[0]!.sql}`);
    old
      .prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)')
      .run(MIGRATIONS[0]!.name, '2026-01-01T00:00:00.000Z');
    old.close();
    const db = openDatabase(file);
    t.after(() => db.close());
    const rows = db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
    assert.equal(rows.length, MIGRATIONS.length);
    assert.equal(rows[0]!.applied_at, '2026-01-01T00:00:00.000Z');
  });

  for (const journal of ['wal', 'delete']) {
    test(`refuses a database written by a newer version and leaves the file untouched (${journal} journal)`, (t) => {
      const dir = tempDir(t);
      const file = join(dir, DATABASE_FILE);
      const store = createStore(dir);
      store.operations.insert(newOperation(), { kind: 'session_requested' });
      store.close();
      const newer = new DatabaseSync(file);
      newer.exec(`PRAGMA journal_mode = ${journal}`);
      newer
        .prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)')
        .run(MIGRATIONS.length + 1, '9999-from-the-future', '2030-01-01T00:00:00.000Z');
      newer.close();
      const before = fingerprint(file);

      assert.throws(
        () => createStore(dir),
        expectStoreError('newer_version', 'newer', `${MIGRATIONS.length + 1}`),
      );
      assert.throws(() => openDatabase(file), expectStoreError('newer_version', 'untouched'));
      assert.equal(fingerprint(file), before);
      const check = new DatabaseSync(file, { readOnly: true });
      t.after(() => check.close());
      assert.equal((check.prepare('SELECT COUNT(*) AS n FROM operations').get() as { n: number }).n, 1);
      assert.equal(
        (check.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
        journal,
      );
    });
  }

  test('refuses a migration it does not know by that name', (t) => {
    const dir = tempDir(t);
    const file = join(dir, DATABASE_FILE);
    createStore(dir).close();
    const other = new DatabaseSync(file);
    other.prepare('UPDATE schema_migrations SET name = ? WHERE version = 1').run('0001-someone-elses');
    other.close();
    const before = fingerprint(file);
    assert.throws(
      () => createStore(dir),
      expectStoreError('migration_mismatch', '0001-someone-elses', 'step 1'),
    );
    assert.equal(fingerprint(file), before);
  });

  test('a file that is not a database is refused as unreadable and left alone', (t) => {
    const dir = tempDir(t);
    const file = join(dir, DATABASE_FILE);
    writeFileSync(
      file,
      'not a database, just some text that is long enough to look like a header'.repeat(20),
    );
    const before = readFileSync(file);
    assert.throws(() => createStore(dir), expectStoreError('unreadable', 'cannot be opened'));
    assert.deepEqual(readFileSync(file), before);
  });
});

describe('operations and their audit log', () => {
  test('insert and update round-trip every kind of field, each logged with its phase and status', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const inserted = store.operations.insert(newOperation({ training: true }), { kind: 'session_requested' });
    assert.equal(inserted.training, true);
    assert.equal(inserted.isCorrection, false);
    assert.deepEqual(inserted.payerRequisites, []);
    assert.deepEqual(inserted.payerDetails, []);
    assert.equal(inserted.parent, null);
    assert.equal(inserted.printCount, 0);
    assert.equal(inserted.createdAt, time.now());

    time.advance(1_000);
    const patch = {
      phase: 'created' as const,
      status: 'captured',
      sessionId: 'c6f9b0e4-7a5e-4c83-9d0b-1f5c2f1f8a11',
      sessionExpiresAt: '2026-03-01T09:15:00.000Z',
      payerRequisites: [{ name: 'phone', title: 'Phone number', type: 'string' }],
      methodRequisites: [{ name: 'cashPointCode', value: 'KZ-ALA-0042' }],
      payerDetails: [{ name: 'phone', title: 'Phone number', type: 'string', value: '+7*******4567' }],
      gatewayId: '12345',
      isCorrection: true,
      parent: { operationNumber: 'T01-260228-0001', nested: [1, 'two', null] },
      settlementAmount: '3.15',
      settlementCurrency: 'USD',
      printCount: 2,
    };
    const updated = store.operations.update(inserted.localId, patch, {
      kind: 'status_changed',
      detail: 'created → captured',
    });
    assert.deepEqual({ ...updated, ...patch }, updated);
    assert.equal(updated.updatedAt, time.now());
    assert.equal(updated.createdAt, inserted.createdAt);

    // Without an event, nothing is logged: only the check time moves.
    store.operations.update(inserted.localId, { lastCheckedAt: time.now() });
    assert.deepEqual(
      store.operations.events(inserted.localId).map((e) => ({ ...e })),
      [
        { at: inserted.createdAt, kind: 'session_requested', phase: 'opening', status: null, detail: null },
        {
          at: time.now(),
          kind: 'status_changed',
          phase: 'created',
          status: 'captured',
          detail: 'created → captured',
        },
      ],
    );
    assert.deepEqual(
      store.operations.findByNumber(1001, inserted.operationNumber),
      store.operations.get(inserted.localId),
    );
    assert.equal(store.operations.findByNumber(1002, inserted.operationNumber), undefined);
    assert.throws(
      () => store.operations.update(99_999, { printCount: 1 }, { kind: 'x' }),
      /No operation 99999/,
    );
  });

  test('operation_events is append-only: UPDATE and DELETE are refused by the database', (t) => {
    const dir = tempDir(t);
    const store = openStore(t, dir);
    const record = store.operations.insert(newOperation(), { kind: 'session_requested' });
    const db = openDatabase(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    assert.throws(() => db.exec("UPDATE operation_events SET kind = 'rewritten'"), /append-only/);
    assert.throws(() => db.exec('DELETE FROM operation_events'), /append-only/);
    assert.equal(store.operations.events(record.localId).length, 1);
    assert.equal(store.operations.events(record.localId)[0]!.kind, 'session_requested');
  });

  test('foreign keys hold: an event for an operation that does not exist is refused', (t) => {
    const dir = tempDir(t);
    openStore(t, dir);
    const db = openDatabase(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    // The chain's functions, which a chained table's insert calls (elsewhere it fails on them first).
    createChainRepo(db);
    assert.throws(
      () =>
        db.exec(
          "INSERT INTO operation_events (local_id, at, kind) VALUES (999, '2026-01-01T00:00:00Z', 'x')",
        ),
      /FOREIGN KEY/,
    );
  });

  test('an operation number is unique per shop, and the failed insert logs nothing', (t) => {
    const dir = tempDir(t);
    const store = openStore(t, dir);
    const first = store.operations.insert(newOperation({ operationNumber: 'T01-260301-0001' }), {
      kind: 'a',
    });
    assert.throws(
      () => store.operations.insert(newOperation({ operationNumber: 'T01-260301-0001' }), { kind: 'b' }),
      /UNIQUE/,
    );
    const other = store.operations.insert(
      newOperation({ operationNumber: 'T01-260301-0001', shopId: 1002 }),
      {
        kind: 'c',
      },
    );
    assert.notEqual(other.localId, first.localId);
    const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    assert.deepEqual(
      db
        .prepare('SELECT kind FROM operation_events ORDER BY id')
        .all()
        .map((r) => r.kind),
      ['a', 'c'],
    );
  });

  test('a transaction is all or nothing, also when nested', (t) => {
    const store = openStore(t);
    assert.throws(() =>
      store.transaction(() => {
        store.operations.insert(newOperation(), { kind: 'one' });
        store.transaction(() => store.outbox.enqueue(1001, 'X-1', 'status'));
        throw new Error('stop');
      }),
    );
    assert.equal(store.outbox.count(), 0);
    assert.deepEqual(store.operations.search({ limit: 10 }), []);

    store.transaction(() => {
      store.operations.insert(newOperation(), { kind: 'kept' });
      assert.throws(() =>
        store.transaction(() => {
          store.outbox.enqueue(1001, 'X-2', 'status');
          throw new Error('inner only');
        }),
      );
    });
    assert.equal(store.operations.search({ limit: 10 }).length, 1);
    assert.equal(store.outbox.count(), 0);
  });

  test('unsettled() finds exactly the operations still open, through its partial index', (t) => {
    const dir = tempDir(t);
    const store = openStore(t, dir);
    const phases = [
      ['opening', null, true],
      ['session_open', null, true],
      ['creating', null, true],
      ['outcome_unknown', null, true],
      ['created', null, true],
      ['created', 'created', true],
      ['created', 'refunded', true],
      ['created', 'captured', false],
      ['session_failed', null, false],
      ['not_created', null, false],
      ['abandoned', null, false],
      ['expired', null, false],
    ] as const;
    const expected: number[] = [];
    for (const [phase, status, open] of phases) {
      // The stored answer, as the journal writes it with every change.
      const input = newOperation({ phase, status });
      const own = ownState({ ...input, origin: 'counter', released: false } as OperationRecord & {
        released: boolean;
      });
      const record = store.operations.insert(
        { ...input, final: own.final, openReason: own.open },
        { kind: 'x' },
      );
      if (open) expected.push(record.localId);
    }
    // A row written before the answer was stored is looked at too, until the start computes it.
    expected.push(store.operations.insert(newOperation({ phase: 'abandoned' }), { kind: 'x' }).localId);
    assert.deepEqual(
      store.operations
        .unsettled()
        .map((r) => r.localId)
        .sort((a, b) => a - b),
      expected,
    );
    const db = openDatabase(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    const source = readFileSync(new URL('../../main/store/operations.ts', import.meta.url), 'utf8');
    const where = /`SELECT \$\{RECORD\} FROM operations (WHERE final IS NOT 1)`/.exec(source)?.[1];
    assert.ok(where, 'the unsettled query is where it was');
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM operations ${where}`).all();
    assert.match(plan.map((r) => r.detail).join('\n'), /operations_unsettled/);
  });
});

describe('history queries', () => {
  const DAY = 86_400_000;

  /**
   * `count` operations, 20 a day, two terminals (T02 every `t02Every`-th); pairs share a timestamp, so
   * paging must break ties by localId.
   */
  function seedHistory(store: Store, time: ReturnType<typeof clock>, count = 240, t02Every = 2) {
    const records: OperationRecord[] = [];
    const statuses = ['captured', 'created', null, 'refunded'];
    for (let i = 0; i < count; i++) {
      time.set(
        new Date(Date.parse('2026-02-01T08:00:00.000Z') + Math.floor(i / 2) * (DAY / 10)).toISOString(),
      );
      const day = time.now().slice(2, 10).replaceAll('-', '');
      const status = statuses[i % 4]!;
      const record = store.operations.insert(
        newOperation({
          operationNumber: `T0${i % t02Every === 1 ? 2 : 1}-${day}-${String(i).padStart(4, '0')}`,
          type: i % 3 === 0 ? 'payout' : 'payin',
          payerId: `P${String(i % 7).padStart(7, '0')}`,
          phase: status === null ? 'abandoned' : 'created',
          status,
          training: i % 5 === 0,
        }),
        { kind: 'seeded' },
      );
      records.push(record);
    }
    return records;
  }

  /** What search must return: every match, newest first, one page. */
  function reference(records: OperationRecord[], filter: HistoryFilter): OperationRecord[] {
    return records
      .filter((r) => matchesFilter(r, filter))
      .sort(newestFirst)
      .slice(0, filter.limit);
  }

  test('by operation number: the exact number, or every number holding a fragment, newest first', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedHistory(store, time);
    const target = records[101]!;
    assert.deepEqual(
      store.operations.search({ text: target.operationNumber, limit: 50 }).map((r) => r.localId),
      [target.localId],
    );
    const prefix = target.operationNumber.slice(0, 'T02-260206'.length);
    assert.equal(prefix, 'T02-260206');
    const found = store.operations.search({ text: prefix, limit: 200 });
    assert.ok(found.length > 1);
    assert.deepEqual(found, reference(records, { text: prefix, limit: 200 }));
    assert.ok(found.every((r) => r.operationNumber.startsWith(prefix)));
    assert.deepEqual(store.operations.search({ text: 'T09-', limit: 50 }), []);
    // Wildcard characters are only characters.
    assert.deepEqual(store.operations.search({ text: 'T0%', limit: 50 }), []);
    assert.deepEqual(store.operations.search({ text: 'T0_', limit: 50 }), []);
  });

  test('by payer ID: that payer, or every payer ID holding a fragment, newest first', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedHistory(store, time);
    const found = store.operations.search({ text: 'P0000003', limit: 200 });
    assert.equal(found.length, records.filter((r) => r.payerId === 'P0000003').length);
    assert.deepEqual(found, reference(records, { text: 'P0000003', limit: 200 }));
    const fragment = store.operations.search({ text: 'p000000', limit: 200 });
    assert.equal(new Set(fragment.map((r) => r.payerId)).size, 7, 'a fragment finds every payer holding it');
    assert.deepEqual(fragment, reference(records, { text: 'p000000', limit: 200 }));
  });

  test('by type, status and date range: newest first, `to` exclusive, `from` inclusive', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedHistory(store, time);
    const from = records[40]!.createdAt;
    const to = records[120]!.createdAt;
    const filter = { type: 'payin' as const, status: 'captured', from, to, limit: 200 };
    const found = store.operations.search(filter);
    assert.deepEqual(found, reference(records, filter));
    assert.ok(found.length > 5);
    assert.ok(
      found.every(
        (r) => r.type === 'payin' && r.status === 'captured' && r.createdAt >= from && r.createdAt < to,
      ),
    );
    assert.ok(!found.some((r) => r.createdAt === to));
  });

  /** Random filters, paged with random page sizes, against the reference. */
  function checkPaging(
    store: Store,
    records: OperationRecord[],
    texts: string[],
    numRuns: number,
    maxLimit: number,
  ) {
    const times = records.map((r) => r.createdAt);
    const filter = fc.record(
      {
        text: fc.constantFrom(...texts),
        type: fc.constantFrom('payin' as const, 'payout' as const),
        status: fc.constantFrom('captured', 'created', 'refunded'),
        from: fc.constantFrom(...times),
        to: fc.constantFrom(...times),
        training: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filter, fc.integer({ min: 1, max: maxLimit }), (f, limit) => {
        const pages = allPages(store, { ...f, limit });
        const rows = pages.flat();
        assert.deepEqual(
          rows.map((r) => r.localId),
          reference(records, { ...f, limit: records.length }).map((r) => r.localId),
        );
        assert.equal(new Set(rows.map((r) => r.localId)).size, rows.length);
        for (const page of pages.slice(0, -1)) assert.equal(page.length, limit);
      }),
      { numRuns },
    );
  }

  test('keyset paging over ties: no row skipped or repeated, for any filter and page size', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedHistory(store, time);
    checkPaging(store, records, ['P0000002', 'T01-', 't02-2602', 'T01-260203', '0-0', 'p0', 't'], 150, 37);
  });

  test('the same holds when a number prefix matches more than 5,000 operations', (t) => {
    // Past 5,000 matches the store walks an index newest first instead of sorting every match: T01
    // holds 19 operations in 20, so its prefix and the whole history's both pass that, in half the
    // operations two terminals taking turns would need.
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = store.transaction(() => seedHistory(store, time, 5_300, 20));
    assert.ok(records.filter((r) => r.operationNumber.startsWith('T01-')).length > 5_000);
    checkPaging(store, records, ['T0', 't01-', 'T02-2603', 'P0000004', 'p'], 20, 400);
  });

  test('paging through everything with no filter visits each operation once', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedHistory(store, time);
    const rows = allPages(store, { limit: 50 }).flat();
    assert.equal(rows.length, records.length);
    assert.deepEqual(
      rows.map((r) => r.localId),
      reference(records, { limit: records.length }).map((r) => r.localId),
    );
  });
});

describe('outbox', () => {
  test('one row per operation: enqueueing twice keeps one, the stronger reason and the earlier due time', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const { outbox } = store;
    const at = (ms: number) => new Date(Date.parse(time.now()) + ms).toISOString();

    outbox.enqueue(1001, 'N-1', 'status', at(5_000));
    outbox.enqueue(1001, 'N-1', 'status', at(60_000));
    assert.equal(outbox.count(), 1);
    assert.equal(outbox.nextDueAt(), at(5_000), 'a later due time does not postpone it');
    outbox.enqueue(1001, 'N-1', 'status', at(1_000));
    assert.equal(outbox.nextDueAt(), at(1_000), 'an earlier one brings it forward');

    const order = ['status', 'agent', 'resolve'] as const;
    for (const [i, first] of order.entries()) {
      for (const [j, second] of order.entries()) {
        const number = `R-${first}-${second}`;
        outbox.enqueue(1002, number, first);
        outbox.enqueue(1002, number, second);
        time.advance(1);
        const entry = outbox.due(100).find((e) => e.operationNumber === number);
        assert.equal(entry?.reason, order[Math.max(i, j)], `${first} then ${second}`);
      }
    }
    // The same number in another shop is another operation.
    outbox.enqueue(1002, 'N-1', 'status');
    assert.equal(outbox.count(), 2 + order.length ** 2);
  });

  test('due, reschedule, remove, count and retryFailedNow', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const { outbox } = store;
    const at = (ms: number) => new Date(Date.parse(time.now()) + ms).toISOString();

    outbox.enqueue(1001, 'A', 'status', at(0));
    outbox.enqueue(1001, 'B', 'resolve', at(-5_000));
    outbox.enqueue(1001, 'C', 'agent', at(10_000));
    assert.equal(outbox.count(), 3);
    assert.deepEqual(
      outbox.due(10).map((e) => e.operationNumber),
      ['B', 'A'],
      'only what is due, the most overdue first',
    );
    assert.deepEqual(
      outbox.due(1).map((e) => e.operationNumber),
      ['B'],
    );
    assert.deepEqual(
      { ...outbox.due(10)[0] },
      {
        shopId: 1001,
        operationNumber: 'B',
        reason: 'resolve',
        attempts: 0,
        dueAt: at(-5_000),
        lastError: null,
        waiting: null,
      },
    );

    // A lease: pushed out, no attempt counted.
    outbox.reschedule(1001, 'B', { dueAt: at(300_000), error: null, reason: 'resolve', addAttempt: false });
    // A failure: pushed out, counted, remembered.
    outbox.reschedule(1001, 'A', {
      dueAt: at(30_000),
      error: 'unreachable',
      reason: 'status',
      addAttempt: true,
    });
    assert.deepEqual(outbox.due(10), []);
    assert.equal(outbox.nextDueAt(), at(10_000));

    outbox.retryFailedNow();
    const due = outbox.due(10);
    assert.deepEqual(
      due.map((e) => [e.operationNumber, e.attempts, e.lastError]),
      [['A', 1, 'unreachable']],
      'only failed entries come forward; the lease and the not-yet-due agent lookup stay',
    );

    outbox.remove(1001, 'A');
    outbox.remove(1001, 'does-not-exist');
    assert.equal(outbox.count(), 2);
    time.advance(10_000);
    assert.deepEqual(
      outbox.due(10).map((e) => e.operationNumber),
      ['C'],
    );
    outbox.remove(1001, 'B');
    outbox.remove(1001, 'C');
    assert.equal(outbox.count(), 0);
    assert.equal(outbox.nextDueAt(), null);
  });

  test('the outbox survives a restart', (t) => {
    const dir = tempDir(t);
    const first = createStore(dir);
    first.outbox.enqueue(1001, 'KEEP-1', 'resolve');
    first.close();
    const again = openStore(t, dir);
    assert.equal(again.outbox.count(), 1);
    assert.equal(again.outbox.due(10)[0]?.operationNumber, 'KEEP-1');
  });
});

describe('settings', () => {
  test('values round-trip as JSON, are replaced, deleted and survive a restart', (t) => {
    const dir = tempDir(t);
    const store = createStore(dir);
    assert.equal(store.settings.get('missing'), undefined);
    const values: [string, unknown][] = [
      ['object', { mode: 'live', shops: [{ id: 1001, name: 'Магазин № 1' }], kiosk: false }],
      ['array', ['a', 1, null, true]],
      ['string', 'text with "quotes" and \\ backslash'],
      ['number', 42.5],
      ['null', null],
    ];
    for (const [key, value] of values) store.settings.set(key, value);
    store.settings.set('number', 7);
    store.settings.delete('array');
    store.close();

    const again = openStore(t, dir);
    assert.deepEqual(again.settings.get('object'), values[0]![1]);
    assert.equal(again.settings.get('string'), values[2]![1]);
    assert.equal(again.settings.get('number'), 7);
    assert.equal(again.settings.get('null'), null);
    assert.equal(again.settings.get('array'), undefined);
  });
});

describe('operation numbers', () => {
  const FORMAT = /^T01-(\d{6})-(\d{4,})$/;

  test('<terminal>-<yymmdd>-<seq>: unique, in order, and acceptable to the lookup contract', (t) => {
    const store = openStore(t);
    const day = new Date('2026-11-22T10:00:00.000Z');
    const numbers = Array.from({ length: 120 }, () => allocateOperationNumber(store, 'T01', 1001, day));
    assert.equal(new Set(numbers).size, numbers.length);
    assert.equal(numbers[0], 'T01-261122-0001');
    assert.equal(numbers[119], 'T01-261122-0120');
    for (const number of numbers) {
      assert.match(number, FORMAT);
      assert.ok(
        channels['lookup.byNumber'].request.safeParse({ shopId: 1001, operationNumber: number }).success,
      );
    }
  });

  test('a new day starts a new sequence; the date is UTC', (t) => {
    const store = openStore(t);
    assert.equal(
      allocateOperationNumber(store, 'T01', 1001, new Date('2026-11-22T23:59:59.000Z')),
      'T01-261122-0001',
    );
    assert.equal(
      allocateOperationNumber(store, 'T01', 1001, new Date('2026-11-23T00:00:00.000Z')),
      'T01-261123-0001',
    );
  });

  test('is never reused: not after a restart, not when the number is already stored', (t) => {
    const dir = tempDir(t);
    const day = new Date('2026-11-22T10:00:00.000Z');
    const first = createStore(dir);
    const a = allocateOperationNumber(first, 'T01', 1001, day);
    first.close();
    const store = openStore(t, dir);
    const b = allocateOperationNumber(store, 'T01', 1001, day);
    assert.notEqual(a, b);

    // A restored database holds numbers ahead of the counter: they are skipped, not collided with.
    store.settings.delete('operation_sequence');
    for (const number of ['T01-261122-0001', 'T01-261122-0002', 'T01-261122-0003']) {
      store.operations.insert(newOperation({ operationNumber: number }), { kind: 'restored' });
    }
    const c = allocateOperationNumber(store, 'T01', 1001, day);
    assert.equal(c, 'T01-261122-0004');
    store.operations.insert(newOperation({ operationNumber: c }), { kind: 'stored' });
    assert.equal(allocateOperationNumber(store, 'T01', 1001, day), 'T01-261122-0005');
  });
});

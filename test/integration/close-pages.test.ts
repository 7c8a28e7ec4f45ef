// The close reads a shift a page at a time (main/shift/paged.ts) and builds its X part in steps
// (buildXReportInTurns), giving other work turns between: what it reads and builds must be exactly
// what the reads and the report made at once give; and the chain, checked in pages at the close
// too, finds a break wherever it is. A shift of more than two pages, with operations
// of another shift whose cash moved in it and others still open from before.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { checkChain } from '../../main/audit/chain-guard.ts';
import { custodyOf, operationsOf, PAGE } from '../../main/shift/paged.ts';
import { buildXReport, buildXReportInTurns } from '../../main/shift/reports.ts';
import { DATABASE_FILE, type Store } from '../../main/store/index.ts';
import { summary } from '../../main/store/shifts.ts';
import { newOperation, openStore, tempDir } from '../support/store.ts';

const FLOAT = [{ currency: 'KZT', total: '50000.00', denominations: null }];

function shiftOf(store: Store, openedAt: string): number {
  return store.shifts.insert({
    terminalId: 'T01',
    training: false,
    operatorId: null,
    operatorName: 'Aigerim',
    openedAt,
    openingFloat: FLOAT,
  });
}

function operation(
  store: Store,
  shiftId: number,
  i: number,
  overrides: Parameters<typeof newOperation>[0] = {},
) {
  const type = i % 3 === 0 ? 'payout' : 'payin';
  return store.operations.insert(
    newOperation({
      type,
      phase: 'created',
      status: i % 7 === 0 ? 'created' : 'captured',
      amount: `${1000 + i}.50`,
      shiftId,
      operator: 'Aigerim',
      ...overrides,
    }),
    { kind: 'created' },
  );
}

function custody(store: Store, localId: number, shiftId: number, i: number) {
  return store.custody.insert({
    localId,
    kind: i % 3 === 0 ? 'handed_over' : 'received',
    reverses: null,
    amount: `${1000 + i}.50`,
    currency: 'KZT',
    direction: i % 3 === 0 ? -1 : 1,
    shiftId,
    terminalId: 'T01',
    operator: 'Aigerim',
    at: `2026-03-02T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
    reason: null,
  });
}

/** Two shifts: the first left open payouts and cash recorded later; the second has 2.5 pages. */
function seeded(t: Parameters<typeof openStore>[0]) {
  const store = openStore(t);
  const earlier = shiftOf(store, '2026-03-01T09:00:00.000Z');
  const carried = store.transaction(() =>
    Array.from({ length: 6 }, (_, i) =>
      operation(store, earlier, i, { type: 'payout', openReason: i % 2 ? 'hand_over' : null }),
    ),
  );
  const first = store.shifts.get(earlier)!;
  store.shifts.close(first, '2026-03-01T21:00:00.000Z', true, () => ({}));
  const shiftId = shiftOf(store, '2026-03-02T09:00:00.000Z');
  store.transaction(() => {
    for (let i = 0; i < PAGE * 2.5; i++) {
      const op = operation(store, shiftId, i);
      if (i % 5 !== 0) custody(store, op.localId, shiftId, i);
    }
    // Cash of the earlier shift's operations handed over in this one.
    custody(store, carried[0]!.localId, shiftId, 0);
    custody(store, carried[1]!.localId, shiftId, 3);
  });
  return { store, shift: store.shifts.get(shiftId)! };
}

test('a shift read a page at a time is the shift read at once, and other work has turns between the pages', async (t) => {
  const { store, shift } = seeded(t);
  const atOnce = store.shifts.operations(shift);
  assert.ok(atOnce.length > PAGE * 2.5, 'operations of the earlier shift are in the read');
  assert.ok(
    atOnce.some((op) => op.shiftId !== shift.id && op.openReason !== null),
    'an earlier shift’s open operation is in the read',
  );
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  const paged = await operationsOf(store, shift);
  assert.equal(turned, true, 'the read gave the event loop a turn');
  assert.deepEqual(paged, atOnce);

  const records = store.custody.forShift(shift.id);
  assert.ok(records.length > PAGE * 2);
  assert.deepEqual(await custodyOf(store, shift.id), records);
});

test('custody records read before, with those written since, are the records read now', async (t) => {
  const { store, shift } = seeded(t);
  const before = store.custody.forShift(shift.id);
  const late = operation(store, shift.id, 9_001);
  custody(store, late.localId, shift.id, 9_001);
  const now = await custodyOf(store, shift.id, before);
  assert.equal(now.length, before.length + 1);
  assert.deepEqual(now, store.custody.forShift(shift.id));
});

test('the X report built in steps, with turns between, is the X report built at once', async (t) => {
  const { store, shift } = seeded(t);
  const operations = store.shifts.operations(shift);
  const records = store.custody.forShift(shift.id);
  const movements = store.shifts.movements(shift.id);
  const input = [shift, summary(shift), operations, records, movements, '2026-03-02T20:00:00.000Z'] as const;
  let turns = 0;
  const stepped = await buildXReportInTurns(
    async () => {
      turns += 1;
    },
    ...input,
  );
  assert.ok(turns > 3, `${turns} turns`);
  const atOnce = buildXReport(...input);
  assert.ok(atOnce.openCash.length + atOnce.waiting.length > 0, 'the report lists open operations');
  assert.deepEqual(stepped, atOnce);
});

test('the chain checked a page at a time finds a row changed beyond the first page, and rows deleted across pages', async (t) => {
  const dir = tempDir(t);
  const store = openStore(t, dir);
  const key = randomBytes(32);
  store.chain.setKey(key);
  const shiftId = shiftOf(store, '2026-03-02T09:00:00.000Z');
  store.transaction(() => {
    for (let i = 0; i < 2_600; i++) operation(store, shiftId, i);
  });
  const whole = await checkChain(store, key);
  assert.deepEqual(whole?.findings, []);
  assert.ok(whole.links > 2_600);

  const db = new DatabaseSync(join(dir, DATABASE_FILE));
  t.after(() => db.close());
  db.exec('DROP TRIGGER operation_events_no_update; DROP TRIGGER operation_events_no_delete');
  db.prepare("UPDATE operation_events SET detail = '{}' WHERE id = ?").run(1_700);
  // Links 1,000 to 1,003 (the shift is link 1): across the first page's end.
  db.prepare('DELETE FROM operation_events WHERE id BETWEEN ? AND ?').run(999, 1_002);
  const found = await checkChain(store, key);
  assert.deepEqual(found?.findings, [
    "The database's guard operation_events_no_update, which keeps operation_events from being changed, was removed.",
    "The database's guard operation_events_no_delete, which keeps operation_events from being changed, was removed.",
    'Row 999 of operation_events was deleted.',
    'Row 1000 of operation_events was deleted.',
    'Row 1001 of operation_events was deleted.',
    'Row 1002 of operation_events was deleted.',
    'Row 1700 of operation_events was changed after it was written.',
  ]);
});

// Custody as append-only records, and the journal that writes every change: cash received for a
// payin the gateway then cancels is given back once and leaves the drawer; a supervisor's reversal
// is a new record that makes the custody due again and moves the drawer back; nothing is announced
// before its transaction commits; and the lifecycle and the database refuse what they do not know.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import type { AppError, AttentionReason, OperationView, Result } from '../../common/contract.ts';
import { systemClock } from '../../main/clock.ts';
import { LifecycleError } from '../../main/operations/lifecycle.ts';
import { createJournal } from '../../main/operations/operation-journal.ts';
import { createChainRepo } from '../../main/store/chain-links.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { checkout, type Harness, SHOP, startHarness } from '../support/core.ts';
import { goLive, SUPERVISOR_PIN } from '../support/desk.ts';
import { newOperation, openStore, tempDir } from '../support/store.ts';

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

const history = (h: Harness, localId: number) => h.call('history.get', { localId });
const shiftCount = async (h: Harness) => (await h.call('shift.list', { limit: 100 })).shifts.length;
const kzt = async (h: Harness) => (await h.call('shift.report', {})).cash.find((c) => c.currency === 'KZT');

describe('cash in hand when the gateway says no', () => {
  test('is given back once, leaves the drawer, and then the operation is settled', async (t) => {
    const h = await startHarness(t);
    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    await h.call('checkout.recordCash', { localId: payin.localId, action: 'received' });
    assert.ok(h.sandbox.setStatus(SHOP, payin.operationNumber, 'cancelled'));
    const due = await h.waitFor(
      'operation.changed',
      (v) => v.localId === payin.localId && v.cash === 'return',
    );
    assert.equal(due.meaning.open, 'return_cash');
    assert.equal(due.meaning.finding, 'return_cash');
    assert.deepEqual(due.meaning.custody, { action: 'returned', refused: null });
    const tray = (await h.call('history.open', {})).rows.filter((r) => r.operation.localId === payin.localId);
    assert.deepEqual(
      tray.map((r) => r.reason),
      ['return_cash'],
    );
    await h.waitFor(
      'operation.attention',
      (a) => a.operation.localId === payin.localId && a.reason === 'return_cash',
    );
    assert.equal((await kzt(h))?.expected, '5000.00');

    const given = await h.call('checkout.recordCash', { localId: payin.localId, action: 'returned' });
    assert.equal(given.cash, 'none');
    assert.equal(given.meaning.open, null);
    assert.equal(given.returned?.operator, 'Training');
    const again = await h.call('checkout.recordCash', { localId: payin.localId, action: 'returned' });
    // The same view (only the time of the last lookup may have moved meanwhile).
    assert.deepEqual({ ...again, lastCheckedAt: null }, { ...given, lastCheckedAt: null });
    const { custody } = await history(h, payin.localId);
    assert.deepEqual(
      custody.map((r) => [r.kind, r.direction, r.amount]),
      [
        ['received', 1, '5000'],
        ['returned', -1, '5000'],
      ],
    );
    const line = await kzt(h);
    assert.equal(line?.received, '5000.00');
    assert.equal(line?.returned, '5000.00');
    assert.equal(line?.expected, '0.00');
    assert.deepEqual(
      (await h.call('history.open', {})).rows.filter((r) => r.operation.localId === payin.localId),
      [],
      'still in the tray',
    );
    const x = await h.call('shift.report', {});
    assert.ok(![...x.openCash, ...x.waiting].some((o) => o.operation.localId === payin.localId));
  });
});

describe('a supervisor reverses a custody record', () => {
  test('in training without a PIN: a reversal record, custody due again, the drawer follows', async (t) => {
    const h = await startHarness(t);
    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    const received = await h.call('checkout.recordCash', { localId: payin.localId });
    assert.equal(received.meaning.reversible, true);
    assert.equal((await kzt(h))?.expected, '5000.00');

    const reversed = await h.call('custody.reverse', {
      localId: payin.localId,
      reason: 'took it for the wrong payer',
    });
    assert.equal(reversed.custody, null);
    assert.equal(reversed.cash, 'accept', 'custody is due again');
    assert.deepEqual(reversed.meaning.custody, { action: 'received', refused: null });
    assert.equal(reversed.meaning.reversible, false);
    const { custody, events } = await history(h, payin.localId);
    const [first, reversal] = custody;
    assert.equal(custody.length, 2);
    assert.equal(first?.kind, 'received');
    assert.equal(reversal?.kind, 'reversal');
    assert.equal(reversal?.reverses, first?.id);
    assert.equal(reversal?.direction, -1);
    assert.equal(reversal?.reason, 'took it for the wrong payer');
    assert.ok(
      events.some((e) => e.kind === 'custody_reversed' && e.detail?.endsWith('took it for the wrong payer')),
    );
    const x = await h.call('shift.report', {});
    const line = x.cash.find((c) => c.currency === 'KZT');
    assert.deepEqual([line?.received, line?.reversed, line?.expected], ['5000.00', '-5000.00', '0.00']);
    assert.deepEqual(
      x.reversals.map((r) => [r.record.id, r.operationNumber]),
      [[reversal?.id, payin.operationNumber]],
    );

    // The same record twice: the channel refuses, and so does the database (on a copy of it).
    const shifts = await shiftCount(h);
    const twice = refusal(await h.invoke('custody.reverse', { localId: payin.localId, reason: 'again' }));
    assert.equal(twice.kind, 'conflict');
    assert.match(twice.message, /no custody record of this desk to reverse/);
    assert.equal((await history(h, payin.localId)).custody.length, 2);
    assert.equal(await shiftCount(h), shifts);
    const live = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
    const copyFile = join(tempDir(t), 'copy.sqlite');
    await backup(live, copyFile);
    live.close();
    const copy = new DatabaseSync(copyFile);
    t.after(() => copy.close());
    // Rows reach the chained tables only with the chain's functions, as the app's own connection has.
    createChainRepo(copy);
    assert.throws(
      () =>
        copy
          .prepare(`INSERT INTO custody_records (local_id, kind, reverses, amount, currency, direction, shift_id,
            terminal_id, operator, at, reason) VALUES (?, 'reversal', ?, '5000', 'KZT', -1, ?, 'T01', 'x', ?, 'again')`)
          .run(payin.localId, first!.id, first!.shiftId, new Date().toISOString()),
      /reversed once/,
    );

    // Due again: recorded again, as a new record.
    const recorded = await h.call('checkout.recordCash', { localId: payin.localId });
    assert.equal(recorded.custody?.kind, 'received');
    assert.equal((await history(h, payin.localId)).custody.length, 3);
    assert.equal((await kzt(h))?.expected, '5000.00');
  });

  test('on a desk with a supervisor PIN, only with the PIN', async (t) => {
    const h = await startHarness(t);
    const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
    await goLive(
      h.invoke,
      { ...settings, gatewayUrl: h.sandbox.url },
      { tokens: [{ shopId: SHOP, token: h.sandbox.token }] },
    );
    await h.call('supervisor.lock', {});
    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    assert.equal(payin.training, false);
    await h.call('checkout.recordCash', { localId: payin.localId });

    const shifts = await shiftCount(h);
    const noPin = refusal(
      await h.invoke('custody.reverse', { localId: payin.localId, reason: 'wrong payer' }),
    );
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    assert.match(noPin.message, /Reversing a custody record needs the supervisor PIN/);
    const wrongPin = refusal(
      await h.invoke('custody.reverse', {
        localId: payin.localId,
        reason: 'wrong payer',
        supervisorPin: '51739264',
      }),
    );
    assert.equal(wrongPin.kind, 'pin_refused');
    assert.equal((await history(h, payin.localId)).custody.length, 1, 'a refused reversal wrote something');
    assert.equal(await shiftCount(h), shifts);
    assert.equal((await kzt(h))?.expected, '5000.00');

    const reversed = await h.call('custody.reverse', {
      localId: payin.localId,
      reason: 'wrong payer',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(reversed.cash, 'accept');
    const { custody, events } = await history(h, payin.localId);
    assert.deepEqual(
      custody.map((r) => r.kind),
      ['received', 'reversal'],
    );
    assert.ok(events.some((e) => e.kind === 'custody_reversed' && e.detail?.includes('with the supervisor')));
    assert.equal((await kzt(h))?.reversed, '-5000.00');
  });
});

/** A real store and journal, with what it announces and logs kept for the test. */
function journalOn(t: Parameters<typeof openStore>[0], dir = tempDir(t)) {
  const store = openStore(t, dir);
  const announced: OperationView[] = [];
  const attention: AttentionReason[] = [];
  const logged: { event: string; detail: unknown }[] = [];
  const journal = createJournal({
    store,
    log: { error: (event: string, detail: unknown = {}) => logged.push({ event, detail }) },
    desk: () => ({ mode: 'training', shift: { training: true }, closing: false }),
    announce: (view) => announced.push(view),
    attention: (reason) => attention.push(reason),
    clock: systemClock,
  });
  return { store, journal, announced, attention, logged };
}

describe('the journal', () => {
  test('announces a change only once its outermost transaction commits', (t) => {
    const { store, journal, announced } = journalOn(t);
    const op = journal.insert(newOperation({ training: true }), { kind: 'session_requested' });
    assert.equal(announced.length, 1, 'an insert outside a transaction is announced at once');
    announced.length = 0;

    assert.throws(
      () =>
        store.transaction(() => {
          journal.save(op.localId, {}, { kind: 'session_opened' });
          throw new Error('rolled back');
        }),
      /rolled back/,
    );
    assert.equal(announced.length, 0, 'a rolled-back change was announced');
    assert.equal(store.operations.get(op.localId)?.phase, 'opening');

    store.transaction(() => {
      journal.save(op.localId, {}, { kind: 'session_opened' });
      assert.equal(announced.length, 0, 'announced before the outer transaction committed');
    });
    assert.deepEqual(
      announced.map((r) => [r.localId, r.phase]),
      [[op.localId, 'session_open']],
    );
  });

  test('refuses a transition the lifecycle does not allow, writes nothing and logs it', (t) => {
    const { store, journal, announced, logged } = journalOn(t);
    const op = journal.insert(newOperation({ phase: 'created', status: 'created' }), { kind: 'created' });
    const events = store.operations.events(op.localId);
    announced.length = 0;
    assert.throws(
      () => journal.save(op.localId, { lastErrorKind: 'x' }, { kind: 'create_sent' }),
      (error) => error instanceof LifecycleError && error.from === 'created' && error.event === 'create_sent',
    );
    assert.deepEqual(store.operations.events(op.localId), events);
    assert.deepEqual(store.operations.get(op.localId), op);
    assert.deepEqual(announced, []);
    assert.deepEqual(logged, [
      { event: 'lifecycle_refused', detail: { localId: op.localId, from: 'created', event: 'create_sent' } },
    ]);
  });

  test('the database refuses an unknown phase, custody columns that leave their records, and edits of records', (t) => {
    const dir = tempDir(t);
    const { store, journal } = journalOn(t, dir);
    const op = journal.insert(newOperation({ phase: 'created', status: 'created' }), { kind: 'created' });
    const at = new Date().toISOString();
    store.transaction(() => {
      store.custody.insert({
        localId: op.localId,
        kind: 'received',
        reverses: null,
        amount: op.amount,
        currency: op.currency,
        direction: 1,
        shiftId: null,
        terminalId: 'T01',
        operator: 'Aigerim',
        at,
        reason: null,
      });
      journal.save(op.localId, { custodyKind: 'received', custodyAt: at }, { kind: 'cash_received' });
    });
    const db = new DatabaseSync(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    const refused: [string, RegExp][] = [
      ["UPDATE operations SET phase = 'bogus'", /phase the lifecycle does not know/],
      [`UPDATE operations SET custody_at = NULL WHERE local_id = ${op.localId}`, /as its records say/],
      ["UPDATE custody_records SET amount = '1'", /append-only/],
      ['DELETE FROM custody_records', /append-only/],
    ];
    for (const [sql, reason] of refused) assert.throws(() => db.exec(sql), reason, sql);
    assert.equal(store.operations.get(op.localId)?.custodyAt, at);
    assert.equal(store.custody.forOperation(op.localId).length, 1);
  });
});

describe('the database on its own', () => {
  test('refuses a second standing custody record written straight into it, whatever the app does', (t) => {
    const dir = tempDir(t);
    const { store, journal } = journalOn(t, dir);
    const op = journal.insert(newOperation({ phase: 'created', status: 'created' }), { kind: 'created' });
    const first = store.custody.insert({
      localId: op.localId,
      kind: 'received',
      reverses: null,
      amount: op.amount,
      currency: op.currency,
      direction: 1,
      shiftId: null,
      terminalId: 'T01',
      operator: 'Aigerim',
      at: new Date().toISOString(),
      reason: null,
    });
    const db = new DatabaseSync(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    // Rows reach the chained tables only with the chain's functions, as the app's own connection has.
    createChainRepo(db);
    const insert =
      db.prepare(`INSERT INTO custody_records (local_id, kind, reverses, amount, currency, direction,
      shift_id, terminal_id, operator, at, reason) VALUES (?, ?, ?, ?, 'KZT', ?, NULL, 'T01', 'x', ?, ?)`);
    const record = (
      kind: string,
      direction: number,
      reverses: number | null = null,
      reason: string | null = null,
    ) => insert.run(op.localId, kind, reverses, op.amount, direction, new Date().toISOString(), reason);

    // Received and handed over are one kind: while one stands, neither goes in again.
    for (const [kind, direction] of [
      ['received', 1],
      ['handed_over', -1],
    ] as const) {
      assert.throws(() => record(kind, direction), { message: 'custody is recorded once' }, kind);
    }
    assert.equal(store.custody.forOperation(op.localId).length, 1);

    // Once the standing record is reversed, the same insert is accepted: the refusal was the rule's.
    record('reversal', -1, first.id, 'taken for the wrong payer');
    record('received', 1);
    assert.deepEqual(
      store.custody.forOperation(op.localId).map((r) => r.kind),
      ['received', 'reversal', 'received'],
    );
  });
});

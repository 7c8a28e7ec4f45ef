// The agent's day on a real core, sandbox and SQLite file: a shift is opened by an operator's PIN
// with a counted float, every operation and custody record carries it, cash movements need the
// supervisor, the X report adds up, the close counts the drawer and produces a numbered Z report
// that never changes, and the desk's lock hides the desk without losing what is in progress.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, type TestContext, test } from 'node:test';
import type { AppError, Result } from '../../common/contract.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import {
  checkout,
  foreignOperation,
  type Harness,
  type HarnessOptions,
  METHODS,
  openSession,
  requisitesFor,
  SHOP,
  startHarness,
  until,
  withDesk,
} from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

/** Live at the sandbox (as the live gateway too), with an operator but no shift yet. */
async function liveDesk(h: Harness, terminalId = 'T07'): Promise<number> {
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  await h.call('settings.save', {
    ...rest,
    terminalId,
    gatewayUrl: h.sandbox.url,
    supervisorPin: SUPERVISOR_PIN,
  });
  await h.call('settings.setMode', { mode: 'live' });
  await h.call('settings.setToken', { shopId: SHOP, token: h.sandbox.token, supervisorPin: SUPERVISOR_PIN });
  const operator = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
  await h.call('supervisor.lock', {});
  return operator.id;
}

async function liveShift(t: TestContext, options: HarnessOptions = {}) {
  const h = await startHarness(t, options);
  const operatorId = await liveDesk(h);
  await h.call('shift.open', { operatorId, pin: OPERATOR_PIN, float: [] });
  return { h, operatorId };
}

/** A cash payin the desk must refuse to start; its error. */
async function refusedSession(h: Harness): Promise<AppError> {
  return refusal(
    await h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '5000',
      payerId: 'p1',
    }),
  );
}

const cashOf = async (h: Harness, currency: string) =>
  (await h.call('shift.current', {})).cash.find((c) => c.currency === currency)?.expected;

describe('training', () => {
  test('a training shift opens by itself; operations, custody, receipts and prints carry it', async (t) => {
    const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-printed-')), sharedPrintPage);
    t.after(() => printer.close());
    const h = await startHarness(t, { printer });
    assert.equal((await h.call('desk.state', {})).shift, null);
    const view = await checkout(h, { type: 'payin', amount: '5000' });
    assert.equal(view.operator, 'Training');
    assert.ok(view.shiftId);
    const state = await h.call('desk.state', {});
    assert.equal(state.shift?.training, true);
    assert.equal(state.shift?.id, view.shiftId);
    assert.equal(state.operator, null, 'nobody signed in: nothing to lock');

    const recorded = await h.call('checkout.recordCash', { localId: view.localId });
    assert.equal(recorded.custody?.operator, 'Training');
    const printed = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
    assert.deepEqual(printed.result, { printed: true });
    const { events } = await h.call('history.get', { localId: view.localId });
    assert.ok(events.some((e) => e.kind === 'receipt_printed' && e.detail === 'original, by Training'));
    assert.ok(events.some((e) => e.kind === 'cash_received' && e.detail === '5000 KZT by Training'));
    assert.equal(await cashOf(h, 'KZT'), '5000.00');

    const rows = (await h.call('history.search', { limit: 10 })).rows;
    assert.equal(rows[0]?.operator, 'Training');
  });
});

describe('Live', () => {
  test('no operation outside a shift, and the gateway hears nothing of it', async (t) => {
    const h = await startHarness(t);
    await liveDesk(h);
    h.sandbox.resetRequests();
    const error = await refusedSession(h);
    assert.equal(error.kind, 'conflict');
    assert.match(error.message, /No shift is open/);
    assert.equal(h.sandbox.requests().length, 0);
    assert.equal(refusal(await h.invoke('shift.report', {})).kind, 'conflict');
  });

  test('open with PIN and float, custody and movements drive the expected cash, close with a Z report', async (t) => {
    const h = await startHarness(t);
    const operatorId = await liveDesk(h);

    const wrong = refusal(await h.invoke('shift.open', { operatorId, pin: '9513', float: [] }));
    assert.equal(wrong.kind, 'pin_refused');
    const badNote = refusal(
      await h.invoke('shift.open', {
        operatorId,
        pin: OPERATOR_PIN,
        float: [{ currency: 'KZT', denominations: [{ value: '300', count: 1 }] }],
      }),
    );
    assert.equal(badNote.kind, 'validation');
    assert.equal(badNote.field, 'float.0.denominations.0.value');

    const opened = await h.call('shift.open', {
      operatorId,
      pin: OPERATOR_PIN,
      float: [
        {
          currency: 'KZT',
          denominations: [
            { value: '10000', count: 2 },
            { value: '1000', count: 5 },
          ],
        },
        { currency: 'TRY', total: '150.50' },
      ],
    });
    assert.deepEqual(opened.operator, { id: operatorId, name: 'Aigerim' });
    assert.equal(opened.locked, false);
    assert.equal(opened.shift?.training, false);
    assert.equal(opened.shift?.terminalId, 'T07');
    assert.equal(
      refusal(await h.invoke('shift.open', { operatorId, pin: OPERATOR_PIN, float: [] })).kind,
      'conflict',
    );
    assert.equal(await cashOf(h, 'KZT'), '25000.00');
    assert.equal(await cashOf(h, 'TRY'), '150.50');

    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    assert.equal(payin.operator, 'Aigerim');
    assert.equal(payin.training, false);
    await h.call('checkout.recordCash', { localId: payin.localId });
    const payout = await checkout(h, { type: 'payout', amount: '2000' });
    h.sandbox.capture(SHOP, payout.operationNumber);
    await h.waitFor('operation.changed', (v) => v.localId === payout.localId && v.cash === 'hand_over');
    const handed = await h.call('checkout.recordCash', { localId: payout.localId });
    assert.equal(handed.custody?.operator, 'Aigerim');
    const tryOut = await checkout(h, { type: 'payout', amount: '100.25', methodId: METHODS.cashTryOut });
    h.sandbox.capture(SHOP, tryOut.operationNumber);
    await h.waitFor('operation.changed', (v) => v.localId === tryOut.localId && v.cash === 'hand_over');
    await h.call('checkout.recordCash', { localId: tryOut.localId });
    assert.equal(await cashOf(h, 'KZT'), '28000.00');
    assert.equal(await cashOf(h, 'TRY'), '50.25');

    // Cash to the safe: a reason, and the supervisor's PIN in the same request.
    const movement = { kind: 'removed', currency: 'KZT', amount: '10000', reason: 'to the safe' } as const;
    const noPin = refusal(await h.invoke('shift.cashMovement', movement));
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    assert.equal(
      refusal(await h.invoke('shift.cashMovement', { ...movement, supervisorPin: '51739' })).kind,
      'pin_refused',
    );
    const moved = await h.call('shift.cashMovement', { ...movement, supervisorPin: SUPERVISOR_PIN });
    assert.equal(moved.movement.approved, true);
    assert.equal(moved.movement.operator, 'Aigerim');
    assert.equal(moved.cash.find((c) => c.currency === 'KZT')?.expected, '18000.00');
    const tooMuch = refusal(
      await h.invoke('shift.cashMovement', {
        ...movement,
        amount: '18000.01',
        supervisorPin: SUPERVISOR_PIN,
      }),
    );
    assert.deepEqual([tooMuch.kind, tooMuch.field], ['validation', 'amount']);
    await h.call('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '500',
      reason: 'change from the safe',
      supervisorPin: SUPERVISOR_PIN,
    });

    const x = await h.call('shift.report', {});
    assert.equal(x.operations, 3);
    assert.deepEqual(
      x.cash.find((c) => c.currency === 'KZT'),
      {
        currency: 'KZT',
        float: '25000.00',
        received: '5000.00',
        handedOver: '2000.00',
        returned: '0.00',
        reversed: '0.00',
        added: '500.00',
        removed: '10000.00',
        expected: '18500.00',
      },
    );
    assert.deepEqual(
      x.totals.map((l) => [l.type, l.currency, l.count, l.amount, l.capturedCount]),
      [
        ['payin', 'KZT', 1, '5000.00', 0],
        ['payout', 'KZT', 1, '2000.00', 1],
        ['payout', 'TRY', 1, '100.25', 1],
      ],
    );
    // The payin reads created and its cash was received: open cash, not yet captured.
    assert.deepEqual(
      x.openCash.map((o) => [o.reason, o.operation.localId]),
      [['cash_not_captured', payin.localId]],
    );
    assert.equal(x.movements.length, 2);
    h.sandbox.capture(SHOP, payin.operationNumber);

    const counted = [
      { currency: 'KZT', total: '17900' },
      { currency: 'TRY', total: '50.25' },
    ];
    const preview = await h.call('shift.previewClose', { counted });
    assert.equal(preview.needsApproval, true);
    assert.deepEqual(preview.variance[0], {
      currency: 'KZT',
      expected: '18500.00',
      counted: '17900.00',
      variance: '-600.00',
      threshold: '500.00',
      overThreshold: true,
    });
    // 400 short is within KZT's 500; but the first count stays, and the close still needs the supervisor.
    const recount = await h.call('shift.previewClose', {
      counted: [counted[1]!, { currency: 'KZT', total: '18100' }],
    });
    assert.equal(recount.variance[0]!.overThreshold, false);
    assert.equal(recount.needsApproval, true);
    // A threshold of the desk's own for KZT: 600 short is then within it.
    const desk = (await h.call('desk.state', {})).settings;
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    await h.call(
      'settings.save',
      await withDesk(h, { ...desk, varianceThresholds: [{ currency: 'KZT', amount: '600' }] }),
    );
    assert.equal((await h.call('shift.previewClose', { counted })).variance[0]!.overThreshold, false);
    await h.call('settings.save', await withDesk(h, desk));
    await h.call('supervisor.lock', {});
    const missing = refusal(await h.invoke('shift.close', { counted: [counted[0]!] }));
    assert.deepEqual([missing.kind, missing.field], ['validation', 'counted']);
    const noNote = refusal(await h.invoke('shift.close', { counted }));
    assert.deepEqual([noNote.kind, noNote.field], ['validation', 'note']);
    const noApproval = refusal(await h.invoke('shift.close', { counted, note: 'short by 600' }));
    assert.deepEqual([noApproval.kind, noApproval.field], ['locked', 'supervisorPin']);
    assert.ok((await h.call('desk.state', {})).shift, 'a refused close leaves the shift open');

    const z = await h.call('shift.close', { counted, note: 'short by 600', supervisorPin: SUPERVISOR_PIN });
    assert.equal(z.number, 1);
    assert.equal(z.supervisorApproved, true);
    assert.equal(z.note, 'short by 600');
    assert.equal(z.shift.zNumber, 1);
    assert.ok(z.shift.closedAt);
    assert.equal(z.reconciliations.length, 1);
    assert.equal(z.reconciliations[0]!.complete, true);
    assert.equal(z.reconciliations[0]!.checked, 3);
    assert.deepEqual(z.reconciliations[0]!.findings, []);
    assert.deepEqual(z.openCash, [], 'the reconciliation read the payin captured');
    assert.deepEqual(
      z.variance.map((v) => [v.currency, v.variance]),
      [
        ['KZT', '-600.00'],
        ['TRY', '0.00'],
      ],
    );

    const after = await h.call('desk.state', {});
    assert.deepEqual([after.operator, after.shift, after.locked], [null, null, false]);
    const closed = await refusedSession(h);
    assert.equal(closed.kind, 'conflict');

    // The next shift's Z report is number 2; the list is newest first; the first never changes.
    await h.call('shift.open', { operatorId, pin: OPERATOR_PIN, float: [{ currency: 'KZT', total: '0' }] });
    const second = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '0' }] });
    assert.equal(second.number, 2);
    const list = await h.call('shift.list', { limit: 1 });
    assert.deepEqual(
      list.shifts.map((s) => [s.zNumber, s.reconciled]),
      [[2, true]],
    );
    assert.deepEqual(
      (await h.call('shift.list', { limit: 5, before: list.next! })).shifts.map((s) => s.zNumber),
      [1],
    );
    assert.deepEqual(await h.call('shift.zReport', { shiftId: z.shift.id }), z);

    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
    t.after(() => db.close());
    for (const sql of [
      "UPDATE z_reports SET report = '{}'",
      'DELETE FROM z_reports',
      "UPDATE cash_movements SET amount = '1'",
      "UPDATE shifts SET closed_at = '2000-01-01T00:00:00.000Z'",
      "UPDATE shifts SET opening_float = '[]' WHERE id = 1",
      'DELETE FROM shifts',
      `UPDATE operations SET shift_id = ${second.shift.id} WHERE local_id = ${payin.localId}`,
      `UPDATE operations SET custody_shift_id = ${second.shift.id} WHERE local_id = ${payin.localId}`,
      `UPDATE operations SET custody_at = NULL, custody_kind = NULL WHERE local_id = ${payin.localId}`,
      "UPDATE custody_records SET amount = '1'",
      'DELETE FROM custody_records',
    ]) {
      assert.throws(
        () => db.exec(sql),
        /append-only|only closes|never deleted|keeps the shift|recorded once/,
        sql,
      );
    }
  });

  test('turning Live on needs a supervisor PIN and the desk’s own terminal ID, and ends the training shift', async (t) => {
    const h = await startHarness(t);
    const { settings } = await h.call('app.getState', {});
    const { mode: _mode, ...rest } = settings;
    await h.call('settings.save', { ...rest, gatewayUrl: h.sandbox.url });
    const noPin = refusal(await h.invoke('settings.setMode', { mode: 'live' }));
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    const guessable = refusal(await h.invoke('supervisor.setPin', { pin: '1234' }));
    assert.deepEqual([guessable.kind, guessable.field], ['validation', 'pin']);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const defaultId = refusal(await h.invoke('settings.setMode', { mode: 'live' }));
    assert.deepEqual([defaultId.kind, defaultId.field], ['validation', 'terminalId']);
    await h.call('settings.save', { ...rest, gatewayUrl: h.sandbox.url, terminalId: 'K2' });

    // A training shift is open: turning Live on ends it in the same step, with no count to enter
    // (no real cash is in it), so a Live shift opens next.
    await checkout(h, { type: 'payin', amount: '1500' });
    assert.equal((await h.call('settings.setMode', { mode: 'live' })).settings.mode, 'live');

    const back = refusal(
      await h.invoke('settings.save', { ...rest, gatewayUrl: h.sandbox.url, terminalId: 'T01' }),
    );
    assert.deepEqual([back.kind, back.field], ['validation', 'terminalId']);
    // Training's Z reports are numbered apart from Live's.
    const operator = await h.call('operators.add', { name: 'Dmitry', pin: OPERATOR_PIN });
    await h.call('shift.open', { operatorId: operator.id, pin: OPERATOR_PIN, float: [] });
    const renamed = refusal(
      await h.invoke('settings.save', { ...rest, gatewayUrl: h.sandbox.url, terminalId: 'K3' }),
    );
    assert.deepEqual([renamed.kind, renamed.field], ['conflict', 'terminalId']);
    assert.equal((await h.call('shift.close', { counted: [] })).number, 1);
  });

  test('a refused duplicate number tells the supervisor the terminal ID may be in use at another desk', async (t) => {
    const { h } = await liveShift(t);
    const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
    // Another desk with the same terminal ID got there first.
    await foreignOperation(h.sandbox, `T07-${day}-0001`);
    const error = await refusedSession(h);
    assert.equal(error.kind, 'conflict');
    assert.equal(error.field, 'terminalId');
    assert.match(error.message, /terminal ID T07 may be in use at another desk/);
    // The number is spent; the next one goes through.
    assert.equal((await checkout(h, { amount: '5000' })).operationNumber, `T07-${day}-0002`);
  });
});

describe('the close', () => {
  /** The supervisor's PIN check at close takes ~4 times as long as at the counter: room for cash to land in it. */
  const SLOW_PIN = { N: 2 ** 15, r: 8, p: 4 };

  test('cash recorded during the supervisor’s PIN check is in the Z report’s expected cash and variance', async (t) => {
    const { h } = await liveShift(t);
    // Only the close's check is slow: the supervisor's PIN hashed again with slow parameters, which
    // travel with the hash (hashing every PIN of the day with them cost some 3 s of CPU).
    await h.restart({ day: { pinHash: SLOW_PIN } });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN, currentPin: SUPERVISOR_PIN });
    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    const closing = h.invoke('shift.close', {
      counted: [{ currency: 'KZT', total: '100000' }],
      note: 'counted twice',
      supervisorPin: SUPERVISOR_PIN,
    });
    // The try is counted on disk before the hash is compared: the check is under way.
    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    await until(
      () => db.prepare("SELECT failures FROM pins WHERE subject = 'supervisor'").get()?.failures === 1,
      'the close to be checking the supervisor PIN',
    );
    const recorded = await h.invoke('checkout.recordCash', { localId: payin.localId });
    assert.ok(recorded.ok, `the cash was refused during the PIN check: ${JSON.stringify(recorded)}`);
    const result = await closing;
    assert.ok(result.ok, JSON.stringify(result));
    const z = result.value;
    assert.equal(z.cash.find((line) => line.currency === 'KZT')?.expected, '5000.00');
    const kzt = z.variance.find((line) => line.currency === 'KZT');
    assert.deepEqual([kzt?.expected, kzt?.counted, kzt?.variance], ['5000.00', '100000.00', '95000.00']);
    assert.equal(z.supervisorApproved, true);
  });
  test('while the shift closes, no cash moves in it: custody and cash movements are refused in plain words', async (t) => {
    const { h } = await liveShift(t);
    const first = await checkout(h, { type: 'payin', amount: '5000' });
    await h.call('checkout.recordCash', { localId: first.localId });
    const late = await checkout(h, { type: 'payin', amount: '3000' });
    // The reconciliation at the gateway is the close's long wait: it is held open here.
    h.sandbox.inject('getOperation', { kind: 'delay', ms: 600 }, 2);
    const closing = h.invoke('shift.close', { counted: [{ currency: 'KZT', total: '5000' }] });
    const custody = refusal(await h.invoke('checkout.recordCash', { localId: late.localId }));
    assert.equal(custody.kind, 'conflict');
    assert.match(custody.message, /The shift is closing: no cash moves in it now/);
    const movement = refusal(
      await h.invoke('shift.cashMovement', {
        kind: 'added',
        currency: 'KZT',
        amount: '1000',
        reason: 'change from the safe',
        supervisorPin: SUPERVISOR_PIN,
      }),
    );
    assert.equal(movement.kind, 'conflict');
    assert.match(movement.message, /The shift is closing: no cash moves in it now/);
    const result = await closing;
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.value.cash.find((line) => line.currency === 'KZT')?.expected, '5000.00');
    assert.equal(result.value.variance.find((line) => line.currency === 'KZT')?.variance, '0.00');
  });
});

describe('the desk lock', () => {
  test('on demand: the desk is hidden, the operation in progress goes on, the same PIN unlocks', async (t) => {
    const { h } = await liveShift(t);
    const session = await openSession(h, { type: 'payin', amount: '5000' });
    const locked = await h.call('desk.lock', {});
    assert.equal(locked.locked, true);
    assert.equal(refusal(await h.invoke('history.search', {})).kind, 'locked');
    const refused = refusal(
      await h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: requisitesFor(session),
      }),
    );
    assert.deepEqual([refused.kind, refused.field], ['locked', 'desk']);
    assert.equal((await h.call('desk.touch', {})).locked, true, 'a touch does not unlock');
    assert.equal(refusal(await h.invoke('desk.unlock', { pin: '9513' })).kind, 'pin_refused');
    assert.equal((await h.call('desk.unlock', { pin: OPERATOR_PIN })).locked, false);
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(created.phase, 'created');
  });

  test('when idle, and after a restart; the supervisor may unlock too', async (t) => {
    const { h } = await liveShift(t, { day: { idleLockMs: 150 } });
    await h.waitFor('desk.changed', (s) => s.locked, 3_000);
    assert.equal(refusal(await h.invoke('shift.report', {})).kind, 'locked');
    await h.call('desk.unlock', { pin: SUPERVISOR_PIN, as: 'supervisor' });
    const view = await checkout(h, { type: 'payin', amount: '5000' });

    await h.restart();
    const state = await h.call('desk.state', {});
    assert.deepEqual([state.locked, state.operator?.name], [true, 'Aigerim']);
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    assert.equal((await h.call('history.get', { localId: view.localId })).operation.operator, 'Aigerim');
  });
});

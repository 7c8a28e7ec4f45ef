// What an operation means, decided once (main/operations/meaning.ts), asserted through the channels
// of a real core on a real sandbox: no shift opens by itself, open cash follows the desk from shift
// to shift, training money never meets Live cash, only a cash instrument moves cash, a payout whose
// cash went out and then was cancelled is the supervisor's, a mismatch or a correction holds, every
// change the gateway makes is kept, an operation never created may be started again, and every
// channel gives the same answer, before and after a restart.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  AppError,
  OpenOperation,
  OperationView,
  Result,
  XReport,
  ZReport,
} from '../../common/contract.ts';
import { testClock } from '../support/clock.ts';
import {
  checkout,
  foreignOperation,
  type Harness,
  METHODS,
  openSession,
  REQUISITE_VALUES,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';
import { goLive, SUPERVISOR_PIN } from '../support/desk.ts';

/** Shop 1001's non-cash methods (docs/sandbox.md). */
const BANK_GEL_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000205';

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

const get = async (h: Harness, localId: number) => (await h.call('history.get', { localId })).operation;
const custodyOf = async (h: Harness, localId: number) => (await h.call('history.get', { localId })).custody;
const eventsOf = async (h: Harness, localId: number) => (await h.call('history.get', { localId })).events;
const drawer = async (h: Harness) => (await h.call('shift.current', {})).cash;
const shiftIds = async (h: Harness) => (await h.call('shift.list', { limit: 100 })).shifts.map((s) => s.id);

/** Custody refused: in plain words, and nothing written (no custody record, no shift opened). */
async function cashRefused(h: Harness, request: { localId: number; action?: 'returned' }, words: RegExp) {
  const records = (await custodyOf(h, request.localId)).length;
  const shifts = await shiftIds(h);
  const error = refusal(await h.invoke('checkout.recordCash', request));
  assert.equal(error.kind, 'conflict');
  assert.match(error.message, words);
  assert.equal((await custodyOf(h, request.localId)).length, records, 'a refused custody wrote a record');
  assert.deepEqual(await shiftIds(h), shifts, 'a refused custody opened a shift');
}

/** Reasons a report lists the operation under, in openCash or waiting. */
const listed = (rows: readonly OpenOperation[], localId: number) =>
  rows.filter((o) => o.operation.localId === localId).map((o) => o.reason);
const findingsOf = (z: ZReport, localId: number) =>
  z.reconciliations
    .at(-1)!
    .findings.filter((f) => f.operation.localId === localId)
    .map((f) => f.kind);

/** The gateway's replies to lookups of a number, rewritten as the test says (one fault for all). */
function gatewaySays(h: Harness) {
  const changes = new Map<string, (data: { operation: Record<string, unknown>; parent: unknown }) => void>();
  h.sandbox.inject(
    'getOperation',
    {
      kind: 'mutate',
      mutate: (reply) => {
        const data = (reply as { data?: { operation?: Record<string, unknown>; parent: unknown } }).data;
        const number = data?.operation?.operationNumber;
        if (typeof number === 'string') changes.get(number)?.(data as never);
        return reply;
      },
    },
    Number.POSITIVE_INFINITY,
  );
  return changes;
}

/**
 * The `gateway_changed` events that name a field. (The sandbox masks payer details on reads, as the
 * gateway does, so the first lookup after a create keeps that change too.)
 */
const changesOf = async (h: Harness, localId: number, field: string) =>
  (await eventsOf(h, localId)).flatMap((e) =>
    e.kind === 'gateway_changed' && e.detail?.split(', ').includes(field) ? [e.detail] : [],
  );

/** The agent's refresh: a lookup is queued, and its answer arrives as an event. */
async function refreshed(h: Harness, localId: number, until: (v: OperationView) => boolean) {
  await h.call('history.refresh', { localId });
  return h.waitFor('operation.changed', (v) => v.localId === localId && until(v));
}

async function capturedPayout(h: Harness, options: { methodId?: string; amount?: string } = {}) {
  const view = await checkout(h, { type: 'payout', ...options });
  assert.ok(h.sandbox.capture(SHOP, view.operationNumber));
  return h.waitFor('operation.changed', (v) => v.localId === view.localId && v.status === 'captured');
}

const payoutOf = (amount: string) => ({
  shopId: SHOP,
  operationType: 'payout',
  paymentMethodId: METHODS.cashKztOut,
  amount,
  payerId: 'payer-1',
});

const cashPayin = {
  shopId: SHOP,
  operationType: 'payin',
  paymentMethodId: METHODS.cashKztIn,
  amount: '5000',
  payerId: 'payer-1',
} as const;

describe('no shift opens by itself', () => {
  test('in training with no shift, nothing starts and no cash is recorded until a shift is started', async (t) => {
    const h = await startHarness(t);
    const heard = h.sandbox.requests().length;
    const noSession = refusal(await h.core.invoke('checkout.openSession', cashPayin));
    assert.equal(noSession.kind, 'conflict');
    assert.match(noSession.message, /Start a training shift first/);
    assert.equal(h.sandbox.requests().length, heard, 'the gateway heard of it');
    assert.deepEqual(await shiftIds(h), [], 'a shift opened by itself');
    assert.equal((await h.call('shift.current', {})).shift, null);

    // Shift 1, started by hand (the harness's Start training), closed with a payin and a payout due.
    const payin = await checkout(h, { type: 'payin' });
    const payout = await checkout(h, { type: 'payout' });
    const z1 = await h.call('shift.close', { counted: [] });
    assert.deepEqual(listed(z1.waiting, payout.localId), ['waiting']);
    assert.deepEqual(listed(z1.waiting, payin.localId), ['take_cash']);
    const shifts = await shiftIds(h);
    assert.deepEqual(shifts, [z1.shift.id]);

    const due = await get(h, payin.localId);
    assert.equal(due.cash, 'accept');
    assert.deepEqual(due.meaning.custody, { action: null, refused: 'no_shift' });
    await cashRefused(h, { localId: payin.localId }, /^Sign in to open a shift first/);
    assert.deepEqual(await custodyOf(h, payin.localId), []);

    // Captured after the close: due, but with no shift open custody is refused.
    h.sandbox.capture(SHOP, payout.operationNumber);
    const captured = await h.waitFor(
      'operation.changed',
      (v) => v.localId === payout.localId && v.cash === 'hand_over',
    );
    assert.deepEqual(captured.meaning.custody, { action: null, refused: 'no_shift' });
    await cashRefused(h, { localId: payout.localId }, /^Sign in to open a shift first/);
    assert.deepEqual(await custodyOf(h, payout.localId), []);
    assert.deepEqual(await shiftIds(h), shifts);

    const opened = await h.call('shift.openTraining', {});
    const shift2 = opened.shift!.id;
    assert.notEqual(shift2, z1.shift.id);
    const handed = await h.call('checkout.recordCash', { localId: payout.localId });
    assert.equal(handed.custody?.kind, 'handed_over');
    assert.deepEqual(
      (await custodyOf(h, payout.localId)).map((r) => [r.kind, r.shiftId]),
      [['handed_over', shift2]],
    );
    const x2 = await h.call('shift.report', {});
    const kzt = x2.cash.find((c) => c.currency === 'KZT');
    assert.equal(kzt?.handedOver, '5000.00');
    assert.equal(kzt?.expected, '-5000.00');
    assert.deepEqual(await h.call('shift.zReport', { shiftId: z1.shift.id }), z1, 'shift 1 changed');
  });
});

test('a captured payout not handed over is on every later report until it is', async (t) => {
  const h = await startHarness(t);
  const payout = await capturedPayout(h);
  const z1 = await h.call('shift.close', { counted: [] });
  assert.deepEqual(listed(z1.openCash, payout.localId), ['hand_over']);
  assert.deepEqual(findingsOf(z1, payout.localId), ['captured_not_handed_over']);

  await h.call('shift.openTraining', {});
  assert.deepEqual(listed((await h.call('shift.report', {})).openCash, payout.localId), ['hand_over']);
  const z2 = await h.call('shift.close', { counted: [] });
  assert.deepEqual(listed(z2.openCash, payout.localId), ['hand_over']);
  assert.deepEqual(findingsOf(z2, payout.localId), ['captured_not_handed_over']);

  await h.call('shift.openTraining', {});
  await h.call('checkout.recordCash', { localId: payout.localId });
  const x3 = await h.call('shift.report', {});
  assert.deepEqual(listed([...x3.openCash, ...x3.waiting], payout.localId), []);
  const z3 = await h.call('shift.close', {
    counted: [{ currency: 'KZT', total: '0' }],
    note: 'training: the payout came from an earlier float',
  });
  assert.deepEqual(listed([...z3.openCash, ...z3.waiting], payout.localId), []);
  assert.deepEqual(findingsOf(z3, payout.localId), []);
  assert.deepEqual(await h.call('shift.zReport', { shiftId: z1.shift.id }), z1);
});

test('training money seen in Live moves no cash and tells no one to hand it over', async (t) => {
  const h = await startHarness(t);
  const payout = await checkout(h, { type: 'payout' });
  await h.call('shift.close', { counted: [] });
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await goLive(
    h.invoke,
    { ...settings, gatewayUrl: h.sandbox.url },
    { tokens: [{ shopId: SHOP, token: h.sandbox.token }] },
  );
  const before = await drawer(h);

  h.sandbox.capture(SHOP, payout.operationNumber);
  const seen = await h.waitFor(
    'operation.changed',
    (v) => v.localId === payout.localId && v.status === 'captured',
  );
  for (const view of [seen, await get(h, payout.localId)]) {
    assert.equal(view.cash, 'none');
    assert.equal(view.meaning.note, 'training_in_live');
    assert.equal(view.meaning.money, 'training');
    assert.deepEqual(view.meaning.custody, { action: null, refused: 'other_mode' });
    assert.equal(view.meaning.alert, false);
  }
  await cashRefused(h, { localId: payout.localId }, /training operation: no real money moves/);
  assert.deepEqual(await custodyOf(h, payout.localId), []);
  assert.deepEqual(await drawer(h), before);
  const x = await h.call('shift.report', {});
  assert.deepEqual(listed([...x.openCash, ...x.waiting], payout.localId), []);
  assert.deepEqual(x.cash, before);
  // Home's tray lists it marked as training money, with no advice to move cash: waiting for its own
  // mode, sorted after anything of Live's, never as cash to hand over.
  const inTray = (await h.call('history.open', {})).rows.find((o) => o.operation.localId === payout.localId);
  assert.deepEqual(
    [inTray?.reason, inTray?.operation.meaning.open, inTray?.operation.cash, inTray?.operation.meaning.money],
    ['waiting', 'waiting', 'none', 'training'],
  );
  const pushed = await h.waitFor('tray.changed', (tray) =>
    tray.rows.some((o) => o.operation.localId === payout.localId && o.operation.status === 'captured'),
  );
  assert.deepEqual(
    pushed.rows.filter((o) => o.operation.localId === payout.localId).map((o) => o.reason),
    ['waiting'],
  );
  assert.deepEqual(
    h.events.filter(
      (e) =>
        e.event === 'operation.attention' &&
        e.payload.operation.localId === payout.localId &&
        e.payload.reason === 'hand_over',
    ),
    [],
  );
});

test('a cash payout over what the drawer should hold needs the supervisor in Live, before the gateway hears of it', async (t) => {
  const h = await startHarness(t);
  // Training: no real cash, so the payer step's warning is all; the session opens.
  await h.call('shift.openTraining', {});
  assert.equal((await openSession(h, { type: 'payout', amount: '20000' })).phase, 'session_open');
  await h.call('shift.close', { counted: [] });

  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await goLive(
    h.core.invoke,
    { ...rest, gatewayUrl: h.sandbox.url },
    { tokens: [{ shopId: SHOP, token: h.sandbox.token }], float: [{ currency: 'KZT', total: '15000' }] },
  );
  const heard = h.sandbox.requests('openSession').length;
  const over = refusal(await h.invoke('checkout.openSession', payoutOf('20000')));
  assert.deepEqual([over.kind, over.field], ['locked', 'supervisorPin']);
  assert.equal(h.sandbox.requests('openSession').length, heard, 'the gateway heard of it');
  const wrong = refusal(
    await h.invoke('checkout.openSession', { ...payoutOf('20000'), supervisorPin: '11111111' }),
  );
  assert.deepEqual([wrong.kind, wrong.field], ['pin_refused', 'pin']);
  // Within the drawer, and not cash at all: no PIN asked.
  assert.equal((await openSession(h, { type: 'payout', amount: '15000' })).phase, 'session_open');
  assert.equal(
    (await openSession(h, { type: 'payout', methodId: BANK_GEL_OUT, amount: '100.00' })).phase,
    'session_open',
  );
  const allowed = await openSession(h, { type: 'payout', amount: '20000', supervisorPin: SUPERVISOR_PIN });
  assert.equal(allowed.phase, 'session_open');
});

test('only a cash instrument moves cash', async (t) => {
  const h = await startHarness(t);
  await h.call('shift.openTraining', {});
  const before = await drawer(h);
  const payout = await capturedPayout(h, { methodId: BANK_GEL_OUT, amount: '100.00' });
  const view = await get(h, payout.localId);
  assert.equal(view.instrumentType, 'bank_transfer');
  assert.equal(view.cash, 'none');
  assert.equal(view.meaning.note, 'not_cash');
  assert.deepEqual(view.meaning.custody, { action: null, refused: null });
  assert.equal(view.meaning.open, null);
  await cashRefused(h, { localId: payout.localId }, /not paid in cash/);
  assert.deepEqual(await custodyOf(h, payout.localId), []);
  assert.deepEqual(await drawer(h), before);

  const payin = await checkout(h, { type: 'payin', methodId: METHODS.bankTryIn, amount: '100.00' });
  assert.equal(payin.cash, 'none');
  assert.equal(payin.meaning.note, 'not_cash');
  assert.equal(payin.meaning.open, 'waiting');
  h.sandbox.capture(SHOP, payin.operationNumber);
  await h.waitFor('operation.changed', (v) => v.localId === payin.localId && v.status === 'captured');
  const cashSeen = h.events.flatMap((e) =>
    e.event === 'operation.changed' && e.payload.localId === payin.localId ? [e.payload.cash] : [],
  );
  assert.ok(cashSeen.length >= 2);
  assert.ok(!cashSeen.includes('accept'), cashSeen.join());
  await cashRefused(h, { localId: payin.localId }, /not paid in cash/);
  assert.deepEqual(await drawer(h), before);
});

test('cash handed over for a payout the gateway then cancels is the supervisor’s', async (t) => {
  const h = await startHarness(t);
  const payout = await capturedPayout(h);
  await h.call('checkout.recordCash', { localId: payout.localId });
  const handedAt = h.events.length;
  assert.ok(h.sandbox.setStatus(SHOP, payout.operationNumber, 'cancelled'));
  // Captured is final, so nothing polls it: the agent's refresh (or the close) reads it again.
  const view = await refreshed(h, payout.localId, (v) => v.status === 'cancelled');
  assert.equal(view.cash, 'hold');
  assert.equal(view.meaning.open, 'handed_over_not_captured');
  assert.equal(view.meaning.finding, 'handed_over_not_captured');
  assert.equal(view.custody?.kind, 'handed_over', 'the custody record stands');
  const attention = await h.waitFor(
    'operation.attention',
    (a) => a.operation.localId === payout.localId && a.reason === 'handed_over_not_captured',
  );
  assert.equal(attention.operation.cash, 'hold');
  const opens = h.events
    .slice(handedAt)
    .flatMap((e) =>
      e.event === 'operation.changed' && e.payload.localId === payout.localId ? [e.payload] : [],
    )
    .map((v) => v.meaning.open);
  assert.ok(!opens.includes('waiting'), opens.join());

  const x = await h.call('shift.report', {});
  const row = x.openCash.find((o) => o.operation.localId === payout.localId);
  assert.equal(row?.reason, 'handed_over_not_captured');
  assert.equal(row?.operation.meaning.finding, 'handed_over_not_captured');
  assert.deepEqual(listed(x.waiting, payout.localId), []);
  const z = await h.call('shift.close', {
    counted: [{ currency: 'KZT', total: '0' }],
    note: 'training: handed over from no float',
  });
  assert.deepEqual(findingsOf(z, payout.localId), ['handed_over_not_captured']);
  assert.deepEqual(listed(z.openCash, payout.localId), ['handed_over_not_captured']);
});

describe('the gateway’s word holds the cash', () => {
  test('a mismatch after custody holds the cash', async (t) => {
    const h = await startHarness(t);
    const says = gatewaySays(h);
    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    await h.call('checkout.recordCash', { localId: payin.localId });
    says.set(payin.operationNumber, ({ operation }) => {
      operation.amount = '5500';
    });
    const view = await refreshed(h, payin.localId, (v) => v.mismatch !== null);
    assert.deepEqual(view.mismatch, [{ field: 'amount', entered: '5000', gateway: '5500' }]);
    assert.equal(view.cash, 'hold');
    assert.equal(view.meaning.open, 'mismatch');
    assert.equal(view.meaning.finding, 'mismatch');
    assert.equal(view.custody?.kind, 'received');
    await h.waitFor(
      'operation.attention',
      (a) => a.operation.localId === payin.localId && a.reason === 'mismatch',
    );
    await cashRefused(h, { localId: payin.localId, action: 'returned' }, /other figures than those entered/);
    assert.equal((await custodyOf(h, payin.localId)).length, 1);
  });

  test('a correction holds, and every change the gateway makes is kept', async (t) => {
    const h = await startHarness(t);
    const says = gatewaySays(h);
    const flagged = await checkout(h, { type: 'payin' });
    const child = await checkout(h, { type: 'payin' });
    const moved = await checkout(h, { type: 'payin' });
    const parent = { operationNumber: 'T01-260301-0001', shopId: SHOP };
    says.set(flagged.operationNumber, ({ operation }) => {
      operation.isCorrection = true;
    });
    says.set(child.operationNumber, (data) => {
      data.parent = parent;
    });
    const requisites = [{ name: 'cashPointCode', value: 'KZ-ALA-0099' }];
    says.set(moved.operationNumber, ({ operation }) => {
      operation.paymentMethodRequisites = requisites;
    });

    for (const [op, field] of [
      [flagged, 'isCorrection'],
      [child, 'parent'],
    ] as const) {
      const view = await refreshed(h, op.localId, (v) => v.isCorrection || v.parent !== null);
      assert.equal(view.status, 'created', 'the status stays the same');
      assert.equal(view.cash, 'hold', field);
      assert.equal(view.meaning.open, 'correction', field);
      assert.equal(view.meaning.finding, 'correction', field);
      assert.equal((await changesOf(h, op.localId, field)).length, 1, field);
      await cashRefused(h, { localId: op.localId }, /This is a correction/);
    }
    assert.equal((await get(h, flagged.localId)).isCorrection, true);
    assert.deepEqual((await get(h, child.localId)).parent, parent);

    const view = await refreshed(
      h,
      moved.localId,
      (v) => v.paymentMethodRequisites[0]?.value === 'KZ-ALA-0099',
    );
    assert.deepEqual(view.paymentMethodRequisites, requisites);
    assert.equal(view.cash, 'accept', 'new requisites alone change nothing about the cash');
    assert.equal((await changesOf(h, moved.localId, 'methodRequisites')).length, 1);
  });
  test('a retrieval that only masks the payer’s details changes nothing; a real change is kept', async (t) => {
    const h = await startHarness(t);
    const says = gatewaySays(h);
    const masked = await checkout(h, { type: 'payout' });
    const renamed = await checkout(h, { type: 'payout' });
    says.set(renamed.operationNumber, ({ operation }) => {
      const details = operation.payerDetails as { name: string; value: string }[];
      for (const d of details) if (d.name === 'fullName') d.value = 'Aigerim Nurlanovna';
    });
    for (const op of [masked, renamed]) {
      const before = (await get(h, op.localId)).lastCheckedAt;
      await h.call('history.refresh', { localId: op.localId });
      await until(async () => (await get(h, op.localId)).lastCheckedAt !== before, 'the lookup');
    }
    const sent = (await get(h, masked.localId)).payerDetails.find((d) => d.name === 'phone');
    assert.equal(sent?.value, REQUISITE_VALUES.phone, 'the number as entered is kept');
    const kinds = (await eventsOf(h, masked.localId)).map((e) => e.kind);
    assert.ok(!kinds.includes('gateway_changed'), kinds.join(', '));
    assert.deepEqual(await changesOf(h, renamed.localId, 'payerDetails'), ['payerDetails']);
  });
});

test('an operation never created may be started again with the same details, and only such a one', async (t) => {
  // A session just longer than the desk's expiry margin (5 s); the desk's and the gateway's clock,
  // moved past its end, bring the verdict at once.
  const clock = testClock({ flowing: true });
  const h = await startHarness(t, {
    sandbox: { sessionTtlSeconds: 8 },
    lookups: { notFoundGraceMs: 50 },
    clock,
  });
  const session = await openSession(h, { type: 'payout', amount: '7000', payerId: 'payer-9' });
  h.sandbox.inject('createOperation', { kind: 'reset' });
  const lost = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
  });
  assert.equal(!lost.ok && lost.error.kind, 'outcome_unknown');
  clock.advance(Date.parse(session.session!.expiredAt) - clock.now() + 1_000);
  const settled = await h.waitFor(
    'operation.changed',
    (v) => v.localId === session.localId && v.phase === 'not_created',
    15_000,
  );
  assert.equal(settled.meaning.startAgain, true);
  assert.equal(settled.meaning.note, 'not_created');
  assert.equal(settled.cash, 'none');
  assert.equal(settled.final, true);
  assert.ok((await eventsOf(h, session.localId)).some((e) => e.kind === 'resolved_not_created'));

  const again = await h.call('checkout.startAgain', { localId: session.localId });
  assert.equal(again.phase, 'session_open');
  assert.notEqual(again.operationNumber, session.operationNumber);
  const same = (v: OperationView) => [v.shopId, v.type, v.methodId, v.amount, v.payerId, v.training];
  assert.deepEqual(same(again), same(session));

  const created = await h.call('checkout.createOperation', {
    localId: again.localId,
    payerRequisites: requisitesFor(again),
  });
  assert.equal(created.phase, 'created');
  assert.equal(created.meaning.startAgain, false);
  const rows = (await h.call('history.search', { limit: 50 })).rows.length;
  const heard = h.sandbox.requests().length;
  const refused = refusal(await h.invoke('checkout.startAgain', { localId: created.localId }));
  assert.equal(refused.kind, 'conflict');
  assert.match(refused.message, /Only an operation the gateway never created/);
  assert.equal((await h.call('history.search', { limit: 50 })).rows.length, rows);
  assert.equal(h.sandbox.requests().length, heard);

  // In Live, a training operation is not started again: it would become a live operation, with real
  // money, for the same payer and amount.
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await h.call('shift.close', { counted: [] });
  await goLive(
    h.invoke,
    { ...settings, gatewayUrl: h.sandbox.url },
    { tokens: [{ shopId: SHOP, token: h.sandbox.token }] },
  );
  assert.equal((await get(h, session.localId)).meaning.startAgain, false);
  const live = (await h.call('history.search', { limit: 50 })).rows.length;
  const liveHeard = h.sandbox.requests().length;
  const training = refusal(await h.invoke('checkout.startAgain', { localId: session.localId }));
  assert.equal(training.kind, 'conflict');
  assert.match(training.message, /training operation/);
  assert.equal((await h.call('history.search', { limit: 50 })).rows.length, live);
  assert.equal(h.sandbox.requests().length, liveHeard);
});

test('the same payer twice: the open operation is shown before another is started, and one completed within the hour is named', async (t) => {
  const h = await startHarness(t);
  const first = await checkout(h, { type: 'payin', payerId: 'payer-A' });
  await checkout(h, { type: 'payin', payerId: 'payer-C' });
  const { rows } = await h.call('history.openForPayer', { payerId: 'payer-A' });
  assert.deepEqual(
    rows.map((r) => [r.reason, r.operation.localId, r.operation.cash]),
    [['take_cash', first.localId, 'accept']],
  );
  assert.deepEqual((await h.call('history.openForPayer', { payerId: 'payer-B' })).rows, []);

  // Completed and its cash received: no longer open, and named as served within the hour.
  assert.ok(h.sandbox.capture(SHOP, first.operationNumber));
  await h.waitFor('operation.changed', (v) => v.localId === first.localId && v.status === 'captured');
  await h.call('checkout.recordCash', { localId: first.localId });
  const after = await h.call('history.openForPayer', { payerId: 'payer-A' });
  assert.deepEqual(after.rows, []);
  assert.deepEqual(
    after.recent.map((v) => v.localId),
    [first.localId],
  );
  assert.deepEqual(
    (await h.call('history.openForPayer', { payerId: 'payer-C' })).recent,
    [],
    'not completed',
  );
});

test('every channel gives the same answer, before and after a restart', async (t) => {
  const h = await startHarness(t);
  const says = gatewaySays(h);
  const pending = await checkout(h, { type: 'payin' });
  const notHanded = await capturedPayout(h);
  const returned = await checkout(h, { type: 'payin', amount: '6000' });
  await h.call('checkout.recordCash', { localId: returned.localId });
  h.sandbox.setStatus(SHOP, returned.operationNumber, 'cancelled');
  await h.waitFor('operation.changed', (v) => v.localId === returned.localId && v.cash === 'return');
  const bank = await capturedPayout(h, { methodId: BANK_GEL_OUT, amount: '50.00' });
  await foreignOperation(h.sandbox, 'T99-260301-0001');
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'T99-260301-0001' });
  assert.equal(found.state, 'found');
  const foreign = (found as { operation: OperationView }).operation;
  const mismatched = await checkout(h, { type: 'payin', amount: '8000' });
  says.set(mismatched.operationNumber, ({ operation }) => {
    operation.amount = '8800';
  });
  await refreshed(h, mismatched.localId, (v) => v.mismatch !== null);

  const cases = [
    ['payin pending', pending.localId, 'accept'],
    ['payout captured, not handed over', notHanded.localId, 'hand_over'],
    ['payin received, then cancelled', returned.localId, 'return'],
    ['bank-transfer payout captured', bank.localId, 'none'],
    ['another desk’s operation', foreign.localId, 'none'],
    ['mismatch', mismatched.localId, 'hold'],
  ] as const;
  const answer = (v: { cash: string; meaning: unknown }) => ({ cash: v.cash, meaning: v.meaning });

  async function channels() {
    const seen = new Map<number, ReturnType<typeof answer> & { final: boolean }>();
    const search = [
      ...(await h.call('history.search', { limit: 200 })).rows,
      ...(await h.call('history.search', { limit: 200, origin: 'lookup' })).rows,
    ];
    const open = (await h.call('history.open', {})).rows;
    const x: XReport = await h.call('shift.report', {});
    for (const [what, localId, cash] of cases) {
      const view = await get(h, localId);
      assert.equal(view.cash, cash, what);
      const row = search.find((r) => r.localId === localId);
      assert.ok(row, `${what}: not in history.search`);
      assert.deepEqual(answer(row), answer(view), `${what}: history.search`);
      for (const o of open.filter((r) => r.operation.localId === localId)) {
        assert.equal(o.reason, view.meaning.open, what);
        assert.deepEqual(answer(o.operation), answer(view), `${what}: history.open`);
      }
      assert.equal(
        open.some((o) => o.operation.localId === localId),
        view.meaning.open !== null,
        `${what}: in the tray exactly when open`,
      );
      for (const o of [...x.openCash, ...x.waiting].filter((r) => r.operation.localId === localId)) {
        assert.equal(o.reason, view.meaning.open, what);
        assert.deepEqual(answer(o.operation), answer(view), `${what}: X report`);
      }
      seen.set(localId, { ...answer(view), final: view.final });
    }
    return seen;
  }

  const before = await channels();
  for (const [what, localId] of cases) {
    const last = h.events
      .filter((e) => e.event === 'operation.changed' && e.payload.localId === localId)
      .at(-1);
    assert.ok(last && last.event === 'operation.changed', `${what}: never announced`);
    assert.deepEqual(
      { ...answer(last.payload), final: last.payload.final },
      before.get(localId),
      `${what}: the last operation.changed`,
    );
  }
  await h.restart();
  assert.deepEqual(await channels(), before, 'the answer changed across the restart');
});

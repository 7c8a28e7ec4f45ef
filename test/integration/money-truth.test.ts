// Money truth at the edges, through createCore against real sandboxes over HTTP: an operation is
// settled only by the gateway that holds it, the gateway's figures win over the entered ones,
// every action gets one true answer, the token never leaves main in any encoding, and the cash
// that moved is recorded once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, type TestContext, test } from 'node:test';
import type { OperationView } from '../../common/contract.ts';
import { type Sandbox, startSandbox } from '../../main/sandbox/server.ts';
import { type TestClock, testClock } from '../support/clock.ts';
import {
  checkout,
  type Harness,
  type HarnessOptions,
  openSession,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';
import { goLive, OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';

/** A live gateway beside the harness's training one, set up as a supervisor does, with its token. */
async function live(
  t: TestContext,
  h: Harness,
  options: { token?: string; ttl?: number; clock?: TestClock } = {},
) {
  const token = options.token ?? `live-${randomUUID()}`;
  const gateway = await startSandbox({
    port: 0,
    token,
    sessionTtlSeconds: options.ttl ?? 900,
    now: options.clock?.now,
  });
  t.after(() => gateway.close());
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await goLive(h.invoke, { ...settings, gatewayUrl: gateway.url }, { tokens: [{ shopId: SHOP, token }] });
  return gateway;
}

/** Points the desk, already live, at another gateway address with its token, between two shifts. */
async function pointAt(h: Harness, gateway: Sandbox, token: string) {
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await h.call('shift.close', { counted: [] });
  await h.call('settings.save', { ...settings, gatewayUrl: gateway.url, supervisorPin: SUPERVISOR_PIN });
  await h.call('settings.setToken', { shopId: SHOP, token, supervisorPin: SUPERVISOR_PIN });
  const [operator] = (await h.call('operators.list', {})).operators;
  await h.call('shift.open', { operatorId: operator!.id, pin: OPERATOR_PIN, float: [] });
}

/** A mode switch comes only between shifts: the live shift closes (its Z report may be unreconciled). */
async function switchMode(h: Harness, mode: 'training' | 'live') {
  const { shift } = await h.call('shift.current', {});
  if (shift) await h.call('shift.close', { counted: [] });
  await h.call('settings.setMode', { mode });
}

const get = async (h: Harness, localId: number) => (await h.call('history.get', { localId })).operation;
const eventsOf = async (h: Harness, localId: number) =>
  (await h.call('history.get', { localId })).events.map((e) => e.kind);
const asked = (gateway: Sandbox, operationNumber: string) =>
  gateway.requests('getOperation').filter((r) => r.path.endsWith(`/${operationNumber}`)).length;
/** Tries of the operation's lookup so far, failed ones included (a token missing asks no gateway). */
const tries = (h: Harness, operationNumber: string) =>
  (
    h.probe.sql(`SELECT attempts FROM outbox WHERE operation_number = '${operationNumber}'`)[0] as
      | { attempts: number }
      | undefined
  )?.attempts ?? 0;

/**
 * Moves the desk's and the gateways' shared clock on by `ms` (past a session's expiry, say), then
 * waits for the lookup to be tried twice more: what it would wrongly do there, it has done.
 */
async function later(clock: TestClock, ms: number, count: () => number, what: string) {
  const before = count();
  clock.advance(ms);
  await until(() => count() >= before + 2, what);
}

/**
 * A create whose reply is lost after the gateway committed it: the outcome is unknown here, and
 * stays so while the gateway drops every lookup (until the test clears its faults).
 */
async function unknownOutcome(h: Harness, gateway: Sandbox): Promise<OperationView> {
  const session = await openSession(h, { type: 'payout', supervisorPin: SUPERVISOR_PIN });
  gateway.inject('createOperation', { kind: 'reset', afterCommit: true });
  gateway.inject('getOperation', { kind: 'reset' }, Number.POSITIVE_INFINITY);
  const result = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
  });
  assert.equal(!result.ok && result.error.kind, 'outcome_unknown');
  return get(h, session.localId);
}

describe('an operation is settled only by the gateway that holds it', { concurrency: 5 }, () => {
  // Each test's own clock, flowing with real time, shared by the desk and its gateways.
  const quick = (): HarnessOptions & { clock: TestClock } => ({
    lookups: { notFoundGraceMs: 50 },
    clock: testClock({ flowing: true }),
  });

  test('a live unknown outcome survives a switch to training and back', async (t) => {
    const options = quick();
    const h = await startHarness(t, options);
    const gateway = await live(t, h, { ttl: 6, clock: options.clock });
    const op = await unknownOutcome(h, gateway);
    assert.equal(op.phase, 'outcome_unknown');
    assert.equal(op.gatewayUrl, gateway.url);
    assert.equal(op.training, false);
    // The live gateway does not answer; meanwhile the terminal goes back to training.
    await switchMode(h, 'training');
    // Past the session's expiry and the grace: a wrong gateway's 404 would now settle it for good.
    await later(options.clock, 6_500, () => asked(gateway, op.operationNumber), 'asked past the expiry');
    assert.equal(
      asked(h.sandbox, op.operationNumber),
      0,
      'the training gateway was asked about a live operation',
    );
    assert.equal((await get(h, op.localId)).phase, 'outcome_unknown');
    assert.ok(asked(gateway, op.operationNumber) > 0, 'its own gateway keeps being asked');

    gateway.clearFaults();
    await until(async () => (await get(h, op.localId)).phase === 'created', 'resolved at its own gateway');
    await switchMode(h, 'live');
    const settled = await get(h, op.localId);
    assert.equal(settled.status, 'created');
    assert.equal(settled.cash, 'hold', 'a payout not yet captured');
    assert.ok(!(await eventsOf(h, op.localId)).includes('resolved_not_created'));
    assert.equal(asked(h.sandbox, op.operationNumber), 0);
  });

  test('a live unknown outcome survives a change of the gateway address', async (t) => {
    const options = quick();
    const h = await startHarness(t, options);
    const first = await live(t, h, { ttl: 6, clock: options.clock });
    const op = await unknownOutcome(h, first);
    const otherToken = `other-${randomUUID()}`;
    const other = await startSandbox({ port: 0, token: otherToken });
    t.after(() => other.close());
    await pointAt(h, other, otherToken);
    await later(options.clock, 6_500, () => asked(first, op.operationNumber), 'asked past the expiry');
    assert.equal(asked(other, op.operationNumber), 0, 'the new address was asked about an old operation');
    assert.equal((await get(h, op.localId)).phase, 'outcome_unknown');

    first.clearFaults();
    await until(async () => (await get(h, op.localId)).phase === 'created', 'resolved at its own address');
    assert.equal(asked(other, op.operationNumber), 0);
    // New operations go to the new address.
    const next = await checkout(h, { type: 'payin' });
    assert.equal(next.gatewayUrl, other.url);
  });

  test("without its gateway's token the lookup waits, shown as waiting, and no other gateway answers", async (t) => {
    const options = quick();
    const h = await startHarness(t, options);
    const gateway = await live(t, h, { ttl: 6, clock: options.clock });
    const op = await unknownOutcome(h, gateway);
    await switchMode(h, 'training');
    await h.call('settings.clearToken', { shopId: SHOP });
    await until(
      async () => (await get(h, op.localId)).lastError?.kind === 'token_missing',
      'the operation says its lookup waits for a token',
    );
    // The gateway is fine again; only its token is missing now.
    gateway.clearFaults();
    const state = await h.call('app.getState', {});
    assert.ok(state.connectivity.queued >= 1, 'counted as waiting');
    await later(options.clock, 6_500, () => tries(h, op.operationNumber), 'tried past the expiry');
    assert.equal((await get(h, op.localId)).phase, 'outcome_unknown');
    assert.equal(asked(h.sandbox, op.operationNumber), 0);

    await switchMode(h, 'live');
    await h.call('settings.setToken', { shopId: SHOP, token: gateway.token, supervisorPin: SUPERVISOR_PIN });
    await until(
      async () => (await get(h, op.localId)).phase === 'created',
      'resolved once the token is back',
    );
    assert.equal((await get(h, op.localId)).lastError, null);
  });

  test('not_created is judged by the gateway clock: a terminal clock behind it does not delay the verdict', async (t) => {
    // The gateway runs an hour ahead: by this terminal's clock the session has an hour left.
    const options = quick();
    const h = await startHarness(t, {
      ...options,
      sandbox: { clockOffsetMs: 3_600_000, sessionTtlSeconds: 2 },
    });
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'reset' });
    await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal((await get(h, session.localId)).phase, 'outcome_unknown');
    // Past the session's two seconds, by both clocks.
    options.clock.advance(2_500);
    await until(
      async () => (await get(h, session.localId)).phase === 'not_created',
      'settled by the gateway clock',
    );
    assert.equal(h.sandbox.operationCount(), 0);
  });

  test('not_created is judged by the gateway clock: a terminal clock ahead of it settles nothing early', async (t) => {
    // The gateway runs 55 s behind: by this terminal's clock the session expires 6 s from now.
    const options = quick();
    const h = await startHarness(t, {
      ...options,
      sandbox: { clockOffsetMs: -55_000, sessionTtlSeconds: 61 },
    });
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'reset' });
    await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    const number = session.operationNumber;
    await later(
      options.clock,
      7_000,
      () => asked(h.sandbox, number),
      'asked past the terminal clock’s expiry',
    );
    const op = await get(h, session.localId);
    assert.equal(
      op.phase,
      'outcome_unknown',
      'settled as not created while the gateway still holds the session',
    );
    assert.ok(asked(h.sandbox, op.operationNumber) > 1, 'and it is still being looked up');
  });
});

describe("the gateway's operation is the truth", () => {
  const mutate = (change: (operation: Record<string, unknown>) => void) => ({
    kind: 'mutate' as const,
    mutate: (reply: unknown) => {
      change((reply as { data: { operation: Record<string, unknown> } }).data.operation);
      return reply;
    },
  });

  test('a create reply with another amount, currency and type holds the cash and says what differs', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout', amount: '20000' });
    h.sandbox.inject(
      'createOperation',
      mutate((o) => {
        o.amount = '1000.00';
        o.currency = 'USD';
        o.type = 'payin';
      }),
    );
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.deepEqual(created.mismatch, [
      { field: 'type', entered: 'payout', gateway: 'payin' },
      { field: 'amount', entered: '20000', gateway: '1000.00' },
      { field: 'currency', entered: 'KZT', gateway: 'USD' },
    ]);
    assert.equal(created.cash, 'hold');
    assert.ok((await eventsOf(h, created.localId)).includes('mismatch'));
    const refused = await h.invoke('checkout.recordCash', { localId: created.localId });
    assert.equal(!refused.ok && refused.error.kind, 'conflict');
    const attention = h.events.filter((e) => e.event === 'operation.attention');
    assert.deepEqual(
      attention.map((e) => e.payload.reason),
      ['mismatch'],
    );
    const tray = await h.call('history.open', {});
    assert.deepEqual(
      tray.rows.map((r) => [r.reason, r.operation.localId]),
      [['mismatch', created.localId]],
    );
    // Captured later, the payout still never says hand over: the figures are in doubt.
    h.sandbox.capture(SHOP, created.operationNumber);
    await h.call('history.refresh', { localId: created.localId });
    await h.settle();
    assert.equal((await get(h, created.localId)).cash, 'hold');
  });

  test('a later lookup that changes the amount is caught the same way', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout', amount: '5000' });
    assert.equal(created.mismatch, null);
    h.sandbox.capture(SHOP, created.operationNumber);
    h.sandbox.inject(
      'getOperation',
      mutate((o) => {
        o.amount = '5000.01';
      }),
      Number.POSITIVE_INFINITY,
    );
    await h.call('history.refresh', { localId: created.localId });
    await h.settle();
    const op = await get(h, created.localId);
    assert.deepEqual(op.mismatch, [{ field: 'amount', entered: '5000', gateway: '5000.01' }]);
    assert.equal(op.cash, 'hold', 'never "hand over 5,000" for a payout the gateway holds at 5,000.01');
    // The gateway answering the entered figure again does not make it trustworthy.
    h.sandbox.clearFaults();
    await h.call('history.refresh', { localId: created.localId });
    await h.settle();
    const later = await get(h, created.localId);
    assert.deepEqual(later.mismatch, [{ field: 'amount', entered: '5000', gateway: '5000.01' }]);
    assert.equal(later.cash, 'hold');
  });

  test('equal as decimals is no difference: 5000 entered, 5000.00 held', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout', amount: '5000' });
    h.sandbox.inject(
      'createOperation',
      mutate((o) => (o.amount = '5000.00')),
    );
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(created.mismatch, null);
    await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal((await get(h, created.localId)).cash, 'hand_over');
  });

  test('a training confirmation answered with another operation files no phantom: its own is read back', async (t) => {
    const h = await startHarness(t);
    const mine = await checkout(h, { type: 'payout' });
    const other = await checkout(h, { type: 'payout', payerId: 'payer-2' });
    const before = (await h.call('history.search', { limit: 50 })).rows.length;
    h.sandbox.inject(
      'capture',
      mutate((o) => {
        o.operationNumber = other.operationNumber;
      }),
    );
    // The capture's reply is not filed: the operation is looked up at its gateway, as every answer is.
    const confirmed = await h.call('checkout.confirmTraining', { localId: mine.localId });
    assert.equal(confirmed.operationNumber, mine.operationNumber);
    assert.equal(confirmed.status, 'captured');
    assert.equal((await h.call('history.search', { limit: 50 })).rows.length, before, 'no phantom record');
    assert.equal(
      (await get(h, other.localId)).status,
      'created',
      'the other operation is not marked captured',
    );
  });

  test('a reply overtaken by a newer one never takes the status back', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    const confirmed = await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal(confirmed.status, 'captured');
    // A lookup answered late, with what the gateway held before the confirmation.
    h.sandbox.inject(
      'getOperation',
      mutate((o) => {
        o.status = 'created';
        o.updatedAt = created.gatewayUpdatedAt;
      }),
    );
    await h.call('history.refresh', { localId: created.localId });
    await h.settle();
    const op = await get(h, created.localId);
    assert.equal(op.status, 'captured');
    assert.equal(op.cash, 'hand_over');
  });
});

describe('one answer per action', () => {
  test('an abandon while the create is out is refused and says so; the create answers what happened', async (t) => {
    const h = await startHarness(t);
    for (const ticks of [0, 1, 2, 3, 5, 8, 13, 40]) {
      const session = await openSession(h);
      // Out long enough that the abandon, sent a few turns later, always finds it out, however busy
      // the machine: answered first, the create would leave the abandon nothing to refuse.
      h.sandbox.inject('createOperation', { kind: 'delay', ms: 600 });
      const create = h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: requisitesFor(session),
      });
      for (let i = 0; i < ticks; i += 1) await new Promise((resolve) => setImmediate(resolve));
      const abandoned = await h.invoke('checkout.abandon', { localId: session.localId });
      const created = await create;
      assert.ok(created.ok, `ticks ${ticks}: the create failed`);
      assert.equal(created.value.phase, 'created');
      assert.equal(!abandoned.ok && abandoned.error.kind, 'conflict', `ticks ${ticks}: abandon said ok`);
      assert.equal(!abandoned.ok && abandoned.error.cash, 'hold');
      const op = await get(h, session.localId);
      assert.equal(op.phase, 'created');
      assert.ok(!(await eventsOf(h, session.localId)).includes('abandoned'));
    }
    // Once the create has answered, an abandon changes nothing and says what holds.
    const done = await checkout(h);
    const late = await h.call('checkout.abandon', { localId: done.localId });
    assert.equal(late.phase, 'created');
  });

  test('a refresh while the create is out sends no lookup', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h);
    h.sandbox.inject('createOperation', { kind: 'delay', ms: 200 });
    const create = h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await h.call('history.refresh', { localId: session.localId });
    assert.equal(during.phase, 'creating');
    assert.equal((await create).phase, 'created');
    assert.equal(asked(h.sandbox, session.operationNumber), 0);
  });
});

describe('the token never leaves main, in any encoding', () => {
  test('a token echoed with JSON escapes is redacted before it is stored, logged or sent', async (t) => {
    const h = await startHarness(t);
    const TOKEN = `tok/${randomUUID()}+end`;
    const gateway = await live(t, h, { token: TOKEN });
    const created = await checkout(h, { type: 'payout', supervisorPin: SUPERVISOR_PIN });
    // The real reply, with the token in a payer detail, spelled with JSON's optional escapes.
    const response = await fetch(
      `${gateway.url}/api/v1/agents/operations/${SHOP}/${created.operationNumber}`,
      {
        headers: { 'Api-Access-Token': TOKEN, Accept: 'application/json' },
      },
    );
    const reply = (await response.json()) as { data: { operation: { payerDetails: { value: string }[] } } };
    reply.data.operation.payerDetails[0]!.value = `echo ${TOKEN}`;
    // A status change too, so the reply is filed (an unchanged status files only the check time).
    (reply.data.operation as unknown as { status: string }).status = 'captured';
    const escaped = JSON.stringify(reply).replace(
      JSON.stringify(TOKEN).slice(1, -1),
      TOKEN.replaceAll('/', '\\/').replaceAll('+', '\\u002B'),
    );
    assert.ok(!escaped.includes(TOKEN), 'the escaped reply hides the token from a text search');
    gateway.inject('getOperation', { kind: 'respond', status: 200, body: escaped }, Number.POSITIVE_INFINITY);
    const seen = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: created.operationNumber });
    assert.equal(seen.state, 'found');
    assert.ok(!JSON.stringify(seen).includes(TOKEN));
    assert.match(JSON.stringify(seen), /\[redacted\]/);
    assert.ok(!JSON.stringify(h.events).includes(TOKEN), 'no event carries the token');
    // Everything this desk wrote, the WAL included, while it is still open.
    for (const name of readdirSync(h.dataDir, { recursive: true, encoding: 'utf8' })) {
      const path = join(h.dataDir, name);
      if (!statSync(path).isFile()) continue;
      assert.ok(!readFileSync(path).includes(TOKEN), `${name} holds the token`);
    }
  });
});

describe('cash custody', () => {
  test('a captured payout: handed over once, then no screen advises it again, after a restart too', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout', amount: '20000' });
    const early = await h.invoke('checkout.recordCash', { localId: created.localId });
    assert.equal(!early.ok && early.error.kind, 'conflict', 'refused before the payout reads captured');
    assert.equal((await get(h, created.localId)).custody, null);

    const captured = await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal(captured.cash, 'hand_over');
    const attention = h.events.filter((e) => e.event === 'operation.attention');
    assert.deepEqual(
      attention.map((e) => [e.payload.reason, e.payload.operation.localId]),
      [['hand_over', created.localId]],
    );
    assert.deepEqual(
      (await h.call('history.open', {})).rows.map((r) => r.reason),
      ['hand_over'],
    );

    const recorded = await h.call('checkout.recordCash', { localId: created.localId });
    assert.equal(recorded.cash, 'none');
    assert.equal(recorded.custody?.kind, 'handed_over');
    assert.equal(recorded.custody?.amount, '20000');
    assert.equal(recorded.custody?.terminalId, 'T01');
    const again = await h.call('checkout.recordCash', { localId: created.localId });
    assert.deepEqual(again.custody, recorded.custody, 'a repeat records nothing new');
    assert.deepEqual(
      (await eventsOf(h, created.localId)).filter((k) => k === 'cash_handed_over'),
      ['cash_handed_over'],
    );
    assert.deepEqual((await h.call('history.open', {})).rows, []);

    await h.restart();
    const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: created.operationNumber });
    assert.equal(found.state === 'found' && found.operation.cash, 'none');
    assert.deepEqual(found.state === 'found' && found.operation.custody, recorded.custody);
  });

  test('a payin: received once the gateway holds it; open cash until it is captured', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payin' });
    const notYet = await h.invoke('checkout.recordCash', { localId: session.localId });
    assert.equal(!notYet.ok && notYet.error.kind, 'conflict', 'refused for a session');
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.deepEqual(
      (await h.call('history.open', {})).rows.map((r) => r.reason),
      ['take_cash'],
    );
    const received = await h.call('checkout.recordCash', { localId: created.localId });
    assert.equal(received.custody?.kind, 'received');
    assert.deepEqual(
      (await h.call('history.open', {})).rows.map((r) => r.reason),
      ['cash_not_captured'],
    );
    await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.deepEqual((await h.call('history.open', {})).rows, []);
    assert.equal((await get(h, created.localId)).cash, 'none');
  });

  test("another terminal's operation found by lookup: no cash advice, and its custody is not ours", async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    h.sandbox.capture(SHOP, created.operationNumber);
    // Found by a desk that never ran it.
    const other = await startHarness(t, { sandbox: {} });
    const foreign = await fetch(
      `${h.sandbox.url}/api/v1/agents/operations/${SHOP}/${created.operationNumber}`,
      {
        headers: { 'Api-Access-Token': h.sandbox.token, Accept: 'application/json' },
      },
    );
    other.sandbox.inject('getOperation', { kind: 'respond', status: 200, body: await foreign.text() });
    const found = await other.call('lookup.byNumber', {
      shopId: SHOP,
      operationNumber: created.operationNumber,
    });
    assert.equal(found.state, 'found');
    if (found.state !== 'found') return;
    assert.equal(found.operation.ownDesk, false);
    assert.equal(found.operation.cash, 'none');
    const refused = await other.invoke('checkout.recordCash', { localId: found.operation.localId });
    assert.equal(!refused.ok && refused.error.kind, 'conflict');
    assert.deepEqual((await other.call('history.open', {})).rows, []);
  });
});

describe('the queue always drains', () => {
  test("an agent's lookup of a number that never became an operation, made during an outage", async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h);
    await h.call('checkout.abandon', { localId: session.localId });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, 2);
    const queued = await h.call('lookup.byNumber', {
      shopId: SHOP,
      operationNumber: session.operationNumber,
    });
    assert.equal(queued.state, 'queued');
    assert.ok((await h.call('app.getState', {})).connectivity.queued >= 1);
    await h.settle();
    const answers = h.events.filter((e) => e.event === 'lookup.answered');
    assert.deepEqual(
      answers.map((e) => e.payload.state),
      ['not_found'],
      'answered once, not again on every poll',
    );
    assert.equal((await h.call('app.getState', {})).connectivity.queued, 0);
    await h.restart();
    await h.settle(3_000);
    assert.equal(
      h.events.filter((e) => e.event === 'lookup.answered').length,
      1,
      'a restart does not bring it back',
    );
  });

  test('routine status polling is not counted as queued', async (t) => {
    const h = await startHarness(t);
    await checkout(h, { type: 'payout' });
    assert.equal((await h.call('app.getState', {})).connectivity.queued, 0);
  });
});

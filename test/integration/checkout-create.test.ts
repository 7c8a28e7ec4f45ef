// Checkout's create path, call by call on one core and one sandbox (main/checkout/checkout.ts and
// create-failure.ts): each intent on stable storage before its request leaves, the create sent
// once, and every way it can fail told apart: refused before any request, refused by the gateway
// (the session stays open, or it expired), or an unknown outcome (held, a lookup queued, never a
// second POST). The checkout mutation group runs this file, so each test reads its own session.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { after, before, describe, test } from 'node:test';
import type { OperationView } from '../../common/contract.ts';
import { type TestClock, testClock } from '../support/clock.ts';
import {
  ensureTrainingShift,
  type Harness,
  METHODS,
  openSession,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';

let h: Harness;
let clock: TestClock;
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});
before(async () => {
  clock = testClock({ flowing: true });
  // No lookup runs (none may be in flight at once): what a create queued stays in the outbox to read.
  const file = { after: (cleanup: () => Promise<void>) => cleanups.push(cleanup) };
  h = await startHarness(file as unknown as TestContext, {
    clock,
    lookups: { concurrency: 0 },
  });
});

const sql = (statement: string) => h.probe.sql(statement).map((row) => ({ ...(row as object) }));
const queued = (view: OperationView) =>
  sql(
    `SELECT reason, waiting FROM outbox WHERE shop_id = ${SHOP} AND operation_number = '${view.operationNumber}'`,
  );
const creates = () => h.sandbox.requests('createOperation').length;
const create = (view: OperationView, extra: { receiptLanguage?: 'ru' } = {}) =>
  h.invoke('checkout.createOperation', {
    localId: view.localId,
    payerRequisites: requisitesFor(view),
    ...extra,
  });
const record = async (view: OperationView) =>
  (await h.call('history.get', { localId: view.localId })).operation;
const lastEvent = async (view: OperationView) =>
  (await h.call('history.get', { localId: view.localId })).events.at(-1);

describe('the write-ahead', () => {
  test('each intent is synced before its request arrives; the create clears the last error and follows the status', async () => {
    h.sandbox.atArrival(() => ({
      durableCommits: h.probe.durableCommits(),
      phases: sql('SELECT phase FROM operations ORDER BY local_id DESC LIMIT 1'),
    }));
    await ensureTrainingShift(h);
    await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payout' });
    const sessions = h.sandbox.requests('openSession').length;
    const beforeSession = h.probe.durableCommits();
    const session = await h.call('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payout',
      paymentMethodId: METHODS.cashKztOut,
      amount: '5000',
      payerId: 'P-ahead',
    });
    assert.deepEqual(h.sandbox.requests('openSession')[sessions]?.seen, {
      durableCommits: beforeSession + 1,
      phases: [{ phase: 'opening' }],
    });
    // A refusal first, so the create that follows must clear its error.
    h.sandbox.inject('createOperation', { kind: 'respond', status: 422, body: { message: 'Refused' } });
    assert.equal((await create(session)).ok, false);
    assert.equal((await record(session)).lastError?.kind, 'rejected');

    const beforeCreate = h.probe.durableCommits();
    const count = creates();
    const created = await create(session, { receiptLanguage: 'ru' });
    assert.ok(created.ok);
    assert.deepEqual([created.value.phase, created.value.lastError], ['created', null]);
    assert.deepEqual(h.sandbox.requests('createOperation')[count]?.seen, {
      durableCommits: beforeCreate + 1,
      phases: [{ phase: 'creating' }],
    });
    h.sandbox.atArrival(undefined);
    const [requested, opened] = (await h.call('history.get', { localId: session.localId })).events;
    assert.deepEqual([requested?.kind, opened?.kind], ['session_requested', 'session_opened']);
    // The gateway's own spelling of the expiry, kept as it came.
    const expires = opened?.detail?.match(/^expires (.+)$/)?.[1];
    assert.equal(Date.parse(expires ?? ''), Date.parse(session.session?.expiredAt ?? 'none'));
    assert.deepEqual(sql(`SELECT receipt_language FROM operations WHERE local_id = ${session.localId}`), [
      { receipt_language: 'ru' },
    ]);
    assert.deepEqual(queued(created.value), [{ reason: 'status', waiting: null }]);

    // Created: asked again, the desk answers from its record, with no POST.
    const again = await create(session);
    assert.deepEqual([again.ok && again.value.phase, creates()], ['created', count + 1]);
  });
});

describe('a session refused before it is asked for', () => {
  const ask = (change: { shopId?: number; amount?: string }) =>
    h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '5000',
      payerId: 'P-checks',
      ...change,
    });
  const refusal = async (change: { shopId?: number; amount?: string }) => {
    const sessions = h.sandbox.requests('openSession').length;
    const result = await ask(change);
    assert.equal(h.sandbox.requests('openSession').length, sessions, 'no session was asked for');
    return !result.ok && [result.error.kind, result.error.field, result.error.message];
  };

  test('a shop not set up, an amount out of the method’s bounds, or finer than cash', async () => {
    await ensureTrainingShift(h);
    await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
    assert.deepEqual(await refusal({ shopId: 4242 }), [
      'validation',
      'shopId',
      'Shop 4242 is not set up on this terminal.',
    ]);
    assert.deepEqual(await refusal({ amount: '499' }), [
      'validation',
      'amount',
      'The amount must be between 500 and 500000 KZT.',
    ]);
    assert.deepEqual(await refusal({ amount: '500001' }), [
      'validation',
      'amount',
      'The amount must be between 500 and 500000 KZT.',
    ]);
    const [kind, field, finer] = (await refusal({ amount: '5000.50' })) || [];
    assert.deepEqual([kind, field], ['validation', 'amount']);
    assert.match(
      String(finer),
      /^Cash in KZT goes no finer than \d+: the amount must be a multiple of it\.$/,
    );
    assert.ok((await ask({ amount: '500' })).ok, 'the bound itself is within');
  });
});

describe('refused before any request', () => {
  test('an operation this desk does not hold', async () => {
    const result = await h.invoke('checkout.createOperation', { localId: 987_654, payerRequisites: [] });
    assert.deepEqual(!result.ok && [result.error.kind, result.error.message], [
      'not_found',
      'No operation 987654 on this terminal.',
    ]);
  });

  test('an abandoned session, and one whose session the gateway never opened', async () => {
    const count = creates();
    const abandoned = await openSession(h);
    await h.call('checkout.abandon', { localId: abandoned.localId });
    const result = await create(abandoned);
    assert.deepEqual(!result.ok && [result.error.kind, result.error.message, result.error.localId], [
      'conflict',
      'This session can no longer be used. Start a new operation.',
      abandoned.localId,
    ]);
    h.sandbox.inject('openSession', { kind: 'respond', status: 503 });
    const failed = await h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: abandoned.methodId,
      amount: abandoned.amount,
      payerId: 'P-failed',
    });
    // Refused as the gateway refused it: only a 409 speaks of the terminal ID.
    assert.deepEqual(!failed.ok && [failed.error.kind, failed.error.field], ['server', undefined]);
    const localId = !failed.ok ? failed.error.localId : undefined;
    assert.ok(localId);
    const refused = await h.invoke('checkout.createOperation', { localId, payerRequisites: [] });
    assert.equal(!refused.ok && refused.error.kind, 'conflict');
    assert.equal(creates(), count);
    const failedRecord = (await h.call('history.get', { localId: localId! })).operation;
    assert.deepEqual([failedRecord.phase, failedRecord.lastError?.kind], ['session_failed', 'server']);
    // A session that failed is abandoned too, so it leaves the tray.
    assert.equal((await h.call('checkout.abandon', { localId: localId! })).phase, 'abandoned');
  });

  test('a session past its expiry: expired, cash none, and no request', async () => {
    const session = await openSession(h);
    const count = creates();
    clock.advance(Date.parse(session.session!.expiredAt) - clock.now() + 1_000);
    const result = await create(session);
    assert.deepEqual(
      !result.ok && [result.error.kind, result.error.cash, result.error.localId, result.error.message],
      [
        'session_expired',
        'none',
        session.localId,
        'The session has expired. Start again with a new session.',
      ],
    );
    assert.deepEqual([(await record(session)).phase, creates()], ['expired', count]);
    assert.deepEqual(
      [(await lastEvent(session))?.kind, (await lastEvent(session))?.detail],
      ['session_expired', null],
    );
  });
});

describe('refused by the gateway: nothing was created', () => {
  test('a refusal naming a requisite goes back to that field, the session open', async () => {
    const session = await openSession(h, { type: 'payout' });
    const [first] = requisitesFor(session);
    h.sandbox.inject('createOperation', {
      kind: 'respond',
      status: 422,
      body: { message: 'Refused', errors: [{ field: 'payerRequisites[0].value', message: 'too short' }] },
    });
    const result = await create(session);
    assert.ok(!result.ok);
    assert.deepEqual(
      [result.error.kind, result.error.field, result.error.localId, result.error.cash],
      ['rejected', first!.name, session.localId, 'none'],
    );
    assert.match(result.error.message, new RegExp(`\\(${first!.name}: too short\\)$`));
    const after = await record(session);
    assert.deepEqual(
      [after.phase, after.lastError],
      [
        'session_open',
        {
          kind: 'rejected',
          message: `rejected at createOperation (HTTP 422): Refused (${first!.name}: too short)`,
        },
      ],
    );
    assert.deepEqual(
      [(await lastEvent(session))?.kind, (await lastEvent(session))?.detail],
      ['create_refused', `rejected: ${first!.name}`],
    );
    assert.deepEqual(queued(session), []);
  });

  test('a refusal that names no field says the gateway’s words alone', async () => {
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'respond', status: 400, body: { message: 'No' } });
    const result = await create(session);
    assert.ok(!result.ok);
    assert.equal(result.error.field, undefined);
    assert.doesNotMatch(result.error.message, /\(\w+: [^)]*\)$/);
    assert.deepEqual(
      [(await record(session)).phase, (await lastEvent(session))?.detail],
      ['session_open', result.error.kind],
    );
  });

  test('a session the gateway says has expired (410): expired, whatever the body names', async () => {
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', {
      kind: 'respond',
      status: 410,
      body: { message: 'Gone', errors: [{ field: 'payerRequisites[0].value', message: 'too short' }] },
    });
    const result = await create(session);
    assert.ok(!result.ok);
    assert.deepEqual(
      [result.error.kind, result.error.cash, result.error.field, result.error.localId],
      ['session_expired', 'none', undefined, session.localId],
    );
    assert.doesNotMatch(result.error.message, /too short/);
    const after = await record(session);
    assert.deepEqual(
      [after.phase, after.lastError?.message],
      ['expired', 'rejected at createOperation (HTTP 410): Gone'],
    );
    assert.deepEqual(
      [(await lastEvent(session))?.kind, (await lastEvent(session))?.detail],
      ['session_expired', after.lastError?.kind],
    );
  });
});

describe('an unknown outcome: held, looked up, never sent again', () => {
  const unknown = async (
    fault: Parameters<Harness['sandbox']['inject']>[1],
    kind: string,
    waiting: string | null,
  ) => {
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', fault);
    const count = creates();
    const result = await create(session);
    assert.ok(!result.ok);
    assert.deepEqual(
      [result.error.kind, result.error.cash, result.error.localId],
      ['outcome_unknown', 'hold', session.localId],
    );
    const after = await record(session);
    assert.deepEqual([after.phase, after.cash, after.lastError?.kind], ['outcome_unknown', 'hold', kind]);
    assert.deepEqual(
      [(await lastEvent(session))?.kind, (await lastEvent(session))?.detail],
      ['outcome_unknown', kind],
    );
    assert.deepEqual(queued(session), [{ reason: 'resolve', waiting }]);
    // The tray's count of lookups waiting is told at once.
    const { connectivity } = await h.call('app.getState', {});
    const told = h.events.filter((e) => e.event === 'connectivity.changed').at(-1);
    assert.equal(told?.event === 'connectivity.changed' && told.payload.queued, connectivity.queued);
    const again = await create(session);
    assert.deepEqual([again.ok && again.value.phase, creates()], ['outcome_unknown', count + 1]);
  };

  test('a 409: the session may have produced an operation already', () =>
    unknown(
      {
        kind: 'respond',
        status: 409,
        body: { error: { code: 'session_used', message: 'This session has already produced an operation' } },
        afterCommit: true,
      },
      'rejected',
      null,
    ));

  test('a server error after the request left; the gateway reads degraded until it answers again', async () => {
    await unknown({ kind: 'respond', status: 502, afterCommit: true }, 'server', 'connection');
    assert.equal((await h.call('app.getState', {})).connectivity.state, 'degraded');
    await openSession(h);
    assert.equal((await h.call('app.getState', {})).connectivity.state, 'online');
  });

  test('the connection dropped after the gateway committed', () =>
    unknown({ kind: 'reset', afterCommit: true }, 'unreachable', 'connection'));

  test('a reply about another operation', () =>
    unknown(
      {
        kind: 'mutate',
        mutate: (json) => {
          const reply = json as { data: { operation: object } };
          return {
            data: { ...reply.data, operation: { ...reply.data.operation, operationNumber: 'OTHER-0001' } },
          };
        },
      },
      'invalid_response',
      'connection',
    ));
});

describe('a session, and what may follow it', () => {
  test('a 409 on the session: the number is another desk’s, the terminal ID must change', async () => {
    const settings = (await h.call('app.getState', {})).settings;
    const template = await openSession(h);
    h.sandbox.inject('openSession', { kind: 'respond', status: 409, body: { message: 'used' } });
    const result = await h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: template.methodId,
      amount: template.amount,
      payerId: 'P-409',
    });
    assert.ok(!result.ok);
    assert.deepEqual([result.error.kind, result.error.field], ['conflict', 'terminalId']);
    assert.match(result.error.message, new RegExp(`terminal ID ${settings.terminalId} may be in use`));
    const failed = await h.call('history.get', { localId: result.error.localId! });
    assert.deepEqual(
      [failed.operation.phase, failed.events.at(-1)?.kind, failed.events.at(-1)?.detail],
      ['session_failed', 'session_failed', 'rejected'],
    );
  });

  test('abandoned: only a session not yet sent; never while the create is out', async () => {
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'delay', ms: 300 });
    const count = creates();
    const pending = create(session);
    await until(() => creates() > count, 'the create at the gateway');
    const refused = await h.invoke('checkout.abandon', { localId: session.localId });
    assert.deepEqual(!refused.ok && [refused.error.kind, refused.error.cash, refused.error.message], [
      'conflict',
      'hold',
      'The operation is being created; wait for the answer.',
    ]);
    // Nor is it looked up while its own reply may still come.
    assert.equal((await h.call('history.refresh', { localId: session.localId })).phase, 'creating');
    assert.deepEqual(queued(session), []);
    const created = await pending;
    assert.ok(created.ok);
    const still = await h.call('checkout.abandon', { localId: session.localId });
    assert.equal(still.phase, 'created');
    const open = await openSession(h);
    assert.equal((await h.call('checkout.abandon', { localId: open.localId })).phase, 'abandoned');
  });

  test('started again: only what the gateway never created, as a new session under a new number', async () => {
    const created = await openSession(h, { type: 'payout' });
    const done = await create(created);
    assert.ok(done.ok);
    const refused = await h.invoke('checkout.startAgain', { localId: created.localId });
    assert.deepEqual(!refused.ok && [refused.error.kind, refused.error.message], [
      'conflict',
      'Only an operation the gateway never created can be started again.',
    ]);
  });
});

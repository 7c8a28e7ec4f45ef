// The cash-desk flow end to end, against the sandbox over HTTP, a SQLite file and the keychain:
// payin and payout, the local checks that run before any gateway call, operation numbers,
// never creating an operation twice, unknown statuses, and history with its audit log.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OperationView } from '../../common/contract.ts';
import { testClock } from '../support/clock.ts';
import {
  checkout,
  ensureTrainingShift,
  type Harness,
  METHODS,
  openSession,
  REQUISITE_VALUES,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';

/** One statement on the core's own connection, its rows as plain objects. */
const sql = (h: Harness, statement: string) => h.probe.sql(statement).map((row) => ({ ...(row as object) }));

const changes = (h: Harness, localId: number) =>
  h.events.flatMap((e) =>
    e.event === 'operation.changed' && e.payload.localId === localId ? [e.payload] : [],
  );

describe('a whole checkout', () => {
  test('payin: methods, session, operation, then confirm (training) captures it; every step is pushed', async (t) => {
    const h = await startHarness(t);
    const methods = await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
    const cash = methods.find((m) => m.id === METHODS.cashKztIn);
    assert.deepEqual(cash && { min: cash.minAmount, max: cash.maxAmount, currency: cash.currency }, {
      min: '500',
      max: '500000',
      currency: 'KZT',
    });

    const session = await h.call('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '1500',
      payerId: 'payer-42',
    });
    assert.equal(session.phase, 'session_open');
    assert.equal(session.cash, 'none');
    assert.ok(session.session);
    assert.deepEqual(
      session.session.payerRequisites.map((d) => d.name),
      ['phone'],
    );
    assert.ok(session.session.paymentMethodRequisites.length > 0);
    assert.ok(Date.parse(session.session.expiredAt) > Date.now());

    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: [{ name: 'phone', value: REQUISITE_VALUES.phone! }],
    });
    assert.equal(created.localId, session.localId);
    assert.equal(created.phase, 'created');
    assert.equal(created.status, 'created');
    assert.equal(created.final, false);
    assert.equal(
      created.cash,
      'accept',
      'payin: the payer hands over cash once the gateway holds the operation',
    );
    assert.ok(created.gatewayId);
    assert.equal(created.amount, '1500');
    assert.equal(created.currency, 'KZT');

    const captured = await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal(captured.status, 'captured');
    assert.equal(captured.final, true);
    assert.equal(h.sandbox.requests('capture').length, 1);
    await h.settle();

    const phases = changes(h, session.localId).map((v) => `${v.phase}/${v.status ?? '-'}`);
    assert.deepEqual(phases.slice(0, 4), ['opening/-', 'session_open/-', 'creating/-', 'created/created']);
    assert.equal(phases.at(-1), 'created/captured');
    assert.equal(h.sandbox.operationCount(), 1);
    assert.equal(h.sandbox.requests('createOperation').length, 1);
  });

  test('payout: cash is held while the status reads created, handed over once polling sees captured', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout', amount: '25000' });
    assert.equal(created.status, 'created');
    assert.equal(created.cash, 'hold');

    // Let the poller look a few times: the status stays created and the advice stays hold.
    await until(() => h.sandbox.requests('getOperation').length >= 3, 'three status lookups');
    const waiting = await h.call('history.get', { localId: created.localId });
    assert.equal(waiting.operation.status, 'created');
    assert.equal(waiting.operation.cash, 'hold');
    assert.ok(waiting.operation.lastCheckedAt, 'each lookup is recorded');

    // The agent's out-of-band confirmation, as the real gateway would see it.
    assert.equal(h.sandbox.capture(SHOP, created.operationNumber), true);
    const handOver = await h.waitFor(
      'operation.changed',
      (v) => v.localId === created.localId && v.status === 'captured',
    );
    assert.equal(handOver.cash, 'hand_over');
    assert.equal(handOver.final, true);
    await h.settle();

    const advice = changes(h, created.localId).map((v) => v.cash);
    assert.equal(advice.indexOf('hand_over'), advice.length - 1, 'hand_over only once captured');
    assert.ok(advice.slice(0, -1).every((c) => c === 'hold' || c === 'none'));
    assert.equal(h.sandbox.requests('createOperation').length, 1);
  });

  test('payout: confirm (training) hands over at once, and the poller stops', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout', methodId: METHODS.cashTryOut, amount: '150.25' });
    assert.equal(created.cash, 'hold');
    const captured = await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal(captured.cash, 'hand_over');
    await h.settle();
    const polled = h.sandbox.requests('getOperation').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(
      h.sandbox.requests('getOperation').length,
      polled,
      'a captured operation is not looked up again',
    );
  });

  test('confirm (training) refuses an operation that is not created yet', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h);
    const result = await h.invoke('checkout.confirmTraining', { localId: session.localId });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.kind, 'conflict');
    assert.equal(h.sandbox.requests('capture').length, 0);
  });

  test('confirm (training) only where the answer offers it: never on an operation the gateway ended', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    assert.equal(created.meaning.confirmTraining, true);
    h.sandbox.setStatus(SHOP, created.operationNumber, 'cancelled');
    await h.call('history.refresh', { localId: created.localId });
    const cancelled = await h.waitFor(
      'operation.changed',
      (v) => v.localId === created.localId && v.status === 'cancelled',
    );
    assert.equal(cancelled.meaning.confirmTraining, false);
    const result = await h.invoke('checkout.confirmTraining', { localId: created.localId });
    assert.equal(!result.ok && result.error.kind, 'conflict');
    assert.equal(h.sandbox.requests('capture').length, 0, 'a cancelled operation was captured');
    const after = (await h.call('history.get', { localId: created.localId })).operation;
    assert.deepEqual([after.status, after.cash], ['cancelled', 'none']);
  });

  test('confirm (training) that cannot reach the sandbox changes nothing and says hold the cash', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    await h.sandbox.goOffline();
    const result = await h.invoke('checkout.confirmTraining', { localId: created.localId });
    assert.equal(!result.ok && result.error.kind, 'unreachable');
    assert.equal(!result.ok && result.error.cash, 'hold');
    const after = await h.call('history.get', { localId: created.localId });
    assert.equal(after.operation.status, 'created');
    await h.sandbox.goOnline();
  });

  test('confirm (training) is read back at the gateway; a read-back that fails says hold the cash', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    const looked = h.sandbox.requests('getOperation').length;
    const confirmed = await h.call('checkout.confirmTraining', { localId: created.localId });
    assert.equal(confirmed.status, 'captured');
    assert.ok(h.sandbox.requests('getOperation').length > looked, 'read back through the one lookup');

    // Captured, but the read-back fails: the desk says hold the cash (the queue reads it later).
    const other = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 503, body: {} }, 10);
    const result = await h.invoke('checkout.confirmTraining', { localId: other.localId });
    assert.deepEqual(!result.ok && [result.error.kind, result.error.cash], ['unreachable', 'hold']);
  });
});

describe('local checks before any gateway call', () => {
  for (const amount of [
    '1e5',
    '150.5',
    '150.000',
    '-100',
    '0150',
    ' 150',
    '150,00',
    '',
    '1000000000000000',
  ]) {
    test(`amount ${JSON.stringify(amount)} is refused by the IPC schema and nothing is sent or stored`, async (t) => {
      const h = await startHarness(t);
      const result = await h.invoke('checkout.openSession', {
        shopId: SHOP,
        operationType: 'payin',
        paymentMethodId: METHODS.cashKztIn,
        amount,
        payerId: 'payer-1',
      });
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.kind, 'invalid_input');
      assert.equal(!result.ok && result.error.cash, 'none');
      assert.equal(h.sandbox.requests().length, 0);
      assert.equal((await h.call('history.search', {})).rows.length, 0);
    });
  }

  const bounds: { method: string; type: 'payin' | 'payout'; amount: string; ok: boolean }[] = [
    { method: METHODS.cashKztIn, type: 'payin', amount: '499.99', ok: false },
    { method: METHODS.cashKztIn, type: 'payin', amount: '500', ok: true },
    { method: METHODS.cashKztIn, type: 'payin', amount: '500.00', ok: true },
    { method: METHODS.cashKztIn, type: 'payin', amount: '500000.00', ok: true },
    { method: METHODS.cashKztIn, type: 'payin', amount: '500000.01', ok: false },
    { method: METHODS.cashKztIn, type: 'payin', amount: '0', ok: false },
    // Within the limits, but the drawer has no coin below 1 tenge.
    { method: METHODS.cashKztIn, type: 'payin', amount: '1500.50', ok: false },
    { method: METHODS.cashKztIn, type: 'payin', amount: '1500.00', ok: true },
    { method: METHODS.bankTryIn, type: 'payin', amount: '50', ok: true },
    { method: METHODS.bankTryIn, type: 'payin', amount: '49.99', ok: false },
    { method: METHODS.cashTryOut, type: 'payout', amount: '20000.50', ok: true },
    { method: METHODS.cashTryOut, type: 'payout', amount: '20000.51', ok: false },
    // Compared as decimals, not as text: "9000" > "20000.50" as strings.
    { method: METHODS.cashTryOut, type: 'payout', amount: '9000', ok: true },
    { method: METHODS.cashTryOut, type: 'payout', amount: '99', ok: false },
  ];
  for (const { method, type, amount, ok } of bounds) {
    const name = Object.entries(METHODS).find(([, id]) => id === method)?.[0];
    test(`${name} ${amount}: ${ok ? 'within bounds, a session opens' : 'out of bounds, refused locally'}`, async (t) => {
      const h = await startHarness(t);
      await h.call('checkout.listMethods', { shopId: SHOP, operationType: type });
      h.sandbox.resetRequests();
      const result = await h.invoke('checkout.openSession', {
        shopId: SHOP,
        operationType: type,
        paymentMethodId: method,
        amount,
        payerId: 'payer-1',
      });
      if (ok) {
        assert.equal(result.ok, true, JSON.stringify(result));
        assert.equal(h.sandbox.requests('openSession').length, 1);
        return;
      }
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.kind, 'validation');
      assert.equal(!result.ok && result.error.field, 'amount');
      assert.equal(!result.ok && result.error.cash, 'none');
      assert.deepEqual(h.sandbox.requests(), [], 'nothing reaches the gateway');
      assert.equal((await h.call('history.search', {})).rows.length, 0, 'and nothing is stored');
    });
  }

  test('a method the shop does not offer is refused and no session is opened', async (t) => {
    const h = await startHarness(t);
    await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
    h.sandbox.resetRequests();
    // A payout method asked for as payin, and an id nobody knows.
    for (const paymentMethodId of [METHODS.cashKztOut, 'no-such-method']) {
      const result = await h.invoke('checkout.openSession', {
        shopId: SHOP,
        operationType: 'payin',
        paymentMethodId,
        amount: '1000',
        payerId: 'payer-1',
      });
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.kind, 'validation');
      assert.equal(!result.ok && result.error.field, 'paymentMethodId');
    }
    // A refresh of the method list is allowed (the catalogue may have changed); a session is not.
    assert.deepEqual(
      h.sandbox.requests().filter((r) => r.route !== 'listPaymentMethodTypes'),
      [],
    );
    assert.equal((await h.call('history.search', {})).rows.length, 0);
  });

  test('a shop that is not set up on this terminal is refused without any request', async (t) => {
    const h = await startHarness(t);
    const result = await h.invoke('checkout.openSession', {
      shopId: 4242,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '1000',
      payerId: 'payer-1',
    });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.kind, 'validation');
    assert.equal(!result.ok && result.error.field, 'shopId');
    assert.deepEqual(h.sandbox.requests(), []);
  });

  test('payer requisites: missing, extra and empty are refused locally; the session stays usable', async (t) => {
    const h = await startHarness(t);
    // Cash KZT payout asks for fullName and phone.
    const session = await openSession(h, { type: 'payout' });
    const attempts: { given: { name: string; value: string }[]; field: string }[] = [
      { given: [{ name: 'fullName', value: REQUISITE_VALUES.fullName! }], field: 'phone' },
      { given: [], field: 'fullName' },
      {
        given: [...requisitesFor(session), { name: 'cardNumber', value: REQUISITE_VALUES.cardNumber! }],
        field: 'cardNumber',
      },
      {
        given: [
          { name: 'fullName', value: '   ' },
          { name: 'phone', value: REQUISITE_VALUES.phone! },
        ],
        field: 'fullName',
      },
      {
        given: [
          { name: 'fullName', value: REQUISITE_VALUES.fullName! },
          { name: 'phone', value: '' },
        ],
        field: 'phone',
      },
    ];
    for (const { given, field } of attempts) {
      const result = await h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: given,
      });
      assert.equal(result.ok, false, JSON.stringify(given));
      assert.equal(!result.ok && result.error.kind, 'validation');
      assert.equal(!result.ok && result.error.field, field);
      assert.equal(!result.ok && result.error.cash, 'none');
    }
    assert.equal(h.sandbox.requests('createOperation').length, 0, 'nothing was sent');
    const still = await h.call('history.get', { localId: session.localId });
    assert.equal(still.operation.phase, 'session_open');

    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(created.phase, 'created');
    assert.equal(h.sandbox.requests('createOperation').length, 1);
  });

  test('a session inside the expiry skew margin is refused as expired, without a POST', async (t) => {
    // The sandbox's session lives 3 s, less than the 5 s margin: still valid there, too close here.
    const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 3 } });
    const session = await openSession(h);
    assert.ok(
      session.session && Date.parse(session.session.expiredAt) > Date.now(),
      'not expired at the gateway',
    );
    const result = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.kind, 'session_expired');
    assert.equal(!result.ok && result.error.cash, 'none');
    assert.equal(h.sandbox.requests('createOperation').length, 0);
    const after = await h.call('history.get', { localId: session.localId });
    assert.equal(after.operation.phase, 'expired');
    assert.equal(after.operation.final, true);

    // The expired session cannot be used again: a new one is needed.
    const again = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(!again.ok && again.error.kind, 'conflict');
    assert.equal(h.sandbox.requests('createOperation').length, 0);
  });

  test('createOperation for an unknown or abandoned operation is refused without a POST', async (t) => {
    const h = await startHarness(t);
    const unknown = await h.invoke('checkout.createOperation', { localId: 999, payerRequisites: [] });
    assert.equal(!unknown.ok && unknown.error.kind, 'not_found');

    const session = await openSession(h);
    const abandoned = await h.call('checkout.abandon', { localId: session.localId });
    assert.equal(abandoned.phase, 'abandoned');
    const result = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(!result.ok && result.error.kind, 'conflict');
    assert.equal(h.sandbox.requests('createOperation').length, 0);
  });
});

describe('the gateway refuses a create', { concurrency: true }, () => {
  test('a requisite the gateway refuses (422): cash none, the session stays usable, a corrected one goes', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    // Well formed for the terminal, but not a phone number for the gateway.
    const wrong = requisitesFor(session).map((r) => (r.name === 'phone' ? { ...r, value: 'call me' } : r));
    const refused = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: wrong,
    });
    assert.equal(!refused.ok && refused.error.kind, 'rejected');
    assert.equal(!refused.ok && refused.error.cash, 'none');
    // The gateway named the field, so the renderer can put the refusal there.
    assert.equal(!refused.ok && refused.error.field, 'phone');
    assert.match(!refused.ok ? refused.error.message : '', /\(phone: must be 10-15 digits/);
    assert.equal(h.sandbox.operationCount(), 0);
    const after = (await h.call('history.get', { localId: session.localId })).operation;
    assert.equal(after.phase, 'session_open');
    assert.equal(after.lastError?.kind, 'rejected');

    // A refused request created nothing, so sending the corrected one is not a duplicate.
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(created.phase, 'created');
    assert.equal(created.lastError, null);
    assert.equal(h.sandbox.operationCount(), 1);
  });

  test('a refusal names its field in any body shape, or in none; the session stays open either way', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    const names = requisitesFor(session).map((r) => r.name);
    const refuse = async (status: number, body: unknown) => {
      h.sandbox.inject('createOperation', { kind: 'respond', status, body });
      const result = await h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: requisitesFor(session),
      });
      assert.equal(result.ok, false);
      return !result.ok ? result.error : undefined;
    };
    const second = names[1]!;
    const listed = await refuse(422, { errors: [{ field: `payerRequisites[1].value`, message: 'bad' }] });
    assert.equal(listed?.field, second);
    const pointer = await refuse(400, { errors: [{ source: { pointer: `/payerRequisites/0/value` } }] });
    assert.equal(pointer?.field, names[0]);
    const unnamed = await refuse(422, { message: 'Refused' });
    assert.equal(unnamed?.kind, 'rejected');
    assert.equal(unnamed?.field, undefined);
    const text = await refuse(422, 'no');
    assert.equal(text?.field, undefined);
    const after = (await h.call('history.get', { localId: session.localId })).operation;
    assert.equal(after.phase, 'session_open');
    assert.equal(h.sandbox.operationCount(), 0);
  });

  test('a session the gateway says has expired (410) ends as expired, cash none', async (t) => {
    // The request leaves with the session valid, but arrives after it expired.
    // The desk's and the gateway's clock, moved on while the request is held at the gateway.
    const clock = testClock({ flowing: true });
    const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 6 }, clock });
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'delay', ms: 200 });
    const pending = h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    await until(() => h.sandbox.requests('createOperation').length > 0, 'the create at the gateway');
    clock.advance(Date.parse(session.session!.expiredAt) - clock.now() + 200);
    const result = await pending;
    assert.equal(!result.ok && result.error.kind, 'session_expired');
    assert.equal(!result.ok && result.error.cash, 'none');
    const after = (await h.call('history.get', { localId: session.localId })).operation;
    assert.equal(after.phase, 'expired');
    assert.equal(after.final, true);
    assert.equal(h.sandbox.operationCount(), 0);
    await h.settle();
  });
});

describe('operation numbers', () => {
  test('allocated and persisted before the session request leaves; it names the terminal', async (t) => {
    const h = await startHarness(t);
    await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
    h.sandbox.inject('openSession', { kind: 'delay', ms: 400 });
    const pending = openSession(h);
    const opening = await h.waitFor('operation.changed', (v) => v.phase === 'opening');
    await until(() => h.sandbox.requests('openSession').length === 1, 'the session request to arrive');

    // While the gateway holds the request, the number is already on disk.
    const stored = await h.call('history.search', { text: opening.operationNumber });
    assert.deepEqual(
      stored.rows.map((r) => [r.operationNumber, r.phase, r.cash]),
      [[opening.operationNumber, 'opening', 'hold']],
    );
    assert.match(opening.operationNumber, /^T01-\d{6}-\d{4}$/);
    assert.equal(opening.terminalId, 'T01');

    const session = await pending;
    assert.equal(session.operationNumber, opening.operationNumber);
    assert.equal(session.localId, opening.localId);
  });

  test('the creating phase is on disk while the create request is in flight, and says hold', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'delay', ms: 400 });
    const pending = h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    await until(() => h.sandbox.requests('createOperation').length === 1, 'the create request to arrive');
    const inFlight = await h.call('history.get', { localId: session.localId });
    assert.equal(inFlight.operation.phase, 'creating');
    assert.equal(inFlight.operation.cash, 'hold');
    assert.equal((await pending).phase, 'created');
  });

  test('each intent is synced to disk before its request reaches the gateway: the session’s, then the create’s', async (t) => {
    const h = await startHarness(t);
    await ensureTrainingShift(h);
    await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payout' });
    // Read inside the gateway as each request arrives: what the desk had on stable storage by then.
    h.sandbox.atArrival(() => ({
      durableCommits: h.probe.durableCommits(),
      phases: sql(h, 'SELECT phase FROM operations'),
    }));
    const beforeSession = h.probe.durableCommits();
    const session = await openSession(h, { type: 'payout' });
    const beforeCreate = h.probe.durableCommits();
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(created.phase, 'created');
    const seen = (route: 'openSession' | 'createOperation') => h.sandbox.requests(route).map((r) => r.seen);
    assert.deepEqual(
      seen('openSession'),
      [{ durableCommits: beforeSession + 1, phases: [{ phase: 'opening' }] }],
      'the number and the session’s intent were not synced before the gateway heard of them',
    );
    assert.deepEqual(
      seen('createOperation'),
      [{ durableCommits: beforeCreate + 1, phases: [{ phase: 'creating' }] }],
      'the intent (creating) was not synced before the gateway heard of it',
    );
  });

  test('a new number for every session, after a failed or abandoned one too, and after a restart', async (t) => {
    const h = await startHarness(t);
    const numbers: string[] = [];

    const first = await checkout(h);
    numbers.push(first.operationNumber);

    h.sandbox.inject('openSession', { kind: 'respond', status: 500 });
    const failed = await h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '1000',
      payerId: 'payer-1',
    });
    assert.equal(!failed.ok && failed.error.kind, 'server');
    const failedId = !failed.ok ? failed.error.localId : undefined;
    assert.ok(failedId, 'the failed session is kept in history');
    const failedView = (await h.call('history.get', { localId: failedId })).operation;
    assert.equal(failedView.phase, 'session_failed');
    numbers.push(failedView.operationNumber);

    const abandoned = await openSession(h);
    await h.call('checkout.abandon', { localId: abandoned.localId });
    numbers.push(abandoned.operationNumber);

    numbers.push((await checkout(h)).operationNumber);
    await h.restart();
    numbers.push((await checkout(h, { type: 'payout' })).operationNumber);

    assert.equal(new Set(numbers).size, numbers.length, `numbers reused: ${numbers.join(', ')}`);
    for (const n of numbers) assert.match(n, /^T01-/);
    // The gateway never saw a number twice: it would have refused the session with a conflict.
    assert.equal(h.sandbox.requests('openSession').length, numbers.length);
    const rows = (await h.call('history.search', {})).rows;
    assert.deepEqual(rows.map((r) => r.operationNumber).sort(), [...numbers].sort());
  });

  test('the terminal id set in settings goes into new numbers', async (t) => {
    const h = await startHarness(t);
    const state = await h.call('app.getState', {});
    const { mode: _mode, ...settings } = state.settings;
    await h.call('settings.save', { ...settings, terminalId: 'K7' });
    const created = await checkout(h);
    assert.match(created.operationNumber, /^K7-\d{6}-\d{4}$/);
    assert.equal(created.terminalId, 'K7');
  });
});

describe('never created twice', () => {
  test('two concurrent createOperation calls for one session: one POST, the same local operation', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    // Slow the gateway down so the second click surely lands while the first is in flight.
    h.sandbox.inject('createOperation', { kind: 'delay', ms: 200 });
    const request = { localId: session.localId, payerRequisites: requisitesFor(session) };
    const [a, b, c] = await Promise.all([
      h.call('checkout.createOperation', request),
      h.call('checkout.createOperation', request),
      h.call('checkout.createOperation', request),
    ]);
    assert.equal(h.sandbox.requests('createOperation').length, 1);
    assert.equal(h.sandbox.operationCount(), 1);
    for (const v of [a, b, c]) {
      assert.equal(v.localId, session.localId);
      assert.equal(v.gatewayId, a.gatewayId);
      assert.equal(v.phase, 'created');
    }
  });

  test('a createOperation call after success returns the same operation without a POST', async (t) => {
    const h = await startHarness(t);
    const first = await checkout(h);
    const session = await h.call('history.get', { localId: first.localId });
    const again = await h.call('checkout.createOperation', {
      localId: first.localId,
      payerRequisites: requisitesFor(session.operation),
    });
    assert.equal(again.localId, first.localId);
    assert.equal(again.gatewayId, first.gatewayId);
    assert.equal(h.sandbox.requests('createOperation').length, 1);
    assert.equal(h.sandbox.operationCount(), 1);
    const rows = (await h.call('history.search', {})).rows;
    assert.equal(rows.length, 1);
  });

  test('a 409 on create is an unknown outcome: a lookup is queued, and the create is never sent again', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    const request = { localId: session.localId, payerRequisites: requisitesFor(session) };
    // The gateway committed the operation, then answered as if the session had been used before.
    h.sandbox.inject('createOperation', {
      kind: 'respond',
      status: 409,
      body: { error: { code: 'session_used', message: 'This session has already produced an operation' } },
      afterCommit: true,
    });
    // Lookups fail until the test has looked at the queue, so the queued lookup is still there.
    h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, Number.POSITIVE_INFINITY);
    const conflict = await h.invoke('checkout.createOperation', request);
    assert.equal(conflict.ok, false);
    assert.deepEqual(!conflict.ok && [conflict.error.kind, conflict.error.cash], ['outcome_unknown', 'hold']);
    const unknown = (await h.call('history.get', { localId: session.localId })).operation;
    assert.deepEqual([unknown.phase, unknown.cash], ['outcome_unknown', 'hold']);
    assert.deepEqual(
      sql(
        h,
        `SELECT reason FROM outbox WHERE shop_id = ${SHOP} AND operation_number = '${session.operationNumber}'`,
      ),
      [{ reason: 'resolve' }],
    );

    // The agent presses Confirm again: the desk answers from its record, with no POST.
    const again = await h.call('checkout.createOperation', request);
    assert.equal(again.phase, 'outcome_unknown');
    assert.equal(h.sandbox.requests('createOperation').length, 1);

    // The lookup settles it: the operation the gateway committed, created once.
    h.sandbox.clearFaults();
    h.sandbox.capture(SHOP, session.operationNumber);
    await h.settle();
    const found = (await h.call('history.get', { localId: session.localId })).operation;
    assert.deepEqual([found.phase, found.status], ['created', 'captured']);
    assert.ok(h.sandbox.requests('getOperation').length > 0);
    await h.call('checkout.createOperation', request);
    assert.equal(h.sandbox.requests('createOperation').length, 1, 'the create was sent again');
    assert.equal(h.sandbox.operationCount(), 1);
  });

  test('a second openSession makes a second session with its own number, never reusing the first', async (t) => {
    const h = await startHarness(t);
    const [a, b] = await Promise.all([openSession(h), openSession(h)]);
    assert.notEqual(a.localId, b.localId);
    assert.notEqual(a.operationNumber, b.operationNumber);
    assert.notEqual(a.session?.id, b.session?.id);
  });
});

describe('statuses', () => {
  test('a status the spec does not show is stored raw, is not final, and keeps being looked up', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    assert.equal(h.sandbox.setStatus(SHOP, created.operationNumber, 'refunded'), true);
    const refunded = await h.waitFor(
      'operation.changed',
      (v) => v.localId === created.localId && v.status === 'refunded',
    );
    assert.equal(refunded.phase, 'created');
    assert.equal(refunded.final, false);
    assert.equal(refunded.cash, 'hold', 'an unknown status never says hand over');

    // Still looked up, on the slower back-off for unknown statuses.
    const seen = h.sandbox.requests('getOperation').length;
    await until(
      () => h.sandbox.requests('getOperation').length >= seen + 2,
      'more lookups of the unknown status',
    );
    const search = await h.call('history.search', { status: 'refunded' });
    assert.deepEqual(
      search.rows.map((r) => r.localId),
      [created.localId],
    );
    const log = await h.call('history.get', { localId: created.localId });
    assert.ok(log.events.some((e) => e.kind === 'status_changed' && e.status === 'refunded'));

    h.sandbox.setStatus(SHOP, created.operationNumber, 'captured');
    await h.settle();
    const final = await h.call('history.get', { localId: created.localId });
    assert.equal(final.operation.status, 'captured');
    assert.equal(final.operation.cash, 'hand_over');
    assert.equal(h.sandbox.requests('createOperation').length, 1);
  });

  test('unknown statuses survive a restart and are looked up again', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h);
    h.sandbox.setStatus(SHOP, created.operationNumber, 'on_hold');
    await h.waitFor('operation.changed', (v) => v.localId === created.localId && v.status === 'on_hold');
    await h.restart();
    const seen = h.sandbox.requests('getOperation').length;
    await until(() => h.sandbox.requests('getOperation').length > seen, 'a lookup after the restart');
    h.sandbox.capture(SHOP, created.operationNumber);
    await h.settle();
    const view = (await h.call('history.get', { localId: created.localId })).operation;
    assert.equal(view.status, 'captured');
  });
});

describe('history', () => {
  test('search by type, status, number prefix, payer, training and date range; pages newest first', async (t) => {
    const h = await startHarness(t);
    const made: OperationView[] = [];
    for (const [type, payerId] of [
      ['payin', 'alice'],
      ['payout', 'bob'],
      ['payin', 'bob'],
      ['payout', 'carol'],
      ['payin', 'alice'],
    ] as const) {
      made.push(await checkout(h, { type, payerId, amount: '2000' }));
    }
    await h.call('checkout.confirmTraining', { localId: made[1]!.localId });
    const abandoned = await openSession(h, { payerId: 'dave' });
    await h.call('checkout.abandon', { localId: abandoned.localId });
    const all = [...made.map((m) => m.localId), abandoned.localId];

    const ids = async (filter: Record<string, unknown>) =>
      (await h.call('history.search', filter)).rows.map((r) => r.localId);

    assert.deepEqual(await ids({}), [...all].reverse(), 'newest first');
    assert.deepEqual(await ids({ type: 'payout' }), [made[3]!.localId, made[1]!.localId]);
    assert.deepEqual(await ids({ status: 'captured' }), [made[1]!.localId]);
    assert.deepEqual(await ids({ text: 'bob' }), [made[2]!.localId, made[1]!.localId]);
    assert.deepEqual(await ids({ text: made[0]!.operationNumber }), [made[0]!.localId]);
    assert.deepEqual(
      await ids({ text: made[0]!.operationNumber.slice(0, 4) }),
      [...all].reverse(),
      'number prefix',
    );
    assert.deepEqual(await ids({ training: true }), [...all].reverse());
    assert.deepEqual(await ids({ training: false }), []);
    assert.deepEqual(await ids({ type: 'payin', text: 'alice' }), [made[4]!.localId, made[0]!.localId]);

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    assert.equal((await ids({ from: hourAgo, to: inAnHour })).length, all.length);
    assert.deepEqual(await ids({ from: inAnHour }), []);
    assert.deepEqual(await ids({ to: hourAgo }), []);
    // A time with a numeric offset means the same instant.
    const offset = new Date(Date.now() - 3_600_000).toISOString().replace('Z', '+00:00');
    assert.equal((await ids({ from: offset })).length, all.length);

    // Paging: every row exactly once, in order, and the last page says there is no next.
    const paged: number[] = [];
    let before: { createdAt: string; localId: number } | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await h.call('history.search', { limit: 2, ...(before ? { before } : {}) });
      paged.push(...result.rows.map((r) => r.localId));
      if (!result.next) break;
      before = result.next;
    }
    assert.deepEqual(paged, [...all].reverse());

    const row = (await h.call('history.search', { text: made[1]!.operationNumber })).rows[0];
    assert.equal(row?.cash, 'hand_over');
    assert.equal(row?.amount, '2000');
  });

  test('history.get returns the audit log: every step appended, nothing rewritten', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    const atSession = (await h.call('history.get', { localId: session.localId })).events;
    assert.deepEqual(
      atSession.map((e) => e.kind),
      ['session_requested', 'session_opened'],
    );
    const created = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    const atCreate = (await h.call('history.get', { localId: created.localId })).events;
    await h.call('checkout.confirmTraining', { localId: created.localId });
    await h.settle();
    const atEnd = (await h.call('history.get', { localId: created.localId })).events;

    assert.deepEqual(atCreate.slice(0, atSession.length), atSession, 'earlier events are kept as they were');
    assert.deepEqual(atEnd.slice(0, atCreate.length), atCreate);
    assert.deepEqual(
      atEnd.map((e) => [e.kind, e.phase, e.status]),
      [
        ['session_requested', 'opening', null],
        ['session_opened', 'session_open', null],
        ['create_sent', 'creating', null],
        ['created', 'created', 'created'],
        ['status_changed', 'created', 'captured'],
      ],
    );
    for (let i = 1; i < atEnd.length; i++) assert.ok(atEnd[i - 1]!.at <= atEnd[i]!.at, 'in time order');

    const missing = await h.invoke('history.get', { localId: 12345 });
    assert.equal(!missing.ok && missing.error.kind, 'not_found');
  });
});

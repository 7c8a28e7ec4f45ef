// The offline lookup queue against the sandbox over HTTP: lookups wait in the SQLite outbox while
// the gateway is away, survive restarts, drain by themselves, honour Retry-After, keep to the
// concurrency cap with one lookup per operation, stop on a rejected token, and settle an unknown
// outcome as "not created" only once its session has expired.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Request } from '../../common/contract.ts';
import type { RequestRecord, Sandbox } from '../../main/sandbox/server.ts';
import { testClock } from '../support/clock.ts';
import {
  checkout,
  foreignOperation,
  type Harness,
  openSession,
  reconcile,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';
import { goLive } from '../support/desk.ts';

const lookupsOf = (sandbox: Sandbox, operationNumber: string): RequestRecord[] =>
  sandbox.requests('getOperation').filter((r) => decodeURIComponent(r.path).endsWith(`/${operationNumber}`));

const gapsAfterFaults = (requests: RequestRecord[]) =>
  requests.flatMap((r, i) => {
    const next = requests[i + 1];
    return r.faulted && next ? [Date.parse(next.at) - Date.parse(r.at)] : [];
  });

async function connectivity(h: Harness) {
  return (await h.call('app.getState', {})).connectivity;
}

describe('offline queue', () => {
  test('lookups queue while offline, survive a restart, and drain by themselves when the gateway is back', async (t) => {
    const h = await startHarness(t);
    const mine = await checkout(h, { type: 'payout' });
    await foreignOperation(h.sandbox, 'BRANCH2-0001');

    await h.sandbox.goOffline();
    const refreshed = await h.call('history.refresh', { localId: mine.localId });
    assert.equal(refreshed.cash, 'hold');
    const asked = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'BRANCH2-0001' });
    assert.deepEqual(asked, { state: 'queued', shopId: SHOP, operationNumber: 'BRANCH2-0001' });

    // The renderer is told: offline, and how many lookups wait.
    const offline = await h.waitFor('connectivity.changed', (c) => c.state === 'offline' && c.queued === 2);
    assert.ok(offline.lastSuccessAt, 'the last success is still shown');
    assert.equal((await connectivity(h)).state, 'offline');

    // A restart loses none of them: the queue lives in the database.
    await h.restart();
    assert.equal((await connectivity(h)).queued, 2);
    const restartedAt = h.events.length;
    await until(
      () =>
        h.events
          .slice(restartedAt)
          .some(
            (e) =>
              e.event === 'connectivity.changed' && e.payload.state === 'offline' && e.payload.queued === 2,
          ),
      'the restarted core to find the gateway still offline',
    );
    const answeredBefore = h.events.filter((e) => e.event === 'lookup.answered').length;
    assert.equal(answeredBefore, 0);

    // Meanwhile the payer's withdrawal was confirmed; the terminal only learns it once back online.
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.sandbox.goOnline();
    const answer = await h.waitFor('lookup.answered');
    assert.equal(answer.state, 'found');
    assert.equal(answer.state === 'found' && answer.operation.operationNumber, 'BRANCH2-0001');
    assert.equal(answer.state === 'found' && answer.operation.amount, '7000');
    await h.settle();

    const after = await connectivity(h);
    assert.deepEqual([after.state, after.queued], ['online', 0]);
    assert.ok(after.lastSuccessAt);
    await h.waitFor('connectivity.changed', (c) => c.state === 'online' && c.queued === 0);
    const view = (await h.call('history.get', { localId: mine.localId })).operation;
    assert.equal(view.status, 'captured');
    assert.equal(view.cash, 'hand_over');
    // The other terminal's operation is kept too, findable by its number among those looked up.
    const found = await h.call('history.search', { text: 'BRANCH2-0001', origin: 'lookup' });
    assert.deepEqual(
      found.rows.map((r) => [r.phase, r.status]),
      [['created', 'created']],
    );
    // One create per terminal: this one's and the other branch's.
    assert.equal(h.sandbox.requests('createOperation').length, 2);
    assert.equal(h.sandbox.operationCount(), 2);
    assert.equal(h.probe.duplicateInflight(), 0);
  });

  test('another desk’s operation found by lookup is kept apart, and looked up again only when asked', async (t) => {
    const h = await startHarness(t);
    const mine = await checkout(h, { type: 'payout' });
    await foreignOperation(h.sandbox, 'BRANCH2-0007');
    const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'BRANCH2-0007' });
    assert.equal(found.state, 'found');
    const theirs = found.state === 'found' ? found.operation : undefined;
    assert.equal(theirs?.ownDesk, false);
    assert.equal(theirs?.final, false, 'created, not captured: not settled');

    // History is this desk's own unless the looked-up ones are asked for.
    const numbers = async (request: Request<'history.search'>) =>
      (await h.call('history.search', request)).rows.map((r) => r.operationNumber);
    assert.deepEqual(await numbers({}), [mine.operationNumber]);
    assert.deepEqual(await numbers({ origin: 'counter' }), [mine.operationNumber]);
    assert.deepEqual(await numbers({ origin: 'lookup' }), ['BRANCH2-0007']);
    assert.deepEqual(await numbers({ text: 'BRANCH2', origin: 'lookup' }), ['BRANCH2-0007']);
    assert.deepEqual(await numbers({ text: 'BRANCH2' }), []);

    // A restart looks up this desk's unsettled operation, never the other desk's.
    h.sandbox.resetRequests();
    await h.restart();
    await until(() => lookupsOf(h.sandbox, mine.operationNumber).length >= 1, 'this desk’s own lookup');
    h.sandbox.capture(SHOP, mine.operationNumber);
    await until(
      async () => (await h.call('history.get', { localId: mine.localId })).operation.final,
      'this desk’s operation to settle',
    );
    await h.settle();
    assert.equal(lookupsOf(h.sandbox, 'BRANCH2-0007').length, 0);

    // Its screen asks for it (history.refresh): one lookup, then nothing more until asked again.
    h.sandbox.capture(SHOP, 'BRANCH2-0007');
    await h.call('history.refresh', { localId: theirs!.localId });
    await until(
      async () => (await h.call('history.get', { localId: theirs!.localId })).operation.status === 'captured',
      'the refresh to be answered',
    );
    await h.settle();
    assert.equal(lookupsOf(h.sandbox, 'BRANCH2-0007').length, 1);
    assert.equal((await connectivity(h)).queued, 0);
  });

  test('a queued agent lookup of a number the gateway does not know is answered not found', async (t) => {
    const h = await startHarness(t);
    const online = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'NOPE-1' });
    assert.deepEqual(online, { state: 'not_found', shopId: SHOP, operationNumber: 'NOPE-1' });

    await h.sandbox.goOffline();
    const queued = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'NOPE-2' });
    assert.equal(queued.state, 'queued');
    await h.sandbox.goOnline();
    const answer = await h.waitFor('lookup.answered');
    assert.deepEqual(answer, { state: 'not_found', shopId: SHOP, operationNumber: 'NOPE-2' });
    await h.settle();
    assert.equal((await h.call('history.search', {})).rows.length, 0, 'nothing is invented locally');
  });

  test('a lookup in flight when the core closes is asked again at the next start, not minutes later', async (t) => {
    const h = await startHarness(t);
    await foreignOperation(h.sandbox, 'BRANCH2-0002');
    await h.sandbox.goOffline();
    assert.equal(
      (await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'BRANCH2-0002' })).state,
      'queued',
    );
    // Back online, but the gateway holds the queued lookup; the core closes while it is out.
    h.sandbox.inject('getOperation', { kind: 'delay', ms: 1_500 }, Number.POSITIVE_INFINITY);
    await h.sandbox.goOnline();
    await until(() => lookupsOf(h.sandbox, 'BRANCH2-0002').length > 0, 'the queued lookup in flight');
    await h.restart();
    h.sandbox.clearFaults();
    const answer = await h.waitFor('lookup.answered', () => true, 5_000);
    assert.equal(answer.state === 'found' && answer.operation.operationNumber, 'BRANCH2-0002');
    await h.settle();
  });
});

describe('back-off', () => {
  // The client's own retries are off here, so the queue's back-off is what the gateway sees.
  const noClientRetry = { timeoutMs: 2_000, retry: { limit: 0 } };

  test('a 429 with Retry-After: the next lookup waits at least that long', async (t) => {
    const h = await startHarness(t, {
      gateway: noClientRetry,
      lookups: { failureDelayMs: 20, failureMaxDelayMs: 5_000 },
    });
    const mine = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 429, headers: { 'retry-after': '1' } });
    await until(() => h.sandbox.requests('getOperation').some((r) => r.faulted), 'the 429');
    await h.waitFor('connectivity.changed', (c) => c.state === 'degraded');
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.settle();
    const gaps = gapsAfterFaults(lookupsOf(h.sandbox, mine.operationNumber));
    assert.equal(gaps.length, 1);
    // Request times are whole milliseconds: allow a few for rounding.
    assert.ok(gaps[0]! >= 1_000 - 5, `asked again after ${gaps[0]} ms, Retry-After said 1 s`);
  });

  test('a Retry-After is still honoured when another lookup succeeds meanwhile', async (t) => {
    // Flowing with real time, and moved past the Retry-After instead of waiting it out.
    const clock = testClock({ flowing: true });
    const h = await startHarness(t, {
      gateway: noClientRetry,
      lookups: { failureDelayMs: 20, failureMaxDelayMs: 5_000 },
      clock,
    });
    const first = await checkout(h, { type: 'payout' });
    const second = await checkout(h, { type: 'payout' });
    // One of the two polls meets the 429; the other goes on succeeding, which ends "degraded".
    // Counted from before the fault: on a busy machine both events can land before we look.
    const before = h.events.length;
    h.sandbox.inject('getOperation', { kind: 'respond', status: 429, headers: { 'retry-after': '1' } });
    await until(() => h.sandbox.requests('getOperation').some((r) => r.faulted), 'the 429');
    const state = (e: (typeof h.events)[number], wanted: string) =>
      e.event === 'connectivity.changed' && e.payload.state === wanted;
    // The other operation's next lookup succeeds: the link reads online again after "degraded".
    await until(() => {
      const since = h.events.slice(before);
      const degraded = since.findIndex((e) => state(e, 'degraded'));
      return degraded >= 0 && since.slice(degraded + 1).some((e) => state(e, 'online'));
    }, 'a success after the 429');
    clock.advance(1_100);
    h.sandbox.capture(SHOP, first.operationNumber);
    h.sandbox.capture(SHOP, second.operationNumber);
    await h.settle();
    const gaps = [first, second].flatMap((op) => gapsAfterFaults(lookupsOf(h.sandbox, op.operationNumber)));
    assert.equal(gaps.length, 1);
    assert.ok(gaps[0]! >= 1_000 - 5, `asked again after ${gaps[0]} ms, Retry-After said 1 s`);
  });

  test('failed lookups back off and keep trying until the gateway answers', async (t) => {
    const h = await startHarness(t, { gateway: noClientRetry });
    const mine = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, 6);
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.settle();
    const mineLookups = lookupsOf(h.sandbox, mine.operationNumber);
    assert.equal(mineLookups.filter((r) => r.faulted).length, 6);
    assert.equal(mineLookups.at(-1)?.faulted, false);
    const view = (await h.call('history.get', { localId: mine.localId })).operation;
    assert.equal(view.cash, 'hand_over');
    assert.equal((await connectivity(h)).state, 'online');
  });
});

describe('concurrency', () => {
  test('the concurrency cap holds and no operation ever has two lookups in flight', async (t) => {
    const delay = 250;
    const h = await startHarness(t, { lookups: { concurrency: 2, statusDelayMs: 10, statusMaxDelayMs: 20 } });
    const ops = [];
    for (let i = 0; i < 5; i++) ops.push(await checkout(h, { type: 'payout', payerId: `p${i}` }));
    h.sandbox.resetRequests();
    h.sandbox.inject('getOperation', { kind: 'delay', ms: delay }, Number.POSITIVE_INFINITY);
    // Agents pressing refresh again and again must not double any lookup.
    const deadline = Date.now() + 1_500;
    while (Date.now() < deadline) {
      for (const op of ops) await h.call('history.refresh', { localId: op.localId });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    h.sandbox.clearFaults();
    for (const op of ops) h.sandbox.capture(SHOP, op.operationNumber);
    await h.settle();

    // Every faulted request was held `delay` ms, so two overlap when one starts before the other ends.
    const held = h.sandbox.requests('getOperation').filter((r) => r.faulted);
    assert.ok(held.length >= 6, `only ${held.length} lookups were made`);
    const start = (r: RequestRecord) => Date.parse(r.at);
    // A few ms of slack for whole-millisecond times and timer granularity.
    const overlapping = (r: RequestRecord) =>
      held.filter((o) => start(o) <= start(r) && start(r) < start(o) + delay - 5);
    const peak = Math.max(...held.map((r) => overlapping(r).length));
    assert.ok(peak <= 2, `${peak} lookups in flight at once, the cap is 2`);
    assert.equal(peak, 2, 'the cap is used');
    for (const r of held) {
      const same = overlapping(r).filter((o) => o.path === r.path);
      assert.equal(same.length, 1, `two lookups in flight for ${r.path}`);
    }
    assert.equal(h.probe.duplicateInflight(), 0);
  });
});

describe('token', () => {
  test('live: a 401 on a lookup marks the token rejected and tells the renderer; a good answer clears it', async (t) => {
    const h = await startHarness(t);
    const { settings } = await h.call('app.getState', {});
    const { mode: _mode, ...rest } = settings;
    await goLive(
      h.core.invoke,
      { ...rest, gatewayUrl: h.sandbox.url },
      { tokens: [{ shopId: SHOP, token: h.sandbox.token }], float: [{ currency: 'KZT', total: '50000' }] },
    );
    const mine = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 401 }, Number.POSITIVE_INFINITY);
    const rejected = await h.waitFor('app.changed', (s) =>
      s.tokens.some((x) => x.shopId === SHOP && x.state === 'rejected'),
    );
    assert.equal(rejected.tokens.find((x) => x.shopId === SHOP)?.state, 'rejected');
    // The refusal stops the agent's own lookup too.
    const agent = await h.invoke('lookup.byNumber', { shopId: SHOP, operationNumber: mine.operationNumber });
    assert.equal(!agent.ok && agent.error.kind, 'unauthorized');
    assert.equal((await h.call('app.getState', {})).tokens.find((x) => x.shopId === SHOP)?.state, 'rejected');

    // The gateway takes the token again: the next answer clears the refusal.
    h.sandbox.clearFaults();
    await h.waitFor('app.changed', (s) => s.tokens.every((x) => x.state === 'set'));
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.settle();
    assert.equal((await h.call('app.getState', {})).tokens.find((x) => x.shopId === SHOP)?.state, 'set');
  });

  test('training: a 401 on a lookup is the training gateway’s, never a token to replace, and passes', async (t) => {
    const h = await startHarness(t);
    const mine = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', { kind: 'respond', status: 401 }, 2);
    await until(() => lookupsOf(h.sandbox, mine.operationNumber).length >= 2, 'two refused lookups');
    const state = await h.call('app.getState', {});
    assert.equal(state.tokens.find((x) => x.shopId === SHOP)?.state, 'set');
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.settle();
    const settled = (await h.call('history.get', { localId: mine.localId })).operation;
    assert.equal(settled.status, 'captured');
    assert.equal((await h.call('app.getState', {})).connectivity.state, 'online');
  });
});

describe('unknown outcome', () => {
  test('a create that never reached the gateway resolves to not created only after the session expired', async (t) => {
    const grace = 300;
    const h = await startHarness(t, {
      sandbox: { sessionTtlSeconds: 6 },
      lookups: { notFoundGraceMs: grace },
    });
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', { kind: 'reset' });
    const result = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(!result.ok && result.error.kind, 'outcome_unknown');
    assert.equal(!result.ok && result.error.cash, 'hold');
    assert.equal(h.sandbox.operationCount(), 0);

    // The gateway says 404 again and again, but while the session lives that proves nothing.
    await until(() => lookupsOf(h.sandbox, session.operationNumber).length >= 3, 'a few lookups');
    const waiting = (await h.call('history.get', { localId: session.localId })).operation;
    assert.equal(waiting.phase, 'outcome_unknown');
    assert.equal(waiting.cash, 'hold');

    const settled = await h.waitFor(
      'operation.changed',
      (v) => v.localId === session.localId && v.phase === 'not_created',
      15_000,
    );
    const expiredAt = Date.parse(session.session!.expiredAt);
    assert.ok(Date.parse(settled.updatedAt) >= expiredAt + grace, 'concluded only after expiry and grace');
    assert.equal(settled.cash, 'none');
    assert.equal(settled.final, true);
    await h.settle();
    const rows = await reconcile(h);
    assert.deepEqual(
      rows.map((r) => r.phase),
      ['not_created'],
    );
    assert.equal(h.sandbox.requests('createOperation').length, 1, 'never a second POST');
  });
});

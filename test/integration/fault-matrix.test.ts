// The fault matrix: every step of a checkout (list methods, open session, create operation, look
// up) against every way the gateway can fail (timeout, 5xx, 429, reset, commit-then-drop, invalid
// reply, unauthorized), injected in the sandbox over real HTTP. Each case shows:
//   (a) no duplicate: createOperation is POSTed at most once per session, and the sandbox holds no
//       more operations than local history shows as created;
//   (b) no lost record: every operation the sandbox holds ends up in history as `created`;
//   (c) the right message: the error kind and cash advice; an unknown outcome says `hold`, and is
//       settled later by lookup (GET), never by a second POST.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AppError, ErrorKind, Result } from '../../common/contract.ts';
import { COMMIT_THEN_DROP, type Fault } from '../../main/sandbox/server.ts';
import {
  checkout,
  type Harness,
  METHODS,
  openSession,
  reconcile,
  requisitesFor,
  SHOP,
  startHarness,
} from '../support/core.ts';

type Case = {
  name: string;
  fault: Fault;
  /** What the agent is told. */
  kind: ErrorKind;
  /** For a POST: whether the sandbox committed before misbehaving. */
  committed?: boolean;
  /**
   * Connectivity the terminal reports after the failure. The harness desk is in training, where a
   * refused token is the training gateway misbehaving, not a token for a supervisor to replace.
   */
  link: 'offline' | 'degraded';
};

const RETRY_AFTER = { 'retry-after': '1' };

/** Failures of a GET: retried by the client, never committing anything. */
const GET_FAULTS: Case[] = [
  { name: 'timeout', fault: { kind: 'hang' }, kind: 'timeout', link: 'offline' },
  { name: '5xx', fault: { kind: 'respond', status: 502 }, kind: 'server', link: 'degraded' },
  {
    name: '429 with Retry-After',
    fault: { kind: 'respond', status: 429, headers: RETRY_AFTER },
    kind: 'rate_limited',
    link: 'degraded',
  },
  { name: 'connection reset', fault: { kind: 'reset' }, kind: 'unreachable', link: 'offline' },
  { name: 'commit-then-drop', fault: COMMIT_THEN_DROP, kind: 'unreachable', link: 'offline' },
  {
    name: 'invalid response',
    fault: { kind: 'respond', status: 200, body: 'not json' },
    kind: 'invalid_response',
    link: 'degraded',
  },
  {
    name: 'unauthorized (401)',
    fault: { kind: 'respond', status: 401 },
    kind: 'unauthorized',
    link: 'degraded',
  },
];

/** Failures of a POST, before and after the sandbox commits. `kind` is what the gateway error says. */
const POST_FAULTS: Case[] = [
  {
    name: 'timeout before commit',
    fault: { kind: 'hang' },
    kind: 'timeout',
    committed: false,
    link: 'offline',
  },
  {
    name: 'timeout after commit',
    fault: { kind: 'hang', afterCommit: true },
    kind: 'timeout',
    committed: true,
    link: 'offline',
  },
  {
    name: '5xx before commit',
    fault: { kind: 'respond', status: 500 },
    kind: 'server',
    committed: false,
    link: 'degraded',
  },
  {
    name: '5xx after commit',
    fault: { kind: 'respond', status: 500, afterCommit: true },
    kind: 'server',
    committed: true,
    link: 'degraded',
  },
  {
    name: '429 with Retry-After',
    fault: { kind: 'respond', status: 429, headers: RETRY_AFTER },
    kind: 'rate_limited',
    committed: false,
    link: 'degraded',
  },
  {
    name: 'connection reset',
    fault: { kind: 'reset' },
    kind: 'unreachable',
    committed: false,
    link: 'offline',
  },
  {
    name: 'commit-then-drop',
    fault: COMMIT_THEN_DROP,
    kind: 'unreachable',
    committed: true,
    link: 'offline',
  },
  {
    name: 'invalid response',
    fault: { kind: 'respond', status: 200, body: 'not json' },
    kind: 'invalid_response',
    committed: false,
    link: 'degraded',
  },
  {
    name: 'invalid response after commit',
    fault: { kind: 'respond', status: 200, body: 'not json', afterCommit: true },
    kind: 'invalid_response',
    committed: true,
    link: 'degraded',
  },
  {
    name: 'unauthorized (401)',
    fault: { kind: 'respond', status: 401 },
    kind: 'unauthorized',
    committed: false,
    link: 'degraded',
  },
];

/** Outcome unknown: the POST may have been committed (no reply, 5xx, or a 2xx we cannot read). */
const unknownOutcome = (c: Case) => c.kind !== 'rate_limited' && c.kind !== 'unauthorized';

function failure<T>(result: Result<T>): AppError {
  assert.equal(result.ok, false, `expected a failure, got ${JSON.stringify(result)}`);
  return (result as { ok: false; error: AppError }).error;
}

async function tokenState(h: Harness) {
  return (await h.call('app.getState', {})).tokens.find((s) => s.shopId === SHOP)?.state;
}

async function assertMessageOnLink(h: Harness, c: Case) {
  const state = await h.call('app.getState', {});
  assert.equal(state.connectivity.state, c.link, 'connectivity shown to the agent');
  assert.equal(await tokenState(h), 'set', 'a training desk never waits for a supervisor’s token');
}

/** After the fault is gone, the terminal works again, and says so. */
async function assertRecovers(h: Harness) {
  h.sandbox.clearFaults();
  const next = await checkout(h, { type: 'payout' });
  assert.equal(next.phase, 'created');
  const state = await h.call('app.getState', {});
  assert.equal(state.connectivity.state, 'online');
  assert.equal(await tokenState(h), 'set');
  return next;
}

describe('fault matrix', { concurrency: true }, () => {
  describe('step: list payment methods', { concurrency: 2 }, () => {
    for (const c of GET_FAULTS) {
      test(`list methods × ${c.name}: ${c.kind}, cash none, nothing stored or sent`, async (t) => {
        const h = await startHarness(t);
        // Every attempt fails, retries included.
        h.sandbox.inject('listPaymentMethodTypes', c.fault, Number.POSITIVE_INFINITY);
        const error = failure(
          await h.invoke('checkout.listMethods', { shopId: SHOP, operationType: 'payin' }),
        );
        assert.equal(error.kind, c.kind);
        assert.equal(error.cash, 'none');
        await assertMessageOnLink(h, c);

        // Opening a session needs the method's bounds; with no list, nothing is sent or stored.
        const open = failure(
          await h.invoke('checkout.openSession', {
            shopId: SHOP,
            operationType: 'payin',
            paymentMethodId: METHODS.cashKztIn,
            amount: '1000',
            payerId: 'payer-1',
          }),
        );
        assert.equal(open.kind, c.kind);
        assert.equal(open.cash, 'none');
        assert.equal(h.sandbox.requests('openSession').length, 0);
        assert.equal((await h.call('history.search', {})).rows.length, 0);

        await assertRecovers(h);
        const rows = await reconcile(h);
        assert.equal(rows.length, 1);
        assert.equal(h.sandbox.operationCount(), 1);
        assert.equal(h.sandbox.requests('createOperation').length, 1);
      });
    }
  });

  describe('step: open session', { concurrency: 3 }, () => {
    for (const c of POST_FAULTS) {
      test(`open session × ${c.name}: ${c.kind}, cash none, session failed, next one gets a new number`, async (t) => {
        const h = await startHarness(t);
        await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payout' });
        h.sandbox.inject('openSession', c.fault);
        const error = failure(
          await h.invoke('checkout.openSession', {
            shopId: SHOP,
            operationType: 'payout',
            paymentMethodId: METHODS.cashKztOut,
            amount: '5000',
            payerId: 'payer-1',
          }),
        );
        // No operation can exist without a create request: whatever happened, no cash moves.
        assert.equal(error.kind, c.kind);
        assert.equal(error.cash, 'none');
        assert.ok(error.localId, 'the error names the failed attempt');
        assert.equal(h.sandbox.requests('openSession').length, 1, 'a POST is never retried');
        await assertMessageOnLink(h, c);

        const failed = (await h.call('history.get', { localId: error.localId })).operation;
        assert.equal(failed.phase, 'session_failed');
        assert.equal(failed.cash, 'none');
        assert.equal(failed.final, true);
        assert.equal(failed.lastError?.kind, c.kind);

        const next = await assertRecovers(h);
        assert.notEqual(next.operationNumber, failed.operationNumber, 'the number is never reused');
        const rows = await reconcile(h);
        assert.deepEqual(
          rows.map((r) => r.phase),
          ['created', 'session_failed'],
        );
        assert.equal(h.sandbox.operationCount(), 1);
        assert.equal(h.sandbox.requests('createOperation').length, 1);
      });
    }
  });

  describe('step: create operation', { concurrency: 5 }, () => {
    for (const c of POST_FAULTS) {
      const unknown = unknownOutcome(c);
      const outcome = unknown
        ? `outcome unknown, hold, then ${c.committed ? 'found' : 'not created'} by lookup`
        : `${c.kind}, cash none, nothing created`;
      test(`create operation × ${c.name}: ${outcome}`, async (t) => {
        // A 6 s session: long enough to pass the 5 s skew check, short enough to settle "not created".
        const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 6 } });
        const session = await openSession(h, { type: 'payout' });
        h.sandbox.inject('createOperation', c.fault);
        const error = failure(
          await h.invoke('checkout.createOperation', {
            localId: session.localId,
            payerRequisites: requisitesFor(session),
          }),
        );
        assert.equal(error.localId, session.localId);
        assert.equal(h.sandbox.operationCount(), c.committed ? 1 : 0, 'the fault committed as scripted');
        await assertMessageOnLink(h, c);

        const right = (await h.call('history.get', { localId: session.localId })).operation;
        if (unknown) {
          assert.equal(error.kind, 'outcome_unknown');
          assert.equal(error.cash, 'hold', 'no cash may move until the outcome is known');
          assert.equal(right.phase, 'outcome_unknown');
          assert.equal(right.cash, 'hold');
          assert.equal(right.lastError?.kind, c.kind);
          // The agent presses create again: the answer is the same operation, and no second POST.
          const again = await h.invoke('checkout.createOperation', {
            localId: session.localId,
            payerRequisites: requisitesFor(session),
          });
          assert.equal(again.ok && again.value.localId, session.localId);
          assert.equal(again.ok && again.value.cash, 'hold');
          assert.equal(h.sandbox.requests('createOperation').length, 1);
        } else {
          assert.equal(error.kind, c.kind);
          assert.equal(error.cash, 'none');
          // Refused before anything was created: the session may still be used.
          assert.equal(right.phase, 'session_open');
        }

        // The fault is gone and the token works again; the books must settle by themselves.
        h.sandbox.clearFaults();
        const rows = await reconcile(h);
        assert.equal(h.sandbox.requests('createOperation').length, 1, 'one POST for the session, ever');
        assert.equal(h.sandbox.operationCount(), c.committed ? 1 : 0, 'no duplicate');
        const settled = (await h.call('history.get', { localId: session.localId })).operation;
        assert.equal(rows.length, 1);
        if (!unknown) {
          assert.equal(settled.phase, 'session_open');
          return;
        }
        // Settled by GET: the lookup found it, or (once the session expired) found nothing.
        assert.ok(h.sandbox.requests('getOperation').length >= 1, 'resolved by lookup');
        const log = (await h.call('history.get', { localId: session.localId })).events.map((e) => e.kind);
        assert.ok(log.includes('outcome_unknown'), log.join());
        if (c.committed) {
          assert.equal(settled.phase, 'created');
          assert.equal(settled.status, 'captured');
          assert.equal(settled.cash, 'hand_over');
          assert.ok(log.includes('resolved'), log.join());
        } else {
          assert.equal(settled.phase, 'not_created');
          assert.equal(settled.cash, 'none');
          assert.equal(settled.final, true);
          assert.ok(log.includes('resolved_not_created'), log.join());
          assert.ok(
            settled.session && Date.now() >= Date.parse(settled.session.expiredAt),
            'not created is concluded only after the session expired',
          );
        }
      });
    }
  });

  describe('step: look up an operation', { concurrency: 3 }, () => {
    for (const c of GET_FAULTS) {
      const outcome = c.kind === 'unauthorized' ? 'refused as unauthorized' : 'queued';
      test(`lookup × ${c.name}: ${outcome}, cash stays hold, answered once the gateway is back`, async (t) => {
        const h = await startHarness(t);
        const created = await checkout(h, { type: 'payout' });
        h.sandbox.inject('getOperation', c.fault, Number.POSITIVE_INFINITY);
        h.sandbox.capture(SHOP, created.operationNumber);

        const result = await h.invoke('lookup.byNumber', {
          shopId: SHOP,
          operationNumber: created.operationNumber,
        });
        if (c.kind === 'unauthorized') {
          const error = failure(result);
          assert.equal(error.kind, 'unauthorized');
          assert.equal(error.cash, 'none');
        } else {
          assert.equal(result.ok, true);
          assert.deepEqual(result.ok && result.value, {
            state: 'queued',
            shopId: SHOP,
            operationNumber: created.operationNumber,
          });
          const state = await h.call('app.getState', {});
          assert.ok(state.connectivity.queued >= 1, 'the queued lookup is counted');
        }
        await assertMessageOnLink(h, c);
        // Captured at the gateway, but this terminal cannot see it: it must not say hand over.
        const meanwhile = (await h.call('history.get', { localId: created.localId })).operation;
        assert.equal(meanwhile.status, 'created');
        assert.equal(meanwhile.cash, 'hold');

        h.sandbox.clearFaults();
        const rows = await reconcile(h);
        assert.equal(rows.length, 1);
        const settled = (await h.call('history.get', { localId: created.localId })).operation;
        assert.equal(settled.cash, 'hand_over');
        if (c.kind !== 'unauthorized') {
          const answer = await h.waitFor('lookup.answered', (a) => a.state === 'found');
          assert.equal(answer.state === 'found' && answer.operation.localId, created.localId);
        }
        const state = await h.call('app.getState', {});
        assert.equal(state.connectivity.state, 'online');
        assert.equal(await tokenState(h), 'set');
        assert.equal(h.sandbox.requests('createOperation').length, 1);
        assert.equal(h.sandbox.operationCount(), 1);
        assert.equal(h.probe.duplicateInflight(), 0);
      });
    }
  });

  describe('step: look up an unknown outcome (commit-then-drop, then the lookups fail too)', {
    concurrency: 3,
  }, () => {
    for (const c of GET_FAULTS) {
      test(`resolve × ${c.name}: the lookup is retried until it finds the operation; never a second POST`, async (t) => {
        const h = await startHarness(t);
        const session = await openSession(h, { type: 'payout' });
        h.sandbox.inject('createOperation', COMMIT_THEN_DROP);
        // Fails the first few lookups, retries included, then lets them through.
        h.sandbox.inject('getOperation', c.fault, 4);
        const error = failure(
          await h.invoke('checkout.createOperation', {
            localId: session.localId,
            payerRequisites: requisitesFor(session),
          }),
        );
        assert.equal(error.kind, 'outcome_unknown');
        assert.equal(error.cash, 'hold');

        const rows = await reconcile(h);
        assert.equal(rows.length, 1);
        const settled = (await h.call('history.get', { localId: session.localId })).operation;
        assert.equal(settled.phase, 'created');
        assert.equal(settled.cash, 'hand_over');
        assert.ok(h.sandbox.requests('getOperation').filter((r) => r.faulted).length === 4);
        assert.equal(h.sandbox.requests('createOperation').length, 1);
        assert.equal(h.sandbox.operationCount(), 1);
        assert.equal(await tokenState(h), 'set');
      });
    }
  });
});

/** A well-formed reply about some other operation: the gateway answered, but not the question asked. */
const ANOTHER_OPERATION: Fault = {
  kind: 'mutate',
  mutate: (json) => {
    const reply = json as { data: { operation: Record<string, unknown> } };
    return {
      ...reply,
      data: { ...reply.data, operation: { ...reply.data.operation, operationNumber: 'SOMEONE-ELSE' } },
    };
  },
};

describe('a reply about another operation', { concurrency: true }, () => {
  test('create × reply names another operation: outcome unknown, hold, then found by lookup', async (t) => {
    const h = await startHarness(t);
    const session = await openSession(h, { type: 'payout' });
    h.sandbox.inject('createOperation', ANOTHER_OPERATION);
    const error = failure(
      await h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: requisitesFor(session),
      }),
    );
    assert.equal(error.kind, 'outcome_unknown');
    assert.equal(error.cash, 'hold');
    const rows = await reconcile(h);
    assert.deepEqual(
      rows.map((r) => [r.operationNumber, r.phase]),
      [[session.operationNumber, 'created']],
    );
    assert.equal(h.sandbox.requests('createOperation').length, 1);
  });

  test('lookup × reply names another operation: not taken as an answer; the right one is found later', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    h.sandbox.capture(SHOP, created.operationNumber);
    h.sandbox.inject('getOperation', ANOTHER_OPERATION, 3);
    const rows = await reconcile(h);
    assert.deepEqual(
      rows.map((r) => [r.operationNumber, r.phase, r.status]),
      [[created.operationNumber, 'created', 'captured']],
      'no phantom operation, and the real one settled',
    );
    assert.equal(h.sandbox.requests('getOperation').filter((r) => r.faulted).length, 3);
  });

  test('agent lookup × reply names another operation: queued, no phantom in history', async (t) => {
    const h = await startHarness(t);
    const created = await checkout(h, { type: 'payout' });
    h.sandbox.inject('getOperation', ANOTHER_OPERATION, Number.POSITIVE_INFINITY);
    const result = await h.invoke('lookup.byNumber', {
      shopId: SHOP,
      operationNumber: created.operationNumber,
    });
    assert.equal(result.ok && result.value.state, 'queued');
    assert.equal((await h.call('app.getState', {})).connectivity.state, 'degraded');
    h.sandbox.clearFaults();
    h.sandbox.capture(SHOP, created.operationNumber);
    const rows = await reconcile(h);
    assert.deepEqual(
      rows.map((r) => r.operationNumber),
      [created.operationNumber],
    );
  });
});

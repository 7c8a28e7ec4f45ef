// Crash safety: the core runs one checkout in a child process (test/support/crash-child.ts) against
// the sandbox running here, and is killed with SIGKILL at each step of the flow. A new core then
// opens the same data dir, and once the queue has drained the books must balance:
// - the history holds every operation the sandbox holds, reconciled by lookup (`created`);
// - none was created twice (the sandbox's operation count and createOperation POSTs);
// - none was lost: every locally allocated number is created, abandoned or not created.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, type TestContext, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Fault, RouteName } from '../../main/sandbox/server.ts';
import { COMMIT_THEN_DROP } from '../../main/sandbox/server.ts';
import { foreignOperation, type Harness, reconcile, startHarness, until } from '../support/core.ts';
import type { CrashChildConfig } from '../support/crash-child.ts';

const CHILD = fileURLToPath(new URL('../support/crash-child.ts', import.meta.url));

type Child = {
  steps: { name: string; detail: Record<string, unknown> }[];
  reached(name: string): boolean;
  kill(): Promise<void>;
};

function startChild(
  t: TestContext,
  h: Harness,
  options: Pick<CrashChildConfig, 'pauseAt' | 'lookup'>,
): Child {
  const config: CrashChildConfig = {
    dataDir: h.dataDir,
    keychainService: h.keychainService,
    url: h.sandbox.url,
    token: h.sandbox.token,
    type: 'payout',
    ...options,
  };
  const process_: ChildProcess = spawn(process.execPath, [CHILD, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(process_, 'exit');
  const steps: Child['steps'] = [];
  let stderr = '';
  let buffer = '';
  process_.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const match = /^step (\S+) (.*)$/.exec(line);
      if (match) steps.push({ name: match[1]!, detail: JSON.parse(match[2]!) });
    }
  });
  process_.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  t.after(() => {
    if (process_.exitCode === null && process_.signalCode === null) process_.kill('SIGKILL');
  });
  return {
    steps,
    reached: (name) => {
      if (process_.exitCode !== null)
        throw new Error(`the child exited early (${process_.exitCode}): ${stderr}`);
      const failed = steps.find((s) => s.name === 'failed');
      if (failed) throw new Error(`the child's checkout failed: ${JSON.stringify(failed.detail)}`);
      return steps.some((s) => s.name === name);
    },
    async kill() {
      process_.kill('SIGKILL');
      await exited;
      assert.equal(process_.signalCode, 'SIGKILL', 'the child was killed, not finished');
    },
  };
}

type KillPoint = {
  name: string;
  /** Faults scripted on the sandbox before the child starts. */
  faults?: [RouteName, Fault][];
  /** The child stops after this step and waits for the kill. */
  pauseAt?: string;
  /** Kill once this holds. */
  killWhen: (h: Harness, child: Child) => boolean;
  /** The local phase the operation must settle in; undefined when nothing may be stored. */
  settles: 'created' | 'abandoned' | 'not_created' | undefined;
  /** The gateway holds the session for the number: proven after the kill by a refused reuse. */
  sessionCommitted?: boolean;
};

/** Opens a session with this number, as a reuse would: the gateway refuses a number it already holds. */
async function sessionStatus(h: Harness, operationNumber: string): Promise<number> {
  const response = await fetch(`${h.sandbox.url}/api/v1/agents/sessions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'api-access-token': h.sandbox.token,
    },
    body: JSON.stringify({
      paymentMethodTypeId: '5b1e7c1a-0a11-4c6e-9d11-000000000201',
      operationType: 'payout',
      shopId: 1001,
      operationNumber,
      payerId: 'probe',
      amount: '5000',
      currency: 'KZT',
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

const POINTS: KillPoint[] = [
  {
    name: 'before the session is opened',
    pauseAt: 'listed',
    killWhen: (_, c) => c.reached('listed'),
    settles: undefined,
  },
  {
    name: 'while the session request is out',
    faults: [['openSession', { kind: 'hang' }]],
    killWhen: (h, c) => c.reached('phase:opening') && h.sandbox.requests('openSession').length === 1,
    settles: 'abandoned',
  },
  {
    name: 'after the gateway opened the session, before the reply',
    faults: [['openSession', { kind: 'hang', afterCommit: true }]],
    // The body is tiny and the commit synchronous once it is read: 300 ms after arrival it is done.
    killWhen: (h, c) => {
      const arrived = h.sandbox.requests('openSession')[0];
      return c.reached('phase:opening') && arrived !== undefined && Date.now() - Date.parse(arrived.at) > 300;
    },
    settles: 'abandoned',
    sessionCommitted: true,
  },
  {
    name: 'after the session is open',
    pauseAt: 'session_open',
    killWhen: (_, c) => c.reached('session_open'),
    settles: 'abandoned',
  },
  {
    name: 'while the create request is out, before the gateway commits',
    faults: [['createOperation', { kind: 'hang' }]],
    killWhen: (h, c) => c.reached('phase:creating') && h.sandbox.requests('createOperation').length === 1,
    settles: 'not_created',
  },
  {
    name: 'after the gateway committed, before the reply',
    faults: [['createOperation', { kind: 'hang', afterCommit: true }]],
    killWhen: (h, c) => c.reached('phase:creating') && h.sandbox.operationCount() === 1,
    settles: 'created',
  },
  {
    name: 'after the created reply was persisted',
    pauseAt: 'created',
    killWhen: (_, c) => c.reached('created'),
    settles: 'created',
  },
  {
    name: 'during status polling, with a lookup in flight',
    faults: [['getOperation', { kind: 'delay', ms: 1_000 }]],
    killWhen: (h, c) => c.reached('created') && h.sandbox.requests('getOperation').length >= 1,
    settles: 'created',
  },
  {
    name: 'while an unknown outcome is being resolved',
    faults: [
      ['createOperation', COMMIT_THEN_DROP],
      ['getOperation', { kind: 'delay', ms: 1_000 }],
    ],
    killWhen: (h, c) => c.reached('phase:outcome_unknown') && h.sandbox.requests('getOperation').length >= 1,
    settles: 'created',
  },
];

describe('SIGKILL at every step of a checkout, then restart', { concurrency: 3 }, () => {
  for (const point of POINTS) {
    test(`killed ${point.name}: ${point.settles ?? 'nothing stored'}, nothing duplicated or lost`, async (t) => {
      // A 6 s session: passes the 5 s skew check, and lets "not created" settle within the test.
      const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 6 }, openCore: false });
      for (const [route, fault] of point.faults ?? []) h.sandbox.inject(route, fault);
      const child = startChild(t, h, point.pauseAt ? { pauseAt: point.pauseAt } : {});
      await until(
        () => point.killWhen(h, child),
        `the child to reach the kill point (${point.name})`,
        60_000,
      );
      await child.kill();
      const postsBefore = h.sandbox.requests('createOperation').length;
      const heldBefore = h.sandbox.operationCount();
      h.sandbox.clearFaults();

      await h.restart();
      const rows = await reconcile(h);

      // Nothing was re-sent after the restart: settled by lookup only.
      assert.equal(h.sandbox.requests('createOperation').length, postsBefore, 'no POST after the restart');
      assert.ok(postsBefore <= 1, 'one create request for the session, at most');
      assert.equal(h.sandbox.operationCount(), heldBefore, 'nothing created after the kill');
      assert.ok(heldBefore <= 1);
      assert.equal(h.sandbox.requests('openSession').length, point.settles ? 1 : 0);

      if (!point.settles) {
        assert.deepEqual(rows, [], 'nothing was stored, and nothing reached the gateway');
        return;
      }
      assert.equal(rows.length, 1, 'one locally allocated number, accounted for');
      const [row] = rows;
      assert.equal(row!.phase, point.settles);
      assert.equal(heldBefore, point.settles === 'created' ? 1 : 0);
      const { operation, events } = await h.call('history.get', { localId: row!.localId });
      if (point.settles === 'created') {
        assert.equal(operation.status, 'captured');
        assert.equal(operation.cash, 'hand_over');
        assert.ok(operation.gatewayId);
      } else {
        assert.equal(operation.cash, 'none');
        assert.equal(operation.final, true);
      }
      if (point.sessionCommitted) {
        assert.equal(await sessionStatus(h, row!.operationNumber), 409, 'the gateway did open that session');
      }
      if (point.settles === 'not_created') {
        const kinds = events.map((e) => e.kind);
        assert.ok(kinds.includes('interrupted'), kinds.join());
        assert.ok(kinds.includes('resolved_not_created'), kinds.join());
      }
      // A new checkout after the restart gets a fresh number: none is ever reused.
      const childNumber = row!.operationNumber;
      const next = await h.call('checkout.listMethods', { shopId: 1001, operationType: 'payin' });
      assert.ok(next.length > 0);
      const session = await h.call('checkout.openSession', {
        shopId: 1001,
        operationType: 'payin',
        paymentMethodId: next[0]!.id,
        amount: next[0]!.minAmount,
        payerId: 'after-restart',
      });
      assert.notEqual(session.operationNumber, childNumber);
    });
  }
});

describe('SIGKILL during an agent lookup, then restart', () => {
  test("killed while a queued lookup of another terminal's operation is out: answered soon after the restart", async (t) => {
    const h = await startHarness(t, { openCore: false });
    await foreignOperation(h.sandbox, 'BRANCH2-0042');
    // The agent's direct lookup fails (both tries), so it is queued; the queue's own try then hangs.
    h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, 2);
    h.sandbox.inject('getOperation', { kind: 'hang' });
    const child = startChild(t, h, { lookup: 'BRANCH2-0042' });
    await until(
      () => child.reached('lookup') && h.sandbox.requests('getOperation').length === 3,
      'the queued lookup to be out',
    );
    await child.kill();
    h.sandbox.clearFaults();

    await h.restart();
    const answer = await h.waitFor('lookup.answered', () => true, 5_000);
    assert.equal(answer.state === 'found' && answer.operation.operationNumber, 'BRANCH2-0042');
    await h.settle();
    const rows = (await h.call('history.search', { text: 'BRANCH2-0042', origin: 'lookup' })).rows;
    assert.equal(rows.length, 1);
    assert.equal(h.sandbox.operationCount(), 1);
  });
});

// The core in its own process (main/host/): a real Node child running a real core over a real
// sandbox, driven through the client the shell and the e2e harness use. A child killed between a
// call and its answer gives the typed hold error, comes back by itself, and its startup recovery
// settles the operation by looking it up, never by a second create; a clean close never restarts.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ConnectionState, OperationView, Result } from '../../common/contract.ts';
import { startHostClient } from '../../main/host/client.ts';
import { forkHost } from '../../main/host/fork.ts';
import {
  CORE_GAVE_UP,
  type HostedCore,
  type HostProcess,
  HostStartError,
  MAX_RESTARTS,
  type SpawnHost,
} from '../../main/host/hosted-core.ts';
import type { Printer } from '../../main/receipts/printer.ts';
import { type Sandbox, startSandbox } from '../../main/sandbox/server.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { FAST_GATEWAY, FAST_LOOKUPS, METHODS, REQUISITE_VALUES, SHOP, until } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';

/** Never called: the core fails before it would reach a gateway. */
const UNUSED_GATEWAY = { url: 'http://127.0.0.1:9', token: 'unused' };

const printer: Printer = {
  list: async () => [{ name: 'counter-80', displayName: 'Counter printer' }],
  print: async () => ({ printed: true }),
  printToPdf: async () => new Uint8Array([37, 80, 68, 70]),
  choosePdfPath: async () => null,
  chooseCsvPath: async () => null,
};

async function startHosted(
  t: TestContext,
  spawn: SpawnHost = forkHost(),
): Promise<{ core: HostedCore; sandbox: Sandbox; states: ConnectionState[]; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-host-'));
  const sandbox = await startSandbox({ port: 0, token: randomBytes(18).toString('base64url') });
  const core = await startHostClient({
    spawn,
    logFile: join(dataDir, 'cashdesk.log'),
    core: {
      dataDir,
      keychainService: `cashdesk-test-${randomUUID()}`,
      training: { url: sandbox.url, token: sandbox.token },
      gateway: FAST_GATEWAY,
      lookups: FAST_LOOKUPS,
      printer,
    },
  });
  const states: ConnectionState[] = [];
  core.on((event, payload) => {
    if (event === 'core.connection') states.push((payload as { state: ConnectionState }).state);
  });
  t.after(async () => {
    await core.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { core, sandbox, states, dataDir };
}

async function call<T>(core: HostedCore, channel: string, request: unknown): Promise<T> {
  const result = (await core.invoke(channel, request)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

test('a core killed between a create and its answer: the hold error, a restart, one operation', async (t) => {
  const { core, sandbox, states } = await startHosted(t);
  // The shell's printer answers the core's calls across the boundary.
  const printers = await call<{ printers: unknown[] }>(core, 'receipts.printers', {});
  assert.deepEqual(printers.printers, [{ name: 'counter-80', displayName: 'Counter printer' }]);

  await call(core, 'shift.openTraining', {});
  await call(core, 'checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  const session = await call<OperationView>(core, 'checkout.openSession', {
    shopId: SHOP,
    operationType: 'payin',
    paymentMethodId: METHODS.cashKztIn,
    amount: '5000',
    payerId: 'payer-killed',
  });
  // The gateway creates the operation and holds its answer: the core is killed while it waits.
  sandbox.inject('createOperation', { kind: 'hang', afterCommit: true });
  const first = core.pid;
  const creating = core.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: (session.session?.payerRequisites ?? []).map((d) => ({
      name: d.name,
      value: REQUISITE_VALUES[d.name] ?? 'x',
    })),
  });
  await until(() => sandbox.requests('createOperation').length === 1, 'the create at the gateway');
  process.kill(first!, 'SIGKILL');

  const answer = await creating;
  assert.equal(answer.ok, false);
  assert.deepEqual(
    !answer.ok && { kind: answer.error.kind, cash: answer.error.cash, localId: answer.error.localId },
    {
      kind: 'outcome_unknown',
      cash: 'hold',
      localId: session.localId,
    },
  );
  // A call made while it restarts waits for it, rather than failing.
  const state = await core.invoke('app.getState', {});
  assert.equal(state.ok, true);
  assert.deepEqual(states, ['reconnecting', 'connected']);
  assert.notEqual(core.pid, first);

  // Startup recovery looked the operation up: it exists once, and was never posted again.
  await until(async () => {
    const view = await call<{ operation: OperationView }>(core, 'history.get', { localId: session.localId });
    return view.operation.phase === 'created';
  }, 'recovery to find the operation');
  assert.equal(sandbox.requests('createOperation').length, 1);
  assert.equal(sandbox.operationCount(), 1);
});

test('a core killed under a read and a write: the read is asked again of the new core, only the write is held', async (t) => {
  const { core, sandbox } = await startHosted(t);
  await call(core, 'shift.openTraining', {});
  await call(core, 'checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  const session = await call<OperationView>(core, 'checkout.openSession', {
    shopId: SHOP,
    operationType: 'payin',
    paymentMethodId: METHODS.cashKztIn,
    amount: '5000',
    payerId: 'payer-read-and-write',
  });
  sandbox.inject('createOperation', { kind: 'hang', afterCommit: true });
  sandbox.inject('getOperation', { kind: 'hang' });
  const creating = core.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: (session.session?.payerRequisites ?? []).map((d) => ({
      name: d.name,
      value: REQUISITE_VALUES[d.name] ?? 'x',
    })),
  });
  const looking = core.invoke('lookup.byNumber', { shopId: SHOP, operationNumber: 'T01-261122-0042' });
  await until(
    () => sandbox.requests('createOperation').length === 1 && sandbox.requests('getOperation').length === 1,
    'the create and the lookup at the gateway',
  );
  process.kill(core.pid!, 'SIGKILL');

  const written = await creating;
  assert.deepEqual(!written.ok && [written.error.kind, written.error.cash], ['outcome_unknown', 'hold']);
  const read = await looking;
  assert.equal(read.ok, true, JSON.stringify(read));
  assert.equal(read.ok && (read.value as { state: string }).state, 'not_found');
  assert.equal(sandbox.requests('createOperation').length, 1, 'the write was never sent again');
});

test('an error nothing caught in the core ends it: the write in flight is held, a new core finds the operation', async (t) => {
  const processes: HostProcess[] = [];
  const spawnThrowing = forkHost(fileURLToPath(new URL('../support/throwing-host.ts', import.meta.url)));
  const { core, sandbox, states, dataDir } = await startHosted(t, () => {
    const started = spawnThrowing() as HostProcess;
    processes.push(started);
    return started;
  });
  await call(core, 'shift.openTraining', {});
  await call(core, 'checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  const session = await call<OperationView>(core, 'checkout.openSession', {
    shopId: SHOP,
    operationType: 'payin',
    paymentMethodId: METHODS.cashKztIn,
    amount: '5000',
    payerId: 'payer-uncaught',
  });
  sandbox.inject('createOperation', { kind: 'hang', afterCommit: true });
  const creating = core.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: (session.session?.payerRequisites ?? []).map((d) => ({
      name: d.name,
      value: REQUISITE_VALUES[d.name] ?? 'x',
    })),
  });
  await until(() => sandbox.requests('createOperation').length === 1, 'the create at the gateway');
  const first = processes[0]!;
  let ended = false;
  first.onExit(() => {
    ended = true;
  });
  first.send({ type: 'test.throw' } as unknown as Parameters<HostProcess['send']>[0]);
  await until(() => ended, 'the core to end');

  const answer = await creating;
  assert.deepEqual(!answer.ok && [answer.error.kind, answer.error.cash, answer.error.localId], [
    'outcome_unknown',
    'hold',
    session.localId,
  ]);
  await until(() => states.includes('connected'), 'the new core');
  assert.deepEqual(states, ['reconnecting', 'connected']);
  assert.equal(processes.length, 2);
  const log = readFileSync(join(dataDir, 'cashdesk.log'), 'utf8');
  assert.match(log, /"event":"core_uncaught_exception".*a bug nothing caught/);
  await until(async () => {
    const view = await call<{ operation: OperationView }>(core, 'history.get', { localId: session.localId });
    return view.operation.phase === 'created';
  }, 'recovery to find the operation');
  assert.equal(sandbox.requests('createOperation').length, 1);
});

test('the updater asks across: no feed on an unguarded desk, the URL once a supervisor PIN guards it', async (t) => {
  const { core } = await startHosted(t);
  const url = 'https://updates.example.com/cashdesk';
  assert.equal(await core.updates.feed(url), null);
  await call(core, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
  assert.equal(await core.updates.feed(url), url);
});

test('a clean close ends the process and never restarts it', async (t) => {
  const { core, states } = await startHosted(t);
  const pid = core.pid!;
  await core.close();
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  assert.deepEqual(states, []);
  const after = await core.invoke('app.getState', {});
  assert.deepEqual(after, {
    ok: false,
    error: { kind: 'conflict', key: 'core.closing', message: 'CashDesk is closing.', cash: 'none' },
  });
});

test('the built bundle the app starts (dist/main/host.js) serves the same protocol', async (t) => {
  const bundle = fileURLToPath(new URL('../../dist/main/host.js', import.meta.url));
  assert.ok(existsSync(bundle), 'run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-host-bundle-'));
  const core = await startHostClient({
    spawn: forkHost(bundle),
    logFile: join(dataDir, 'cashdesk.log'),
    // No training gateway given: the core starts its own, as in the app.
    core: { dataDir, keychainService: `cashdesk-test-${randomUUID()}` },
  });
  t.after(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const state = await call<{ settings: { mode: string } }>(core, 'app.getState', {});
  assert.equal(state.settings.mode, 'training');
});

test('a core that keeps dying as it starts is left stopped, and every call says so plainly', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-host-dies-'));
  const dies = join(dataDir, 'dies.mjs');
  writeFileSync(dies, 'process.exit(3);\n');
  const sandbox = await startSandbox({ port: 0, token: randomBytes(18).toString('base64url') });
  // The first process is a real core; every restart ends before its core is up.
  let spawned = 0;
  const real = forkHost();
  const dying = forkHost(dies);
  const core = await startHostClient({
    spawn: () => (++spawned === 1 ? real() : dying()),
    logFile: join(dataDir, 'cashdesk.log'),
    core: { dataDir, keychainService: `cashdesk-test-${randomUUID()}`, training: sandbox },
  });
  t.after(async () => {
    await core.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const states: ConnectionState[] = [];
  core.on((event, payload) => {
    if (event === 'core.connection') states.push((payload as { state: ConnectionState }).state);
  });
  process.kill(core.pid!, 'SIGKILL');
  await until(() => states.includes('stopped'), 'the client to give up');
  assert.deepEqual(states, ['reconnecting', 'stopped']);
  assert.equal(spawned, 1 + MAX_RESTARTS);
  assert.deepEqual(await core.invoke('app.getState', {}), { ok: false, error: CORE_GAVE_UP });
  assert.match(CORE_GAVE_UP.message, /start it again; every operation is saved/);
});

test('a core that cannot start says why, in the words the shell shows', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-host-unreadable-'));
  try {
    writeFileSync(join(dataDir, DATABASE_FILE), 'not a database, not even close '.repeat(200));
    await assert.rejects(
      startHostClient({
        spawn: forkHost(),
        logFile: join(dataDir, 'cashdesk.log'),
        core: { dataDir, keychainService: `cashdesk-test-${randomUUID()}`, training: UNUSED_GATEWAY },
      }),
      (error: Error) =>
        error instanceof HostStartError && /^CashDesk cannot open its database/.test(error.message),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

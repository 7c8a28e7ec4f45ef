// One checkout in a process of its own, for test/integration/crash.test.ts to SIGKILL at a chosen
// step. It runs the real core against a sandbox the parent runs (and scripts faults on), and prints
// one line per step on stdout: `step <name> <json>` (ready, listed, session_open, created, idle, and
// phase:<phase> for every persisted change; lookup and answered for an agent's lookup). With `pauseAt`, it stops after that step and
// waits to be killed, so the kill lands at an exact point of the flow.
//
//   node test/support/crash-child.ts '{"dataDir":…,"keychainService":…,"url":…,"token":…,"type":"payout"}'
import type { OperationView } from '../../common/contract.ts';
import { assembleCore } from '../../main/core.ts';
import { FAST_GATEWAY, FAST_LOOKUPS, METHODS, REQUISITE_VALUES, SHOP } from './core.ts';

export type CrashChildConfig = {
  dataDir: string;
  keychainService: string;
  url: string;
  token: string;
  type: 'payin' | 'payout';
  /** listed | session_open | created: stop there and wait for the kill. */
  pauseAt?: string;
  /** Instead of a checkout: the agent looks this number up (queued if the gateway fails), then waits. */
  lookup?: string;
};

const config = JSON.parse(process.argv[2] ?? '{}') as CrashChildConfig;

function step(name: string, detail: unknown = {}) {
  process.stdout.write(`step ${name} ${JSON.stringify(detail)}\n`);
}

async function pause(name: string) {
  if (config.pauseAt !== name) return;
  // Keeps the event loop alive until the SIGKILL.
  setInterval(() => {}, 60_000);
  await new Promise(() => {});
}

function unwrap<T>(result: { ok: true; value: unknown } | { ok: false; error: unknown }): T {
  if (!result.ok) {
    step('failed', result.error);
    process.exit(2);
  }
  return result.value as T;
}

const { core, probe } = await assembleCore({
  dataDir: config.dataDir,
  keychainService: config.keychainService,
  training: { url: config.url, token: config.token },
  gateway: FAST_GATEWAY,
  lookups: FAST_LOOKUPS,
});
// Every persisted change, e.g. `step phase:creating {…}`, so the parent sees how far the flow got.
core.on((event, payload) => {
  if (event !== 'operation.changed') return;
  const view = payload as OperationView;
  step(`phase:${view.phase}`, {
    localId: view.localId,
    operationNumber: view.operationNumber,
    status: view.status,
  });
});
step('ready');
core.on((event, payload) => {
  if (event === 'lookup.answered') step('answered', payload);
});

if (config.lookup) {
  const asked = unwrap<{ state: string }>(
    await core.invoke('lookup.byNumber', { shopId: SHOP, operationNumber: config.lookup }),
  );
  step('lookup', asked);
  await probe.idle();
  step('idle');
  await core.close();
  process.exit(0);
}

const type = config.type;
// The agent's training shift, started once (Home: Start training); a restart finds it still open.
if (!unwrap<{ shift: unknown }>(await core.invoke('shift.current', {})).shift) {
  unwrap(await core.invoke('shift.openTraining', {}));
}
unwrap(await core.invoke('checkout.listMethods', { shopId: SHOP, operationType: type }));
step('listed');
await pause('listed');

const session = unwrap<OperationView>(
  await core.invoke('checkout.openSession', {
    shopId: SHOP,
    operationType: type,
    paymentMethodId: type === 'payin' ? METHODS.cashKztIn : METHODS.cashKztOut,
    amount: '5000',
    payerId: 'crash-payer',
  }),
);
step('session_open', { localId: session.localId, operationNumber: session.operationNumber });
await pause('session_open');

const created = await core.invoke('checkout.createOperation', {
  localId: session.localId,
  payerRequisites: (session.session?.payerRequisites ?? []).map((d) => ({
    name: d.name,
    value: REQUISITE_VALUES[d.name] ?? 'x',
  })),
});
step(created.ok ? 'created' : 'create_failed', created.ok ? {} : created.error);
await pause('created');
// Polls until killed, or until the parent captures the operation.
await probe.idle();
step('idle');
await core.close();

// A fresh core over a real sandbox in a temporary directory: the fixture for integration tests.
// Real everything: the sandbox speaks HTTP on 127.0.0.1, the store is a SQLite file in a temp dir,
// the keychain is the session's Secret Service (run under test/keyring-session.sh).
//
//   const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 6 } });
//   const view = await checkout(h, { type: 'payout', amount: '5000' });
//   h.sandbox.capture(SHOP, view.operationNumber);
//   await h.settle();
//
// API (kept small on purpose; other test files import it):
// - startHarness(t, options): starts the sandbox and the core (training mode, FAST_GATEWAY and
//   FAST_LOOKUPS unless overridden; `openCore: false` leaves the core for the first h.restart());
//   t.after closes both and removes the dir.
// - h.call(channel, request): the channel's value, or a rejection with HarnessError (`.error` is the AppError).
// - h.invoke(channel, request): the raw Result, for asserting on errors.
// - h.events / h.waitFor(event, predicate): every event pushed, in order, across restarts; waitFor
//   also matches events already recorded.
// - h.restart(options): closes the core and opens a new one on the same data dir, keychain service and
//   sandbox; `before` runs in between (a database file put back, say); `day` changes its day options.
// - h.settle(ms): core.idle() with a deadline, so a stuck queue fails the test instead of hanging it.
//   A `created` operation is polled until captured: capture it in the sandbox first.
// - openSession(h, options) / requisitesFor(view) / checkout(h, options): listMethods → openSession
//   → createOperation with valid payer requisites (SHOP, METHODS, REQUISITE_VALUES from the catalogue).
// - until(check, what): polls a condition with a deadline.
// - foreignOperation(sandbox, number): an operation another terminal made (this one never saw it).
// - reconcile(h): the books after a fault or a crash: every operation the sandbox holds is in local
//   history as `created`, none was created twice, and no local number is left unsettled.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type {
  AppError,
  AppState,
  ChannelName,
  DeskSettings,
  EventName,
  EventPayload,
  HistoryRow,
  OperationTypeValue,
  OperationView,
  Request,
  Response,
  Result,
} from '../../common/contract.ts';
import type { Clock } from '../../main/clock.ts';
import { assembleCore, type Core, type CoreOptions, type CoreProbe } from '../../main/core.ts';
import type { DayOptions } from '../../main/core-types.ts';
import type { GatewayTuning } from '../../main/gateway/gateways.ts';
import type { LookupPolicy } from '../../main/lookups/queue.ts';
import type { Printer } from '../../main/receipts/printer.ts';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../main/sandbox/server.ts';
import type { ScryptParams } from '../../main/staff/pin-hash.ts';
import { createPepperVault } from '../../main/vault/pepper.ts';

/** The default settings' first shop; the sandbox offers it every method type. */
export const SHOP = 1001;

/** Method type ids from the sandbox catalogue (main/sandbox/catalogue.ts). */
export const METHODS = {
  /** payin, KZT 500 – 500000, asks for phone. */
  cashKztIn: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
  /** payin, TRY 50.00 – 100000.00, asks for fullName and iban. */
  bankTryIn: '5b1e7c1a-0a11-4c6e-9d11-000000000104',
  /** payout, KZT 1000 – 300000, asks for fullName and phone. */
  cashKztOut: '5b1e7c1a-0a11-4c6e-9d11-000000000201',
  /** payout, TRY 100 – 20000.50, asks for fullName and phone. */
  cashTryOut: '5b1e7c1a-0a11-4c6e-9d11-000000000204',
} as const;

/** A valid value for every payer requisite name the sandbox catalogue asks for. */
export const REQUISITE_VALUES: Readonly<Record<string, string>> = {
  fullName: 'Aigerim Sadykova',
  phone: '+77011234567',
  cardNumber: '4400430212345678',
  iban: 'KZ86125KZT5004100100',
};

/** Short client timeouts and back-offs, so failure paths take milliseconds instead of minutes. */
export const FAST_GATEWAY: GatewayTuning = {
  timeoutMs: 2_000,
  retry: { limit: 1, baseDelayMs: 20, maxDelayMs: 50, maxRetryAfterMs: 200 },
};

/**
 * scrypt at N = 2^10 for the PINs tests set: the suite sets and checks some 550 PINs, each about
 * 80 ms of CPU at the production N = 2^15. pins.test.ts asks for the production cost and proves it.
 */
export const FAST_PIN_HASH: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export const FAST_LOOKUPS: Partial<LookupPolicy> = {
  concurrency: 4,
  statusDelayMs: 40,
  statusMaxDelayMs: 150,
  unknownStatusDelayMs: 100,
  unknownStatusMaxDelayMs: 300,
  failureDelayMs: 40,
  failureMaxDelayMs: 300,
  notFoundGraceMs: 100,
};

export type HarnessOptions = {
  sandbox?: Partial<SandboxOptions>;
  /** false: start only the sandbox and the data dir; the first h.restart() opens the core. */
  openCore?: boolean;
  gateway?: GatewayTuning;
  lookups?: Partial<LookupPolicy>;
  /** PIN waits, the supervisor's unlocked time, the idle lock (main/shift/day.ts). */
  day?: DayOptions;
  printer?: Printer;
  /** The core's time and timers, shared with the sandbox's clock (test/support/clock.ts). */
  clock?: Clock;
  headOffice?: CoreOptions['headOffice'];
  /** The desk's time zone, as the shell names it. */
  timeZone?: string;
};

export type RecordedEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];

export class HarnessError extends Error {
  readonly error: AppError;
  constructor(channel: string, error: AppError) {
    super(`${channel} failed: ${error.kind}: ${error.message}`);
    this.error = error;
  }
}

export type Harness = {
  readonly core: Core;
  /** The lookup queue's watch points, which the production `Core` does not carry. */
  readonly probe: CoreProbe;
  readonly sandbox: Sandbox;
  readonly dataDir: string;
  readonly keychainService: string;
  /** The options every core of this harness is created with (for a child process, say). */
  readonly coreOptions: CoreOptions;
  readonly events: RecordedEvent[];
  call<C extends ChannelName>(channel: C, request: Request<C>): Promise<Response<C>>;
  invoke<C extends ChannelName>(channel: C, request: unknown): Promise<Result<Response<C>>>;
  waitFor<E extends EventName>(
    event: E,
    predicate?: (payload: EventPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<EventPayload<E>>;
  restart(options?: { before?: () => void; day?: DayOptions }): Promise<Core>;
  settle(timeoutMs?: number): Promise<void>;
};

export async function startHarness(t: TestContext, options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-test-'));
  const keychainService = `cashdesk-test-${randomUUID()}`;
  const sandbox = await startSandbox({
    port: 0,
    token: randomBytes(18).toString('base64url'),
    now: options.clock?.now,
    ...options.sandbox,
  });
  const coreOptions: CoreOptions = {
    dataDir,
    keychainService,
    training: sandbox,
    gateway: options.gateway ?? FAST_GATEWAY,
    lookups: { ...FAST_LOOKUPS, ...options.lookups },
    day: { pinHash: FAST_PIN_HASH, ...options.day },
    ...(options.headOffice ? { headOffice: options.headOffice } : {}),
    printer: options.printer,
    clock: options.clock,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  };
  const events: RecordedEvent[] = [];
  const waiters = new Set<() => void>();
  let core: Core | null = null;
  let probe: CoreProbe | null = null;

  async function open(): Promise<Core> {
    const assembled = await assembleCore(coreOptions);
    const next = assembled.core;
    probe = assembled.probe;
    next.on((event, payload) => {
      events.push({ event, payload } as RecordedEvent);
      for (const wake of waiters) wake();
    });
    core = next;
    return next;
  }
  if (options.openCore !== false) await open();

  t.after(async () => {
    await core?.close();
    await sandbox.close();
    await createPepperVault(keychainService).remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const current = (): Core => {
    if (!core) throw new Error('the core is closed');
    return core;
  };

  const harness: Harness = {
    get core() {
      return current();
    },
    get probe() {
      if (!probe) throw new Error('the core is closed');
      return probe;
    },
    sandbox,
    dataDir,
    keychainService,
    coreOptions,
    events,
    async call(channel, request) {
      const result = await harness.invoke(channel, request);
      if (!result.ok) throw new HarnessError(channel, result.error);
      return result.value as Response<typeof channel>;
    },
    // A session in training is opened as the agent does it: with the training shift started first
    // (Home: Start training). Tests of the desk without a shift call core.invoke directly.
    async invoke(channel, request) {
      if (channel === 'checkout.openSession') await ensureTrainingShift(harness);
      return current().invoke(channel, request) as Promise<Result<Response<typeof channel>>>;
    },
    waitFor(event, predicate = () => true, timeoutMs = 10_000) {
      type Payload = EventPayload<typeof event>;
      const seen = (from: number): Payload | undefined => {
        for (let i = from; i < events.length; i++) {
          const recorded = events[i]!;
          if (recorded.event === event && predicate(recorded.payload as Payload))
            return recorded.payload as Payload;
        }
        return undefined;
      };
      const already = seen(0);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        let checked = events.length;
        const wake = () => {
          const found = seen(checked);
          checked = events.length;
          if (found) done(() => resolve(found));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no ${event} event within ${timeoutMs} ms`))),
          timeoutMs,
        );
        const done = (finish: () => void) => {
          clearTimeout(timer);
          waiters.delete(wake);
          finish();
        };
        waiters.add(wake);
      });
    },
    async restart(options = {}) {
      const old = core;
      core = null;
      await old?.close();
      options.before?.();
      if (options.day) coreOptions.day = { ...coreOptions.day, ...options.day };
      return open();
    },
    async settle(timeoutMs = 15_000) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the lookup queue did not drain within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([harness.probe.idle(), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return harness;
}

export type CheckoutOptions = {
  type?: OperationTypeValue;
  /** Defaults to cash KZT for the type. */
  methodId?: string;
  amount?: string;
  payerId?: string;
  shopId?: number;
  /** For a Live cash payout over the drawer's cash. */
  supervisorPin?: string;
};

/**
 * In training with no shift open, starts the training shift as the agent does on Home (Start
 * training): no operation happens outside a shift, and none opens by itself.
 */
export async function ensureTrainingShift(h: Pick<Harness, 'core'>): Promise<void> {
  const state = (await h.core.invoke('app.getState', {})) as Result<AppState>;
  if (!state.ok || state.value.settings.mode !== 'training') return;
  const current = (await h.core.invoke('shift.current', {})) as Result<{ shift: unknown }>;
  if (!current.ok || current.value.shift) return;
  // Refused (a locked desk, say): the session's own answer then says why.
  await h.core.invoke('shift.openTraining', {});
}

/** Opens a session for a valid checkout; the value is the `session_open` operation. */
export async function openSession(h: Harness, options: CheckoutOptions = {}): Promise<OperationView> {
  const type = options.type ?? 'payin';
  const shopId = options.shopId ?? SHOP;
  await h.call('checkout.listMethods', { shopId, operationType: type });
  return h.call('checkout.openSession', {
    shopId,
    operationType: type,
    paymentMethodId: options.methodId ?? (type === 'payin' ? METHODS.cashKztIn : METHODS.cashKztOut),
    amount: options.amount ?? '5000',
    payerId: options.payerId ?? 'payer-1',
    ...(options.supervisorPin ? { supervisorPin: options.supervisorPin } : {}),
  });
}

/** Valid values for everything the session asked for. */
export function requisitesFor(view: OperationView): { name: string; value: string }[] {
  return (view.session?.payerRequisites ?? []).map((d) => ({
    name: d.name,
    value: REQUISITE_VALUES[d.name] ?? 'x',
  }));
}

/** The one settings document with the desk's part (idle lock, thresholds, backups) as given, the rest as saved. */
export async function withDesk(h: Pick<Harness, 'call'>, desk: DeskSettings) {
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  return { ...settings, desk };
}

/** A whole checkout up to `created`. */
export async function checkout(h: Harness, options: CheckoutOptions = {}): Promise<OperationView> {
  const session = await openSession(h, options);
  return h.call('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
  });
}

/**
 * Resolves once `check` holds, polling every few ms; fails after `timeoutMs`, a bound on a wait and
 * never a measure of speed: generous, so that a loaded machine (npm test runs files six at a time on
 * two cores) slows a test down without failing it.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Phases a local operation may end in once everything is settled. */
export const SETTLED_PHASES: ReadonlySet<string> = new Set([
  'created',
  'not_created',
  'abandoned',
  'session_failed',
  'expired',
  // A create the gateway refused outright (401, 429): nothing exists there, the session is still usable.
  'session_open',
]);

/**
 * Confirms every operation the sandbox holds under this terminal's numbers (so polling can end),
 * drains the lookup queue, and checks the books:
 * - the sandbox holds exactly the operations local history shows as `created` (none lost, none extra);
 * - no operation number was created twice (the sandbox refuses a reused number, and counts operations);
 * - nothing is left half-done (opening, creating, outcome unknown).
 * Returns every local row, newest first.
 */
export async function reconcile(h: Harness, timeoutMs = 20_000): Promise<HistoryRow[]> {
  const before = (await h.call('history.search', { limit: 200 })).rows;
  // Numbers are allocated locally before any request, so the sandbox can hold no number we lack.
  const held = new Set(
    before.filter((r) => h.sandbox.capture(r.shopId, r.operationNumber)).map((r) => r.localId),
  );
  if (held.size !== h.sandbox.operationCount()) {
    throw new Error(
      `the sandbox holds ${h.sandbox.operationCount()} operations, local history knows ${held.size}`,
    );
  }
  await h.settle(timeoutMs);
  const rows = (await h.call('history.search', { limit: 200 })).rows;
  for (const row of rows) {
    const where = `${row.operationNumber} (local ${row.localId})`;
    if (held.has(row.localId)) {
      if (row.phase !== 'created' || row.status !== 'captured') {
        throw new Error(`${where} is held by the sandbox but reads ${row.phase}/${row.status}`);
      }
    } else if (row.phase === 'created') {
      throw new Error(`${where} reads created but the sandbox does not hold it`);
    } else if (!SETTLED_PHASES.has(row.phase)) {
      throw new Error(`${where} was left ${row.phase}`);
    }
  }
  return rows;
}

/** An operation made by another terminal, straight through the gateway API: this one never saw it. */
export async function foreignOperation(sandbox: Sandbox, operationNumber: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${sandbox.url}/api/v1/agents/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'api-access-token': sandbox.token,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${text}`);
    return (JSON.parse(text) as { data: Record<string, unknown> }).data;
  };
  const session = await post('sessions', {
    paymentMethodTypeId: METHODS.cashKztIn,
    operationType: 'payin',
    shopId: SHOP,
    operationNumber,
    payerId: 'walk-in',
    amount: '7000',
    currency: 'KZT',
  });
  await post('operations', {
    sessionId: session.sessionId,
    payerRequisites: [{ name: 'phone', type: 'string', value: REQUISITE_VALUES.phone }],
  });
}

// createCore: everything main does, under plain Node. It builds the services and spreads each
// feature's handler table into the one table behind every IPC channel. The Electron shell, the
// tests and the browser preview all use it.
import { join } from 'node:path';
import type { EventName, EventPayload } from '../common/contract.ts';
import { createCheckout } from './checkout/checkout.ts';
import { checkoutHandlers } from './checkout/handlers.ts';
import { createConnectivity } from './connectivity.ts';
import { createGateways, type GatewayTuning } from './gateway/gateways.ts';
import { createGatewayHealth } from './gateway/health.ts';
import { historyHandlers } from './history/handlers.ts';
import { createDispatch, type Invoke } from './ipc/dispatch.ts';
import type { Handlers } from './ipc/handlers.ts';
import { createLog, type Log } from './log.ts';
import { lookupHandlers } from './lookups/handlers.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY, type LookupPolicy } from './lookups/queue.ts';
import { recoverUnsettled } from './lookups/recovery.ts';
import { createJournal } from './operations/journal.ts';
import { receiptHandlers } from './receipts/handlers.ts';
import type { Sandbox } from './sandbox/server.ts';
import { createAppState } from './settings/app-state.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { createSettingsService } from './settings/service.ts';
import { createStore } from './store/index.ts';
import { startTrainingGateway, type TrainingGateway } from './training/gateway.ts';
import { trainingHandlers } from './training/handlers.ts';
import { createVault } from './vault/index.ts';

export type CoreOptions = {
  dataDir: string;
  /** The keychain service name; tests use their own so they never touch the real entries. */
  keychainService?: string;
  /** A training gateway already running (tests, the browser preview). Otherwise one is started. */
  training?: TrainingGateway;
  gateway?: GatewayTuning;
  lookups?: Partial<LookupPolicy>;
  version?: string;
};

type Listener = (event: EventName, payload: unknown) => void;

export type Core = {
  /** Validates the request against the contract, runs the handler, and never throws. */
  invoke: Invoke;
  on(listener: Listener): () => void;
  /** The support log, for what the shell itself must record (a refused IPC sender). */
  log: Log;
  /** The training gateway this core started itself, if any. */
  readonly sandbox: Sandbox | null;
  close(): Promise<void>;
};

/** What tests and benchmarks may watch, kept off the `Core` the shell gets. */
export type CoreProbe = {
  /** Resolves when no lookup is queued or in flight. */
  idle(): Promise<void>;
  /** The most lookups ever in flight at once for one operation, beyond the first. */
  duplicateInflight(): number;
};

export async function createCore(options: CoreOptions): Promise<Core> {
  return (await assembleCore(options)).core;
}

export async function assembleCore(options: CoreOptions): Promise<{ core: Core; probe: CoreProbe }> {
  const store = createStore(options.dataDir);
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const listeners = new Set<Listener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners) listener(event, payload);
  };

  const sandbox = options.training ? null : await startTrainingGateway(options.dataDir);
  const training = options.training ?? sandbox!;

  const settings = createSettingsService(store.settings, createVault(options.keychainService), log);
  const gateways = createGateways(settings, training, options.gateway ?? {});
  const connectivity = createConnectivity(
    () => store.outbox.count(),
    (state) => emit('connectivity.changed', state),
  );
  const appState = createAppState({
    settings,
    connectivity,
    version: options.version ?? '0.0.0',
    publish: (state) => emit('app.changed', state),
  });
  const journal = createJournal(
    store,
    (record) => emit('operation.changed', journal.view(record)),
    () => settings.get().mode === 'training',
  );
  const retryWaitingLookups = () => {
    store.outbox.retryFailedNow();
    lookups.kick();
  };
  const health = createGatewayHealth({
    connectivity,
    settings,
    log,
    retryWaitingLookups,
    tokensChanged: appState.announce,
  });
  const lookups = createLookups({
    store,
    gateways,
    journal,
    connectivity,
    health,
    policy: { ...DEFAULT_LOOKUP_POLICY, ...options.lookups },
    answered: (result) => emit('lookup.answered', result),
  });
  const checkout = createCheckout({ store, settings, gateways, journal, lookups, connectivity, health });

  recoverUnsettled(store, journal, lookups);

  const handlers: Handlers = {
    ...settingsHandlers({ settings, gateways, appState, retryWaitingLookups }),
    ...checkoutHandlers(checkout),
    ...trainingHandlers({ checkout, journal, settings, training }),
    ...historyHandlers({ store, journal, checkout, lookups }),
    ...receiptHandlers({ checkout, journal, settings }),
    ...lookupHandlers({ gateways, health, journal, lookups, settings }),
  };

  const core: Core = {
    invoke: createDispatch(handlers, log),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    log,
    sandbox,
    async close() {
      lookups.close();
      listeners.clear();
      store.close();
      await sandbox?.close();
    },
  };
  return {
    core,
    probe: { idle: () => lookups.idle(), duplicateInflight: () => lookups.duplicateInflight() },
  };
}

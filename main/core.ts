// createCore: everything main does, under plain Node. It builds the services and spreads each
// feature's handler table into the one table behind every IPC channel. The Electron shell, the
// tests and the browser preview all use it.
import { join } from 'node:path';
import type { EventName, EventPayload } from '../common/contract.ts';
import { createCheckout } from './checkout/checkout.ts';
import { createCustody } from './checkout/custody.ts';
import { checkoutHandlers } from './checkout/handlers.ts';
import { createConnectivity } from './connectivity.ts';
import { createConnectivityHistory } from './diagnostics/connectivity-history.ts';
import { diagnosticsHandlers } from './diagnostics/handlers.ts';
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
import { type Printer, receiptHandlers } from './receipts/handlers.ts';
import type { Sandbox } from './sandbox/server.ts';
import { createAppState } from './settings/app-state.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { createSettingsService } from './settings/service.ts';
import { createStore } from './store/index.ts';
import { startTrainingGateway, type TrainingGateway } from './training/gateway.ts';
import { trainingHandlers } from './training/handlers.ts';
import { updateHandlers } from './updates/handlers.ts';
import { createUpdatePolicy } from './updates/policy.ts';
import { createUpdates, type Updates } from './updates/updates.ts';
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
  /** Electron's and Chromium's versions, from the shell, for the diagnostics zip. */
  runtime?: { electron: string; chrome: string };
  /** Puts receipts on paper and into PDFs: Electron's in the shell, Chromium's in tests and the preview. */
  printer?: Printer;
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
  /** For the shell's updater: what it downloaded, and how to install once the policy allows. */
  updates: Pick<Updates, 'available' | 'decide' | 'setInstaller'>;
  close(): Promise<void>;
};

/** What tests and benchmarks may watch, kept off the `Core` the shell gets. */
export type CoreProbe = {
  /** Resolves when no lookup is queued or in flight. */
  idle(): Promise<void>;
  /** The most lookups ever in flight at once for one operation, beyond the first. */
  duplicateInflight(): number;
  /** Commits synced to disk so far (what durability costs). */
  durableCommits(): number;
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
    // An operation settling may be what frees the desk for a waiting update.
    if (event === 'operation.changed') updates.reconsider();
  };
  const updates = createUpdates({
    policy: createUpdatePolicy({ store }),
    log,
    offer: (update) => emit('updates.ready', update),
  });

  const sandbox = options.training ? null : await startTrainingGateway(options.dataDir);
  const training = options.training ?? sandbox!;
  log.addSecret(training.token);

  const settings = createSettingsService(store.settings, createVault(options.keychainService), log);
  const gateways = createGateways(settings, training, options.gateway ?? {});
  const connectivityHistory = createConnectivityHistory(log);
  const connectivity = createConnectivity(
    () => store.outbox.waitingCount(),
    (state) => {
      connectivityHistory.record(state);
      emit('connectivity.changed', state);
    },
  );
  connectivityHistory.record(connectivity.snapshot());
  const appState = createAppState({
    settings,
    connectivity,
    version: options.version ?? '0.0.0',
    publish: (state) => emit('app.changed', state),
  });
  const journal = createJournal({
    store,
    announce: (record) => emit('operation.changed', journal.view(record)),
    attention: (reason, record) => emit('operation.attention', { reason, operation: journal.view(record) }),
  });
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
    createInFlight: (localId) => checkout.createInFlight(localId),
    policy: { ...DEFAULT_LOOKUP_POLICY, ...options.lookups },
    answered: (result) => emit('lookup.answered', result),
  });
  const checkout = createCheckout({ store, settings, gateways, journal, lookups, connectivity, health });
  const custody = createCustody({ store, journal, settings });

  recoverUnsettled(store, journal, lookups);

  const handlers: Handlers = {
    ...settingsHandlers({ settings, gateways, appState, retryWaitingLookups }),
    ...checkoutHandlers(checkout, custody),
    ...trainingHandlers({ checkout, journal, settings, training }),
    ...historyHandlers({ store, journal, checkout, lookups }),
    ...receiptHandlers({ store, journal, settings, log, printer: options.printer, emit, listeners }),
    ...lookupHandlers({ store, gateways, health, journal, lookups }),
    ...updateHandlers(updates),
    ...diagnosticsHandlers({
      source: {
        dataDir: options.dataDir,
        log,
        versions: {
          app: options.version ?? '0.0.0',
          electron: options.runtime?.electron ?? null,
          chrome: options.runtime?.chrome ?? null,
        },
        settings: settings.get,
        connectivity: connectivity.snapshot,
        history: connectivityHistory,
      },
      // SEAM (supervisor PIN): the operators service goes here on merge; see diagnostics/supervisor.ts.
      supervisors: null,
    }),
  };

  const dispatch = createDispatch(handlers, log);
  const core: Core = {
    invoke(channel, request) {
      learnPersonalValues(log, channel, request);
      return dispatch(channel, request);
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    log,
    sandbox,
    updates,
    async close() {
      lookups.close();
      listeners.clear();
      store.close();
      await sandbox?.close();
    },
  };
  return {
    core,
    probe: {
      idle: () => lookups.idle(),
      duplicateInflight: () => lookups.duplicateInflight(),
      durableCommits: () => store.durableCommits(),
    },
  };
}

/** The payer's requisites as typed, so the log masks them even inside a message that echoes one. */
function learnPersonalValues(log: Log, channel: string, request: unknown): void {
  if (channel !== 'checkout.createOperation') return;
  const requisites = (request as { payerRequisites?: unknown } | null)?.payerRequisites;
  if (!Array.isArray(requisites)) return;
  for (const requisite of requisites) {
    const value = (requisite as { value?: unknown } | null)?.value;
    if (typeof value === 'string') log.addPersonal(value);
  }
}

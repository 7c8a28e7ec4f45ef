// createCore: everything main does, under plain Node. It builds the services and spreads each
// feature's handler table into the one table behind every IPC channel. The Electron shell, the
// tests and the browser preview all use it.
import { join } from 'node:path';
import { createChainGuard } from './audit/chain.ts';
import { createAuditTrail } from './audit/trail.ts';
import { createCheckout } from './checkout/checkout.ts';
import { createCustody } from './checkout/custody.ts';
import { checkoutHandlers } from './checkout/handlers.ts';
import { createConnectivity } from './connectivity.ts';
import type { Core, CoreOptions, CoreProbe } from './core-types.ts';
import { createEvents } from './events.ts';
import { createGateways } from './gateway/gateways.ts';
import { createGatewayHealth } from './gateway/health.ts';
import { historyHandlers } from './history/handlers.ts';
import { createDispatch } from './ipc/dispatch.ts';
import type { Handlers } from './ipc/handlers.ts';
import { createLog } from './log.ts';
import { learnPersonalValues } from './log-redaction.ts';
import { lookupHandlers } from './lookups/handlers.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY } from './lookups/queue.ts';
import { recoverUnsettled } from './lookups/recovery.ts';
import { createJournal } from './operations/journal.ts';
import { receiptHandlers } from './receipts/handlers.ts';
import { createAppState } from './settings/app-state.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { createSettingsService } from './settings/service.ts';
import { createAgentDay } from './shift/day.ts';
import { createStore } from './store/index.ts';
import { startTrainingGateway } from './training/gateway.ts';
import { trainingHandlers } from './training/handlers.ts';
import { createUpkeep } from './upkeep.ts';
import { createVault } from './vault/index.ts';

export type { Core, CoreOptions, CoreProbe } from './core-types.ts';

export async function createCore(options: CoreOptions): Promise<Core> {
  return (await assembleCore(options)).core;
}

export async function assembleCore(options: CoreOptions): Promise<{ core: Core; probe: CoreProbe }> {
  const store = createStore(options.dataDir);
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const { emit, ...events } = createEvents();
  const upkeep = createUpkeep(options, { store, log, emit });
  // An operation settling may be what frees the desk for a waiting update.
  events.follow((event) => event === 'operation.changed' && upkeep.updates.reconsider());

  const sandbox = options.training ? null : await startTrainingGateway(options.dataDir);
  const training = options.training ?? sandbox!;
  log.addSecret(training.token);

  const vault = createVault(options.keychainService);
  const audit = createAuditTrail({ store, log, terminalId: () => settings.get().terminalId });
  const shiftOpen = () => store.shifts.open() !== undefined;
  const settings = createSettingsService(store.settings, vault, log, { audit, shiftOpen });
  // Before anything else writes: the chain's key. Its check runs once the core is up.
  const chain = createChainGuard({ store, vault, audit, log, changed: () => day.announce() });
  await chain.start();
  const gateways = createGateways(settings, training, options.gateway ?? {});
  const connectivity = createConnectivity(
    () => store.outbox.waitingCount(),
    (state) => {
      upkeep.connectivityChanged(state);
      emit('connectivity.changed', state);
    },
  );
  upkeep.connectivityChanged(connectivity.snapshot());
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
    day.gatewayBack();
  };
  const tokensChanged = appState.announce;
  const health = createGatewayHealth({ connectivity, settings, log, retryWaitingLookups, tokensChanged });
  // What most features are built on.
  const base = { store, settings, gateways, journal, health, log };
  const lookups = createLookups({
    ...base,
    connectivity,
    createInFlight: (localId) => checkout.createInFlight(localId),
    policy: { ...DEFAULT_LOOKUP_POLICY, ...options.lookups },
    answered: (result) => emit('lookup.answered', result),
  });
  // Operators, the desk's lock, the supervisor, shifts, reports and backups (main/shift/day.ts).
  const day = createAgentDay(options, { ...base, emit, audit, chain }, () => checkout);
  const { attribute } = day;
  const checkout = createCheckout({ ...base, lookups, connectivity, attribute });
  const custody = createCustody({ store, journal, settings, attribute });

  recoverUnsettled(store, journal, lookups);
  day.start();
  void chain.verify();

  const handlers: Handlers = {
    ...settingsHandlers({
      settings,
      gateways,
      appState,
      retryWaitingLookups,
      supervisors: day.supervisorPins,
    }),
    ...checkoutHandlers(checkout, custody),
    ...trainingHandlers({ checkout, journal, settings, training }),
    ...historyHandlers({ store, journal, checkout, lookups }),
    ...receiptHandlers({
      ...base,
      printer: options.printer,
      emit,
      on: events.on,
      operator: day.operator,
      reports: day.reports,
    }),
    ...lookupHandlers({ ...base, lookups }),
    ...day.handlers,
    ...upkeep.handlers({
      settings,
      connectivity: connectivity.snapshot,
      supervisors: day.supervisorPins,
      audit,
    }),
  };

  // Every call passes the desk's gate first: the lock screen, the supervisor, Live's conditions.
  const dispatch = createDispatch(day.guard(handlers), log);
  const core: Core = {
    invoke(channel, request) {
      learnPersonalValues(log, channel, request);
      return dispatch(channel, request);
    },
    on: events.on,
    log,
    sandbox,
    updates: upkeep.updates,
    async close() {
      lookups.close();
      events.clear();
      await day.close();
      await chain.idle();
      store.close();
      await sandbox?.close();
    },
  };
  const probe: CoreProbe = {
    idle: () => lookups.idle(),
    duplicateInflight: () => lookups.duplicateInflight(),
    durableCommits: () => store.durableCommits(),
    chainChecked: () => chain.idle(),
  };
  return { core, probe };
}

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
import { createRendererErrors } from './diagnostics/renderer-errors.ts';
import { createEvents } from './events.ts';
import { createGateways } from './gateway/gateways.ts';
import { createGatewayHealth } from './gateway/health.ts';
import { createBranchPayouts } from './headoffice/branch-payouts.ts';
import { readEnrolment } from './headoffice/enrolment-record.ts';
import { createHeadOffice } from './headoffice/head-office.ts';
import { createSupervisorReset } from './headoffice/supervisor-reset.ts';
import { historyHandlers } from './history/handlers.ts';
import { createDispatch } from './ipc/dispatch.ts';
import type { Handlers } from './ipc/handlers.ts';
import { createLog } from './log.ts';
import { lookupHandlers } from './lookups/handlers.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY } from './lookups/queue.ts';
import { recoverUnsettled } from './lookups/recovery.ts';
import { createJournal } from './operations/journal.ts';
import { createPendingWork } from './pending-work.ts';
import { preparePrivateFolder } from './private-files.ts';
import { receiptHandlers } from './receipts/handlers.ts';
import { createAppState } from './settings/app-state.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { createSettingsService } from './settings/service.ts';
import { createAgentDay } from './shift/day.ts';
import { createDeskContext } from './shift/desk-context.ts';
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
  // Made the user's alone before anything is written there, and again for an older install's files.
  preparePrivateFolder(options.dataDir);
  const store = createStore(options.dataDir);
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const { emit, ...events } = createEvents();
  const upkeep = createUpkeep(options, {
    store,
    log,
    emit,
    supervisorPinSet: () => day.supervisorPins.isSet(),
  });
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
  // Its journal's writer follows the chain from here on (an unenrolled desk's does nothing).
  const headOffice = createHeadOffice({
    store,
    vault,
    terminalId: () => settings.get().terminalId,
    audit,
    log,
    emit,
    resetArmed: () => supervisorReset.armed(),
    ...options.headOffice,
  });
  const gateways = createGateways(settings, training, options.gateway ?? {});
  const connectivity = createConnectivity(
    () => store.outbox.waitingCount(),
    (state) => {
      upkeep.connectivityChanged(state);
      emit('connectivity.changed', state);
    },
  );
  upkeep.connectivityChanged(connectivity.snapshot());
  const pending = createPendingWork();
  const appState = createAppState({
    settings,
    connectivity,
    version: options.version ?? '0.0.0',
    publish: (state) => emit('app.changed', state),
    track: pending.track,
    failed: (error) => log.warn('app_state_failed', { error }),
  });
  const deskContext = createDeskContext({
    settings,
    shifts: store.shifts,
    branch: {
      enrolled: () => readEnrolment(store.settings) !== null,
      released: store.branchPayouts.released,
      claimed: store.branchPayouts.claimed,
    },
  });
  const journal = createJournal({
    store,
    log,
    desk: deskContext.get,
    announce: (record) => emit('operation.changed', journal.view(record)),
    attention: (reason, record) => emit('operation.attention', { reason, operation: journal.view(record) }),
  });
  const retryWaitingLookups = () => {
    // A gateway answer arriving as the app quits: the queue is saved as it stands.
    if (pending.closed) return;
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
  const day = createAgentDay(options, { ...base, emit, deskContext, audit, chain }, () => checkout);
  // The PINs' key, read before anything starts working: nothing runs while the keychain answers.
  await day.ready();
  const { attribute } = day;
  const branchPayouts = createBranchPayouts({
    store,
    client: headOffice.client,
    terminalId: headOffice.terminalId,
    supervisor: day.supervisor,
    view: (localId) => journal.view(store.operations.get(localId)!),
    announce: (localId) => emit('operation.changed', journal.view(store.operations.get(localId)!)),
  });
  const supervisorReset = createSupervisorReset({
    store,
    dataDir: options.dataDir,
    audit,
    log,
    changed: () => {
      day.announce();
      headOffice.changed();
    },
  });
  const checkout = createCheckout({ ...base, lookups, connectivity, attribute, desk: deskContext });
  const custody = createCustody({
    store,
    journal,
    settings,
    desk: deskContext,
    supervisor: day.supervisor,
    audit,
  });

  // Rows from before the answer was stored get it first: recovery reads the index built on it.
  journal.computeAnswers();
  recoverUnsettled(store, journal, lookups);
  day.start();
  void chain.verify();
  await headOffice.start();

  const rendererErrors = createRendererErrors(log);
  const handlers: Handlers = {
    ...settingsHandlers({
      settings,
      gateways,
      appState,
      retryWaitingLookups,
      track: pending.track,
      supervisors: day.supervisorPins,
    }),
    ...checkoutHandlers(checkout, custody, log),
    ...trainingHandlers({ checkout, journal, settings, training }),
    ...historyHandlers({ store, journal, checkout, lookups }),
    ...receiptHandlers({
      ...base,
      printer: options.printer,
      emit,
      on: events.on,
      operator: day.operator,
      reports: day.reports,
      headOffice: headOffice.zNote,
    }),
    ...lookupHandlers({ ...base, lookups }),
    ...day.handlers,
    ...upkeep.handlers({
      settings,
      connectivity: connectivity.snapshot,
      supervisors: day.supervisorPins,
      audit,
    }),
    ...headOffice.handlers,
    ...supervisorReset.handlers,
    ...branchPayouts.handlers,
    ...rendererErrors.handlers,
  };

  // Every call passes the desk's gate first: the lock screen, the supervisor, Live's conditions.
  // Except a renderer's error report: it is logged behind the lock screen too, and is not the agent
  // at work, so it keeps no idle desk awake.
  const dispatch = createDispatch({ ...day.guard(handlers), ...rendererErrors.handlers }, log);
  let closing: Promise<void> | undefined;
  const core: Core = {
    invoke(channel, request) {
      if (pending.closed) {
        const error = { kind: 'conflict', message: 'CashDesk is closing.', cash: 'none' } as const;
        return Promise.resolve({ ok: false, error });
      }
      return dispatch(channel, request);
    },
    on: events.on,
    log,
    sandbox,
    updates: upkeep.updates,
    close() {
      closing ??= (async () => {
        // Token updates and the announcements after them finish before the database closes.
        await pending.close();
        rendererErrors.close();
        lookups.close();
        events.clear();
        chain.stop();
        headOffice.close();
        await headOffice.idle();
        await day.close();
        await chain.idle();
        store.close();
        await sandbox?.close();
      })();
      return closing;
    },
  };
  const probe: CoreProbe = {
    idle: () => lookups.idle(),
    duplicateInflight: () => lookups.duplicateInflight(),
    durableCommits: () => store.durableCommits(),
    sql: (statement) => store.probeSql(statement),
    chainChecked: () => chain.idle(),
    headOfficeIdle: () => headOffice.idle(),
  };
  return { core, probe };
}

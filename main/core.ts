// createCore: everything main does, under plain Node, built in one place and in dependency order:
// each service is made after everything it uses, and a service that must react to one built later
// hears of it through a signal (main/signal.ts). Every feature module then hands back its handlers,
// merged into the one table behind every IPC channel, with what it starts and closes. The Electron
// shell, the tests and the browser preview all use it.
import { join } from 'node:path';
import type { OperationView } from '../common/contract.ts';
import { createChainGuard } from './audit/chain.ts';
import { createAuditTrail } from './audit/trail.ts';
import { type CreatesInFlight, createCheckout } from './checkout/checkout.ts';
import { createCustodyService } from './checkout/custody.ts';
import { createCheckoutFeature } from './checkout/handlers.ts';
import { systemClock } from './clock.ts';
import { createConnectivity } from './connectivity.ts';
import type { Core, CoreOptions, CoreProbe } from './core-types.ts';
import { createConnectivityHistory } from './diagnostics/connectivity-history.ts';
import { createRendererErrors } from './diagnostics/renderer-errors.ts';
import { createEvents } from './events.ts';
import { createBackups } from './export/backup.ts';
import { type Feature, handlersOf } from './feature.ts';
import { createGateways } from './gateway/gateways.ts';
import { createGatewayHealth } from './gateway/health.ts';
import { createBranchPayouts } from './headoffice/branch-payouts.ts';
import { readEnrolment } from './headoffice/enrolment-record.ts';
import { createHeadOfficeFeature } from './headoffice/feature.ts';
import { createHeadOffice } from './headoffice/head-office.ts';
import { createSupervisorReset } from './headoffice/supervisor-reset.ts';
import { createHistoryFeature } from './history/handlers.ts';
import { createTray } from './history/tray.ts';
import { createDispatch } from './ipc/dispatch.ts';
import type { Handlers } from './ipc/handlers.ts';
import { createKeyedSerial } from './keyed-serial.ts';
import { createLog } from './log.ts';
import { createFollowFeature } from './lookups/follow-handlers.ts';
import { createLookupsFeature } from './lookups/handlers.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY } from './lookups/queue.ts';
import { recoverUnsettled } from './lookups/recovery.ts';
import { createJournal } from './operations/journal.ts';
import { createPendingWork } from './pending-work.ts';
import { preparePrivateFolder } from './private-files.ts';
import { createReceiptsFeature } from './receipts/handlers.ts';
import { createSlipPrinting } from './receipts/slip-printing.ts';
import { createAppState } from './settings/app-state.ts';
import { createSettingsFeature } from './settings/handlers.ts';
import { createSettingsService, loadSettings } from './settings/service.ts';
import { createAttribution } from './shift/attribution.ts';
import { createDayFeature } from './shift/day.ts';
import { createDeskContext } from './shift/desk-context.ts';
import { createDeskState } from './shift/desk-state.ts';
import { createReconciler } from './shift/reconcile.ts';
import { createShifts } from './shift/shifts.ts';
import { createSignal } from './signal.ts';
import { createDesk } from './staff/desk.ts';
import { guardHandlers } from './staff/gate.ts';
import { createOperators } from './staff/operators.ts';
import { createPinBook } from './staff/pin-book.ts';
import { createPinGuard, DEFAULT_PIN_POLICY } from './staff/pin-guard.ts';
import { createSupervisor, SUPERVISOR_GRANT_MS } from './staff/supervisor.ts';
import { createStore } from './store/index.ts';
import { createTrainingGateway } from './training/gateway.ts';
import { createTrainingFeature } from './training/handlers.ts';
import { createUpdatePolicy } from './updates/policy.ts';
import { createUpdates } from './updates/updates.ts';
import { createUpkeepFeature } from './upkeep.ts';
import { createVault } from './vault/index.ts';
import { createPepperVault } from './vault/pepper.ts';

export type { Core, CoreOptions, CoreProbe } from './core-types.ts';

export async function createCore(options: CoreOptions): Promise<Core> {
  return (await assembleCore(options)).core;
}

export async function assembleCore(options: CoreOptions): Promise<{ core: Core; probe: CoreProbe }> {
  const dayOptions = options.day ?? {};
  const clock = options.clock ?? systemClock;

  // The ground: the private folder (made the user's alone before anything is written there, and
  // again for an older install's files), the database, the log, the events.
  preparePrivateFolder(options.dataDir);
  const store = createStore(options.dataDir, () => new Date(clock.now()).toISOString());
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const { emit, ...events } = createEvents();
  const pending = createPendingWork();

  // What is announced here and reacted to by services built further down.
  /** The desk's state changed: DeskState is pushed again. */
  const deskChanged = createSignal();
  /** The gateway answers again after an outage, or a token was replaced. */
  const gatewayBack = createSignal();
  /** A Z report was produced. */
  const zReported = createSignal();
  /** The head office's status may read differently (a reset armed or done). */
  const headOfficeChanged = createSignal();

  // Settings and the audit trail; each settings change is recorded in the trail.
  const vault = createVault(options.keychainService);
  const audit = createAuditTrail({
    store,
    log,
    terminalId: () => loadSettings(store.settings, log).terminalId,
    clock,
  });
  const shiftOpen = () => store.shifts.open() !== undefined;
  const settings = createSettingsService(store.settings, vault, log, { audit, shiftOpen });
  // Runs only while the desk is in training.
  const trainingGateway = createTrainingGateway({ dataDir: options.dataDir, given: options.training, log });
  await trainingGateway.follow(settings.get().mode);
  const training = trainingGateway.gateway;
  // Before anything else writes: the chain's key. Its check runs once the core is up.
  const chain = createChainGuard({ store, vault, audit, log, changed: deskChanged.fire, clock });
  await chain.start();
  // The head office: a reset the supervisor armed waits for its code; the journal's writer follows
  // the chain from here on (an unenrolled desk's does nothing).
  const supervisorReset = createSupervisorReset({
    store,
    dataDir: options.dataDir,
    audit,
    log,
    clock,
    changed: () => {
      deskChanged.fire();
      headOfficeChanged.fire();
    },
  });
  const headOffice = createHeadOffice({
    store,
    vault,
    terminalId: () => settings.get().terminalId,
    audit,
    log,
    emit,
    resetArmed: supervisorReset.armed,
    clock,
    ...options.headOffice,
  });
  headOfficeChanged.follow(headOffice.changed);

  // The gateway, and how it is doing.
  const gateways = createGateways(settings, training, { clock, ...options.gateway });
  const connectivityHistory = createConnectivityHistory(log, clock);
  const connectivity = createConnectivity(
    () => store.outbox.waitingCount(),
    (state) => {
      connectivityHistory.record(state);
      emit('connectivity.changed', state);
    },
    clock,
  );
  connectivityHistory.record(connectivity.snapshot());
  const appState = createAppState({
    settings,
    connectivity,
    version: options.version ?? '0.0.0',
    publish: (state) => emit('app.changed', state),
    track: pending.track,
    failed: (error) => log.warn('app_state_failed', { error }),
  });
  const health = createGatewayHealth({
    connectivity,
    settings,
    log,
    retryWaitingLookups: gatewayBack.fire,
    tokensChanged: appState.announce,
  });

  // Operations: the journal, the lookups that settle an unknown outcome.
  const deskContext = createDeskContext({
    settings,
    shifts: store.shifts,
    branch: {
      enrolled: () => readEnrolment(store.settings) !== null,
      released: store.branchPayouts.released,
      claimed: store.branchPayouts.claimed,
    },
    clock,
  });
  const journal = createJournal({
    store,
    log,
    desk: deskContext.get,
    announce: (view) => emit('operation.changed', view),
    attention: (reason, operation) => emit('operation.attention', { reason, operation }),
    clock,
  });
  const creating: CreatesInFlight = createKeyedSerial();
  const createInFlight = (localId: number) => creating.has(localId);
  const lookupPolicy = { ...DEFAULT_LOOKUP_POLICY, ...options.lookups };
  const lookups = createLookups({
    store,
    gateways,
    journal,
    health,
    connectivity,
    createInFlight,
    clock,
    policy: lookupPolicy,
    answered: (result) => emit('lookup.answered', result),
  });

  // Staff: PINs and their guard, the supervisor, operators, the desk's lock; backups.
  const book = createPinBook({
    store,
    vault: createPepperVault(options.keychainService),
    log,
    params: dayOptions.pinHash,
  });
  const pinGuard = createPinGuard({
    store,
    book,
    log,
    policy: { ...DEFAULT_PIN_POLICY, ...dayOptions.pins },
    clock,
  });
  const { deskSettings } = settings;
  const supervisor = createSupervisor({
    store,
    book,
    guard: pinGuard,
    settings,
    log,
    audit,
    grantMs: dayOptions.supervisorGrantMs ?? SUPERVISOR_GRANT_MS,
    clock,
    changed: deskChanged.fire,
  });
  supervisor.resetIfAsked(options.dataDir);
  const operators = createOperators({ store, book, guard: pinGuard, log, audit });
  const lockAfterMs = () => dayOptions.idleLockMs ?? deskSettings.get().lockAfterMinutes * 60_000;
  const desk = createDesk({
    store,
    operators,
    supervisor,
    log,
    lockAfterMs,
    changed: deskChanged.fire,
    clock,
  });
  // A new idle time counts from now, and the screens show the desk's settings as saved.
  settings.onDeskSaved(() => {
    desk.rearm();
    deskChanged.fire();
  });
  const backups = createBackups({ store, settings, deskSettings, log, changed: deskChanged.fire, clock });
  // The PINs' key, read before anything starts working: nothing runs while the keychain answers.
  await book.ready().catch((error: unknown) => log.warn('pin_key_unavailable', { error }));

  // The counter's flow, custody, and the shift that both count in.
  const attribute = createAttribution({ shifts: store.shifts, closing: deskContext.closing });
  const checkout = createCheckout({
    store,
    settings,
    gateways,
    journal,
    health,
    lookups,
    connectivity,
    attribute,
    desk: deskContext,
    creating,
    clock,
  });
  const branchPayouts = createBranchPayouts({
    store,
    client: headOffice.client,
    terminalId: headOffice.terminalId,
    supervisor,
    desk: deskContext.get,
    view: (localId) => journal.view(store.operations.get(localId)!),
    clock,
    announce: (localId) => emit('operation.changed', journal.view(store.operations.get(localId)!)),
  });
  const custody = createCustodyService({
    store,
    journal,
    settings,
    desk: deskContext,
    supervisor,
    audit,
    clock,
  });
  const reconciler = createReconciler({
    gateways,
    journal,
    health,
    createInFlight,
    concurrency: lookupPolicy.concurrency,
  });
  const shifts = createShifts({
    store,
    settings,
    deskSettings,
    desk,
    operators,
    supervisor,
    reconciler,
    checkout,
    deskContext,
    log,
    audit,
    chain,
    changed: deskChanged.fire,
    closed: () => zReported.fire(),
    reconciled: (shift) => emit('shift.reconciled', shift),
    clock,
  });
  const deskState = createDeskState({
    shifts: store.shifts,
    desk,
    supervisor,
    book,
    deskSettings,
    backups,
    chain,
  });
  const updates = createUpdates({
    policy: createUpdatePolicy({ store, clock, views: journal.views }),
    log,
    offer: (update) => emit('updates.ready', update),
    guarded: supervisor.pinSet,
  });
  const supervisorPins = { isSet: supervisor.pinSet, verify: supervisor.verify };

  // The features.
  const day = createDayFeature({
    store,
    desk,
    operators,
    supervisor,
    backups,
    shifts,
    audit,
    state: deskState,
    dataDir: options.dataDir,
    printer: options.printer,
    operationDesk: () => deskContext.get(),
    slips: createSlipPrinting({ store, settings, log, printer: options.printer }),
    reconcileRetryMs: dayOptions.reconcileRetryMs ?? 60_000,
    clock,
  });
  const upkeep = createUpkeepFeature(options, {
    updates,
    history: connectivityHistory,
    log,
    settings,
    connectivity: connectivity.snapshot,
    supervisors: supervisorPins,
    audit,
    clock,
  });
  const rendererErrors = createRendererErrors(log, clock);

  // Who reacts to what.
  deskChanged.follow(() => emit('desk.changed', deskState()));
  zReported.follow(day.zReported);
  gatewayBack.follow(() => {
    // A gateway answer arriving as the app quits: the queue is saved as it stands.
    if (pending.closed) return;
    store.outbox.retryFailedNow();
    lookups.kick();
    day.gatewayBack();
  });
  // An operation settling may be what frees the desk for a waiting update.
  events.follow((event) => event === 'operation.changed' && updates.reconsider());

  // Home's tray is pushed by main: an operation, the shift or the mode changing may change it.
  const tray = createTray({ store, journal, emit, log, clock });
  events.follow((event, payload) => {
    if (event === 'operation.changed') tray.operationChanged(payload as OperationView);
    else if (event === 'desk.changed' || event === 'app.changed') tray.deskChanged();
  });

  // The features, whose handlers make the one table behind every channel. Renderer errors answer
  // outside the desk's gate and close early, below.
  const features = [
    createSettingsFeature({
      settings,
      gateways,
      appState,
      retryWaitingLookups: gatewayBack.fire,
      modeChanged: trainingGateway.follow,
      track: pending.track,
      supervisors: supervisorPins,
    }),
    createCheckoutFeature(checkout, custody, log),
    createTrainingFeature({ gateways, health, store, checkout, journal, training }),
    createHistoryFeature({ store, journal, checkout, lookups, tray }),
    createReceiptsFeature({
      store,
      settings,
      journal,
      log,
      printer: options.printer,
      emit,
      on: events.on,
      operator: () => store.shifts.open()?.operatorName ?? null,
      reports: { x: shifts.report, z: shifts.zReport },
      headOffice: headOffice.zNote,
      clock,
    }),
    createLookupsFeature({ store, settings, gateways, journal, health, lookups }),
    createFollowFeature({ store, lookups }),
    day,
    upkeep,
    createHeadOfficeFeature({ headOffice, supervisorReset, branchPayouts }),
  ] as const;
  const handlers: Handlers = handlersOf([...features, rendererErrors]);
  // Started in this order, closed in the reverse.
  const lifecycle: readonly Feature<object>[] = features;

  // Rows from before the answer was stored get it first: recovery reads the index built on it.
  journal.computeAnswers();
  recoverUnsettled(store, journal, lookups);
  for (const feature of lifecycle) await feature.start?.();
  void chain.verify();

  // Every call passes the desk's gate first: the lock screen, the supervisor, Live's conditions.
  // Except a renderer's error report: it is logged behind the lock screen too, and is not the agent
  // at work, so it keeps no idle desk awake.
  const guarded = guardHandlers(handlers, { desk, supervisor, settings, store });
  const dispatch = createDispatch({ ...guarded, ...rendererErrors.handlers }, log);
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
    get sandbox() {
      return trainingGateway.sandbox();
    },
    updates,
    close() {
      closing ??= (async () => {
        // Token updates and the announcements after them finish before the database closes.
        await pending.close();
        // Before the features close: renderer errors held back are written, lookups stop asking,
        // nothing more is announced, the chain's check stops.
        rendererErrors.close();
        lookups.close();
        tray.close();
        events.clear();
        chain.stop();
        for (const feature of lifecycle.toReversed()) await feature.close?.();
        await chain.idle();
        store.close();
        await trainingGateway.close();
        // The log is written off the event loop: its last lines land before close resolves.
        await log.flush();
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

// The agent's day, wired in one place so core.ts stays a list: PINs and their guard, the
// supervisor, operators, the desk's lock, shifts and their reconciliation, backups, and the gate
// every IPC call passes. core.ts hands in what it has built and spreads the handlers back.
import type { DeskState, ShiftSummary } from '../../common/contract.ts';
import type { ChainGuard } from '../audit/chain.ts';
import { auditHandlers } from '../audit/handlers.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { CoreOptions } from '../core-types.ts';
import type { Emit } from '../events.ts';
import { createBackups } from '../export/backup.ts';
import { exportHandlers } from '../export/handlers.ts';
import type { Gateways } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { Handlers } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';
import { DEFAULT_LOOKUP_POLICY } from '../lookups/queue.ts';
import type { Journal } from '../operations/journal.ts';
import type { SettingsService } from '../settings/service.ts';
import { createDesk } from '../staff/desk.ts';
import { guardHandlers } from '../staff/gate.ts';
import { staffHandlers } from '../staff/handlers.ts';
import { createOperators } from '../staff/operators.ts';
import { createPinBook } from '../staff/pin-book.ts';
import { createPinGuard, DEFAULT_PIN_POLICY, type PinPolicy } from '../staff/pin-guard.ts';
import type { ScryptParams } from '../staff/pin-hash.ts';
import { createSupervisor, SUPERVISOR_GRANT_MS } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import { summary } from '../store/shifts.ts';
import { createPepperVault } from '../vault/pepper.ts';
import type { DeskContextSource } from './desk-context.ts';
import { shiftHandlers } from './handlers.ts';
import { createReconciler } from './reconcile.ts';
import { createShifts } from './shifts.ts';

export type DayOptions = {
  pins?: Partial<PinPolicy>;
  /** scrypt's cost for new PIN hashes (tests that search every PIN offline make it cheap). */
  pinHash?: ScryptParams;
  supervisorGrantMs?: number;
  /** The clock of PIN waits and the supervisor's unlocked time (tests move it by hand). */
  now?: () => number;
  /** How often a Z report left "not reconciled" is tried again. */
  reconcileRetryMs?: number;
  /** Overrides the idle minutes of the desk's settings (tests lock in milliseconds). */
  idleLockMs?: number;
};

type Services = {
  store: Store;
  log: Log;
  settings: SettingsService;
  gateways: Gateways;
  journal: Journal;
  health: GatewayHealth;
  emit: Emit;
  deskContext: DeskContextSource;
  audit: AuditTrail;
  chain: ChainGuard;
};

export function createAgentDay(
  core: Pick<CoreOptions, 'dataDir' | 'day' | 'lookups' | 'keychainService' | 'printer'>,
  services: Services,
  checkout: () => Checkout,
) {
  const deps = {
    ...services,
    checkout,
    dataDir: core.dataDir,
    options: core.day ?? {},
    concurrency: core.lookups?.concurrency ?? DEFAULT_LOOKUP_POLICY.concurrency,
  };
  const { store, log, settings, audit, chain } = deps;
  const announce = () => deps.emit('desk.changed', state());
  const { now } = deps.options;
  const book = createPinBook({
    store,
    vault: createPepperVault(core.keychainService),
    log,
    params: deps.options.pinHash,
  });
  const policy = { ...DEFAULT_PIN_POLICY, ...deps.options.pins };
  const guard = createPinGuard({ store, book, log, policy, now });
  const { deskSettings } = settings;
  const grantMs = deps.options.supervisorGrantMs ?? SUPERVISOR_GRANT_MS;
  const supervisor = createSupervisor({
    store,
    book,
    guard,
    settings,
    log,
    audit,
    grantMs,
    now,
    changed: announce,
  });
  supervisor.resetIfAsked(deps.dataDir);
  const operators = createOperators({ store, book, guard, log, audit });
  const lockAfterMs = () => deps.options.idleLockMs ?? deskSettings.get().lockAfterMinutes * 60_000;
  const desk = createDesk({ store, operators, supervisor, log, lockAfterMs, changed: announce });
  // A new idle time counts from now, and the screens show the desk's settings as saved.
  settings.onDeskSaved(() => {
    desk.rearm();
    announce();
  });
  const backups = createBackups({ store, settings, deskSettings, log, changed: announce });
  const reconciler = createReconciler({
    gateways: deps.gateways,
    journal: deps.journal,
    health: deps.health,
    createInFlight: (localId) => deps.checkout().createInFlight(localId),
    concurrency: deps.concurrency,
  });
  let retry: NodeJS.Timeout | undefined;
  let reconciling: Promise<void> | null = null;
  let closed = false;
  const shifts = createShifts({
    store,
    settings,
    deskSettings,
    desk,
    operators,
    supervisor,
    reconciler,
    checkout: deps.checkout,
    deskContext: deps.deskContext,
    log,
    audit,
    chain,
    changed: announce,
    closed: () => {
      backups.afterZReport();
      reconcileLater();
    },
    reconciled: (shift: ShiftSummary) => deps.emit('shift.reconciled', shift),
  });

  function state(): DeskState {
    const open = store.shifts.open();
    return {
      operator: desk.operator(),
      locked: desk.locked(),
      supervisor: {
        pinSet: supervisor.pinSet(),
        unlockedUntil: supervisor.unlockedUntil(),
        newPinNeeded: supervisor.newPinNeeded(),
      },
      pins: { needReset: book.needReset(), tampered: book.tampered() },
      shift: open ? summary(open) : null,
      settings: deskSettings.get(),
      backup: backups.state(),
      integrity: chain.integrity(),
    };
  }

  /** Z reports left "not reconciled" are tried again until every one is. */
  function reconcileLater(delayMs = deps.options.reconcileRetryMs ?? 60_000) {
    clearTimeout(retry);
    if (closed || store.shifts.unreconciled().length === 0) return;
    retry = setTimeout(() => {
      if (closed) return;
      // Kept, so close() waits for it: a reconciliation must not write to a store that has closed.
      reconciling = shifts.reconcilePending().then((left) => {
        reconciling = null;
        if (left) reconcileLater();
      });
    }, delayMs);
    retry.unref();
  }

  return {
    attribute: shifts.attribute,
    /** The supervisor's approval, for the acts that need their PIN each time (a custody reversal). */
    supervisor: { approve: supervisor.approve },
    /** Pushes DeskState again (the chain's check ended). */
    announce,
    /** The reports the printer lays out: the open shift's X, a closed shift's Z. */
    reports: { x: shifts.report, z: shifts.zReport },
    /** Who prints: the open shift's operator. */
    operator: () => store.shifts.open()?.operatorName ?? null,
    handlers: {
      ...staffHandlers({ desk, operators, supervisor, state, audit }),
      ...shiftHandlers(shifts, state),
      ...exportHandlers({ store, backups, dataDir: deps.dataDir, printer: core.printer }),
      ...auditHandlers(audit),
    },
    guard: (handlers: Handlers) => guardHandlers(handlers, { desk, supervisor, settings, store }),
    /** The gateway answers again after an outage: reconciliations that waited for it go now. */
    gatewayBack: () => reconcileLater(0),
    /** The supervisor PIN, for the acts outside the gate that carry it (the diagnostics export). */
    supervisorPins: { isSet: supervisor.pinSet, verify: supervisor.verify },
    /** The PINs' key from the keychain, before the first desk state is read (pin-book.ts). */
    async ready() {
      await book.ready().catch((error: unknown) => log.warn('pin_key_unavailable', { error }));
    },
    start() {
      backups.start();
      reconcileLater(0);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await reconciling;
      desk.close();
      supervisor.close();
      await backups.close();
    },
  };
}

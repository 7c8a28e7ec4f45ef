// Staff: PINs and their guard, the supervisor, operators, the desk's lock; and backups. The PINs'
// key is read before anything starts working: nothing runs while the keychain answers.
import type { CoreOptions } from '../core-types.ts';
import { createBackups } from '../export/backup.ts';
import type { Signals } from '../signal.ts';
import { createDesk } from '../staff/desk-lock.ts';
import { createOperators } from '../staff/operators.ts';
import { createPinBook } from '../staff/pin-book.ts';
import { createPinGuard, DEFAULT_PIN_POLICY } from '../staff/pin-guard.ts';
import { createSupervisor, SUPERVISOR_GRANT_MS } from '../staff/supervisor.ts';
import { createPepperVault } from '../vault/pepper.ts';
import type { Ground } from './ground.ts';

export async function wireStaff(ground: Ground, options: CoreOptions, signals: Signals<'deskChanged'>) {
  const { store, log, audit, settings, deskSettings, clock } = ground;
  const changed = signals.deskChanged.fire;
  const day = options.day ?? {};
  const book = createPinBook({
    store,
    vault: createPepperVault(options.keychainService),
    log,
    params: day.pinHash,
  });
  const pinGuard = createPinGuard({
    store,
    book,
    log,
    policy: { ...DEFAULT_PIN_POLICY, ...day.pins },
    clock,
  });
  const supervisor = createSupervisor({
    store,
    book,
    guard: pinGuard,
    settings,
    log,
    audit,
    grantMs: day.supervisorGrantMs ?? SUPERVISOR_GRANT_MS,
    clock,
    changed,
  });
  supervisor.resetIfAsked(options.dataDir);
  const operators = createOperators({ store, book, guard: pinGuard, log, audit });
  const lockAfterMs = () => day.idleLockMs ?? deskSettings.get().lockAfterMinutes * 60_000;
  const desk = createDesk({ store, operators, supervisor, log, lockAfterMs, changed, clock });
  // A new idle time counts from now, and the screens show the desk's settings as saved.
  settings.onDeskSaved(() => {
    desk.rearm();
    changed();
  });
  const backups = createBackups({ store, settings, deskSettings, log, changed, clock });
  await book.ready().catch((error: unknown) => log.warn('pin_key_unavailable', { error }));
  const supervisorPins = { isSet: supervisor.pinSet, verify: supervisor.verify };
  return { book, supervisor, operators, desk, backups, supervisorPins };
}

export type WiredStaff = Awaited<ReturnType<typeof wireStaff>>;

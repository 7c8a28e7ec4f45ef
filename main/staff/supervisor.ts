// The supervisor's PIN and the supervisor's unlocked time. Training works out of the box without a
// PIN; the first time Live is turned on one must be set, and from then on settings, operators, mode,
// gateway, tokens, terminal ID and kiosk need the supervisor unlocked.
//
// Unlocking opens a grant held only here, in main: a few minutes, renewed by each supervised call
// that succeeds (a refused one renews nothing), and never beyond 15 minutes from the unlock, so
// one unlock cannot be kept alive all day. Nothing crosses the bridge for it. The renderer is one
// trusted page (main checks the sender), so a bearer token would add nothing but a secret for the
// renderer to hold. A single act of the supervisor at the drawer (cash to the safe, a variance at
// close) carries the PIN in its own request instead, so walking away after it leaves nothing open;
// so does changing the supervisor PIN, which always asks for the current one.
//
// A new supervisor PIN has 6 to 8 digits. One set before that rule (4 or 5 digits) keeps working,
// so no desk is locked out mid-shift, but each time it is entered the desk state says a new one is
// needed (supervisor.newPinNeeded), until the supervisor sets one.
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type Phrase, phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Clock, Timer } from '../clock.ts';
import type { Log } from '../log.ts';
import { readEnrolment } from '../settings/enrolment.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { PinBook } from './pin-book.ts';
import type { PinGuard, PinOwner } from './pin-guard.ts';

/** Placed in the data folder by the machine's OS user (never by the app): clears a forgotten PIN. */
export const SUPERVISOR_RESET_FILE = 'RESET-SUPERVISOR-PIN';

/** How long the supervisor stays unlocked after the unlock or the last supervised call that succeeded. */
export const SUPERVISOR_GRANT_MS = 5 * 60_000;
/** However busy the supervisor, the PIN is asked again this long after the unlock. */
export const SUPERVISOR_GRANT_CAP_MS = 15 * 60_000;
/** Digits a new supervisor PIN needs at least. */
export const SUPERVISOR_PIN_MIN = 6;

const OWNER: PinOwner = {
  subject: 'supervisor',
  label: phrase('owner.supervisor'),
  unlock: phrase('unlock.supervisor'),
};

type Deps = {
  store: Pick<Store, 'durable' | 'settings' | 'staff'>;
  book: PinBook;
  guard: PinGuard;
  settings: SettingsService;
  log: Log;
  audit: Pick<AuditTrail, 'record'>;
  grantMs: number;
  clock: Clock;
  /** The unlocked time began or ended. */
  changed: () => void;
};

export function createSupervisor(deps: Deps) {
  const { store, book } = deps;
  const { clock } = deps;
  const now = clock.now;
  let unlockedAt = 0;
  let until = 0;
  let timer: Timer | undefined;
  /** The PIN last entered right was shorter than a new one may be. */
  let newPinNeeded = false;

  const pinSet = book.supervisorSet;
  const granted = () => until > now();

  function extend() {
    until = Math.min(now() + deps.grantMs, unlockedAt + SUPERVISOR_GRANT_CAP_MS);
    clock.clearTimeout(timer);
    timer = clock.setTimeout(
      () => {
        if (granted()) return;
        until = 0;
        deps.changed();
      },
      Math.max(0, until - now()),
    );
    timer.unref();
  }

  function grant() {
    unlockedAt = now();
    extend();
  }

  function lock() {
    if (!until) return;
    until = 0;
    clock.clearTimeout(timer);
    deps.changed();
  }

  /** The right supervisor PIN, noting one too short for today's rule. */
  async function check(pin: string): Promise<void> {
    await deps.guard.check(OWNER, pin);
    if (newPinNeeded !== pin.length < SUPERVISOR_PIN_MIN) {
      newPinNeeded = pin.length < SUPERVISOR_PIN_MIN;
      deps.changed();
    }
  }

  return {
    pinSet,
    unlockedUntil: () => (granted() ? new Date(until).toISOString() : null),
    newPinNeeded: () => newPinNeeded && pinSet(),

    /**
     * The first PIN is anyone's to set (and so is the one after a restore on a machine without
     * the PINs' key); a new one needs the current one, every time. Leaves the supervisor unlocked.
     */
    async setPin(pin: string, currentPin: string | undefined): Promise<void> {
      if (pin.length < SUPERVISOR_PIN_MIN) {
        throw new AgentError(
          'validation',
          refusal('staff.supervisorPinLength', { min: SUPERVISOR_PIN_MIN }),
          {
            field: 'pin',
          },
        );
      }
      // Read the keychain afresh: a PIN set "first" after a restore drops every PIN made under the old key.
      await book.ready();
      const first = !pinSet();
      if (!first) {
        if (!currentPin) {
          throw new AgentError('locked', refusal('staff.currentPinToChange'), {
            field: 'currentPin',
          });
        }
        await check(currentPin);
      }
      const hash = await book.make('supervisor', pin);
      store.durable(() => {
        // PINs made under a key this keychain lacks can never be checked: their owners get new ones.
        if (first) book.dropOtherKeys();
        book.write('supervisor', hash);
      });
      deps.log.info('supervisor_pin_set', {});
      newPinNeeded = false;
      deps.audit.record(first ? 'supervisor_pin_set' : 'supervisor_pin_changed', {}, 'supervisor');
      grant();
      deps.changed();
    },

    async unlock(pin: string): Promise<void> {
      if (!pinSet())
        throw new AgentError('locked', refusal('staff.noSupervisorPin'), { field: 'supervisorPin' });
      await check(pin);
      grant();
      deps.changed();
    },

    lock,

    /** A supervised call succeeded: the unlocked time starts over, within the cap. */
    renew() {
      if (granted()) extend();
    },

    /** For a supervised channel: open until a PIN is set (training only), then only while unlocked. */
    require(): void {
      if (!pinSet()) {
        if (deps.settings.get().mode === 'live') {
          throw new AgentError('locked', refusal('staff.setSupervisorPin'), { field: 'supervisorPin' });
        }
        return;
      }
      if (!granted()) {
        throw new AgentError('locked', refusal('staff.supervisorOnly'), {
          field: 'supervisor',
        });
      }
    },

    /** Whether an act at the drawer needs the PIN: not on a training desk without one. */
    approvalNeeded: () => pinSet() || deps.settings.get().mode === 'live',

    /**
     * One supervised act at the drawer: true once the PIN is right. A desk without a supervisor PIN
     * (training, out of the box) approves nothing and refuses nothing.
     */
    async approve(pin: string | undefined, what: Phrase): Promise<boolean> {
      if (!pinSet()) {
        if (deps.settings.get().mode === 'live') {
          throw new AgentError('locked', refusal('staff.setSupervisorPin'), { field: 'supervisorPin' });
        }
        return false;
      }
      if (!pin)
        throw new AgentError('locked', refusal('staff.needsSupervisorPin', { what }), {
          field: 'supervisorPin',
        });
      await check(pin);
      return true;
    },

    /** The supervisor's own PIN, for taking the desk's lock screen down. */
    verify: check,

    /**
     * The documented reset for a forgotten PIN: only someone who can write to the data folder (the
     * machine's OS user) can ask for it. The file is removed first, so a folder where it cannot be
     * removed never clears the PIN on every start. Nothing else is touched.
     */
    resetIfAsked(dataDir: string): void {
      const file = join(dataDir, SUPERVISOR_RESET_FILE);
      if (!existsSync(file)) return;
      // On a desk enrolled at a head office the file only arms the reset: the supervisor screen
      // asks for HQ's one-time code (main/headoffice/supervisor-reset.ts), which removes it.
      if (readEnrolment(store.settings)) {
        deps.log.info('supervisor_pin_reset_needs_code', {});
        return;
      }
      try {
        unlinkSync(file);
      } catch (error) {
        deps.log.info('supervisor_pin_reset_refused', { error });
        return;
      }
      store.durable(() => store.staff.clearPin('supervisor'));
      deps.log.info('supervisor_pin_reset', { file });
      deps.audit.record('supervisor_pin_reset', { file: SUPERVISOR_RESET_FILE }, null);
    },

    close() {
      clock.clearTimeout(timer);
    },
  };
}

export type Supervisor = ReturnType<typeof createSupervisor>;

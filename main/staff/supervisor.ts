// The supervisor's PIN and the supervisor's unlocked time. Training works out of the box without a
// PIN; the first time Live is turned on one must be set, and from then on settings, operators, mode,
// gateway, tokens, terminal ID and kiosk need the supervisor unlocked.
//
// Unlocking opens a grant held only here, in main, for a few minutes after the last supervised
// call; nothing crosses the bridge for it. The renderer is one trusted page (main checks the
// sender), so a bearer token would add nothing but a secret for the renderer to hold, and the PIN
// is not kept there between the calls of one visit to Settings. A single act of the supervisor at
// the drawer (cash to the safe, a variance at close) carries the PIN in its own request instead,
// so walking away after it leaves nothing open.
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Log } from '../log.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { PinGuard, PinOwner } from './pin-guard.ts';
import { hashNewPin } from './pin-hash.ts';

/** Placed in the data folder by the machine's OS user (never by the app): clears a forgotten PIN. */
export const SUPERVISOR_RESET_FILE = 'RESET-SUPERVISOR-PIN';

/** How long the supervisor stays unlocked after the last supervised call. */
export const SUPERVISOR_GRANT_MS = 5 * 60_000;

const OWNER: PinOwner = {
  subject: 'supervisor',
  label: 'The supervisor',
  unlock: 'reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes.',
};

type Deps = {
  store: Store;
  guard: PinGuard;
  settings: SettingsService;
  log: Log;
  audit: Pick<AuditTrail, 'record'>;
  grantMs: number;
  /** The unlocked time began or ended. */
  changed: () => void;
};

export function createSupervisor(deps: Deps) {
  const { store } = deps;
  let until = 0;
  let timer: NodeJS.Timeout | undefined;

  const pinSet = () => store.staff.pin('supervisor') !== undefined;
  const granted = () => until > Date.now();

  function grant() {
    until = Date.now() + deps.grantMs;
    clearTimeout(timer);
    timer = setTimeout(() => {
      until = 0;
      deps.changed();
    }, deps.grantMs);
    timer.unref();
  }

  function lock() {
    if (!until) return;
    until = 0;
    clearTimeout(timer);
    deps.changed();
  }

  return {
    pinSet,
    unlockedUntil: () => (granted() ? new Date(until).toISOString() : null),

    /** The first PIN is anyone's to set; a new one only an unlocked supervisor's. Leaves it unlocked. */
    async setPin(pin: string): Promise<void> {
      if (pinSet() && !granted()) {
        throw new AgentError('locked', 'Unlock as supervisor first to change the supervisor PIN.', {
          field: 'supervisor',
        });
      }
      const first = !pinSet();
      const hash = await hashNewPin(pin);
      store.durable(() => store.staff.setPin('supervisor', hash));
      deps.log.info('supervisor_pin_set', {});
      deps.audit.record(first ? 'supervisor_pin_set' : 'supervisor_pin_changed', {}, 'supervisor');
      grant();
      deps.changed();
    },

    async unlock(pin: string): Promise<void> {
      if (!pinSet())
        throw new AgentError('locked', 'No supervisor PIN is set yet.', { field: 'supervisorPin' });
      await deps.guard.check(OWNER, pin);
      grant();
      deps.changed();
    },

    lock,

    /** For a supervised channel: open until a PIN is set (training only), then only while unlocked. */
    require(): void {
      if (!pinSet()) {
        if (deps.settings.get().mode === 'live') {
          throw new AgentError('locked', 'Set a supervisor PIN first.', { field: 'supervisorPin' });
        }
        return;
      }
      if (!granted()) {
        throw new AgentError('locked', 'Only a supervisor may do this: unlock with the supervisor PIN.', {
          field: 'supervisor',
        });
      }
      grant();
    },

    /**
     * One supervised act at the drawer: true once the PIN is right. A desk without a supervisor PIN
     * (training, out of the box) approves nothing and refuses nothing.
     */
    async approve(pin: string | undefined, what: string): Promise<boolean> {
      if (!pinSet()) {
        if (deps.settings.get().mode === 'live') {
          throw new AgentError('locked', 'Set a supervisor PIN first.', { field: 'supervisorPin' });
        }
        return false;
      }
      if (!pin)
        throw new AgentError('locked', `${what} needs the supervisor PIN.`, { field: 'supervisorPin' });
      await deps.guard.check(OWNER, pin);
      return true;
    },

    /** The supervisor's own PIN, for taking the desk's lock screen down. */
    verify: (pin: string) => deps.guard.check(OWNER, pin),

    /**
     * The documented reset for a forgotten PIN: only someone who can write to the data folder (the
     * machine's OS user) can ask for it. The file is removed first, so a folder where it cannot be
     * removed never clears the PIN on every start. Nothing else is touched.
     */
    resetIfAsked(dataDir: string): void {
      const file = join(dataDir, SUPERVISOR_RESET_FILE);
      if (!existsSync(file)) return;
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
      clearTimeout(timer);
    },
  };
}

export type Supervisor = ReturnType<typeof createSupervisor>;

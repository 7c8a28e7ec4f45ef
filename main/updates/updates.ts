// The update the shell has downloaded, and when to offer it. The renderer is asked "Update ready —
// install now?" (the `updates.ready` event) only when the policy allows, again each time the desk
// becomes idle after being busy; an install is refused if the desk got busy in between.
import type { UpdateHold } from '../../common/contract.ts';
import type { Log } from '../log.ts';
import type { UpdateDecision, UpdatePolicy } from './policy.ts';

/** Installs and restarts; returns false if it refused at the last moment. */
export type Installer = () => boolean;

export function createUpdates(deps: {
  policy: UpdatePolicy;
  log: Log;
  offer: (update: { version: string }) => void;
  /** A supervisor PIN guards the desk: until then no update URL is followed. */
  guarded: () => boolean;
}) {
  let version: string | null = null;
  let offered = false;
  let installer: Installer | null = null;

  function decide(): UpdateDecision {
    return version ? deps.policy.decide() : { allowed: false, hold: 'no_update' };
  }

  /** Offers the update when the desk has just become free for it; cheap while there is none. */
  function reconsider() {
    if (!version) return;
    const allowed = decide().allowed;
    if (allowed && !offered) deps.offer({ version });
    offered = allowed;
  }

  return {
    decide,
    reconsider,
    /**
     * The feed the shell may follow for the settings' update URL: none on a desk without a
     * supervisor PIN, where any page could have set it.
     */
    feed: (updateUrl: string | null): string | null => (deps.guarded() ? updateUrl : null),
    setIdle(home: boolean) {
      deps.policy.setIdle(home);
      reconsider();
    },
    /** The shell downloaded `version` (null: updates were turned off, forget it). */
    available(next: string | null) {
      if (next === version) return;
      version = next;
      offered = false;
      deps.log.info(next ? 'update_downloaded' : 'update_withdrawn', { version: next });
      reconsider();
    },
    /** The shell's way to install; under plain Node there is none, and nothing installs. */
    setInstaller(next: Installer) {
      installer = next;
    },
    install(): { installing: boolean; hold: UpdateHold | null } {
      const decision = decide();
      if (!decision.allowed) {
        deps.log.info('update_held', { version, hold: decision.hold });
        return { installing: false, hold: decision.hold };
      }
      deps.log.info('update_installing', { version });
      if (installer?.()) return { installing: true, hold: null };
      deps.log.warn('update_not_installed', { version, installer: installer !== null });
      return { installing: false, hold: 'no_update' };
    },
  };
}

export type Updates = ReturnType<typeof createUpdates>;

// Who is signed in at this desk, and whether the lock screen is up. Main holds it, not the
// renderer: the lock falls after the set idle minutes (every call but a passive read counts as
// activity, and `desk.touch` reports keys and pointer), or on demand; the same operator's PIN (or
// the supervisor's) takes it down. Locking only hides the desk: an operation in progress goes on,
// and its lookups and events with it. After a restart with a shift still open, the desk starts locked.

import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Clock, Timer } from '../clock.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';
import type { Operators } from './operators.ts';
import type { Supervisor } from './supervisor.ts';

export type SignedIn = { id: number; name: string };

type Deps = {
  store: Pick<Store, 'shifts'>;
  operators: Operators;
  supervisor: Supervisor;
  log: Log;
  lockAfterMs: () => number;
  changed: () => void;
  clock: Clock;
};

export function createDesk(deps: Deps) {
  const open = deps.store.shifts.open();
  let operator: SignedIn | null = open?.operatorId ? { id: open.operatorId, name: open.operatorName } : null;
  let locked = operator !== null;
  const { clock } = deps;
  let timer: Timer | undefined;

  function arm() {
    clock.clearTimeout(timer);
    if (!operator || locked) return;
    timer = clock.setTimeout(() => lock('idle'), deps.lockAfterMs());
    timer.unref();
  }

  function lock(reason: 'idle' | 'asked') {
    if (!operator || locked) return;
    locked = true;
    clock.clearTimeout(timer);
    deps.supervisor.lock();
    deps.log.info('desk_locked', { reason, operatorId: operator.id });
    deps.changed();
  }

  return {
    operator: () => operator,
    locked: () => locked,

    signIn(signedIn: SignedIn) {
      operator = signedIn;
      locked = false;
      arm();
      deps.changed();
    },
    signOut() {
      operator = null;
      locked = false;
      clock.clearTimeout(timer);
      deps.changed();
    },

    lock() {
      if (!operator) throw new AgentError('conflict', refusal('staff.noOperatorSignedIn'));
      lock('asked');
    },

    async unlock(pin: string, as: 'operator' | 'supervisor'): Promise<void> {
      if (!locked || !operator) return;
      if (as === 'supervisor') await deps.supervisor.verify(pin);
      else await deps.operators.verify(operator.id, pin);
      locked = false;
      deps.log.info('desk_unlocked', { as, operatorId: operator.id });
      arm();
      deps.changed();
    },

    /** The agent did something: the idle time starts over. */
    activity() {
      if (!locked) arm();
    },
    /** The idle minutes changed. */
    rearm: arm,
    close() {
      clock.clearTimeout(timer);
    },
  };
}

export type Desk = ReturnType<typeof createDesk>;

// Every PIN check goes through here: a wrong try is counted on disk before the hash is even
// compared, so neither a restart nor a process killed mid-check wipes it; after 3 wrong tries in a
// row each next one is checked only once a growing wait is over (the refusal says until when, and
// nothing sleeps); after 10 the PIN is locked out. Checks of one PIN run one at a time, so a burst
// of parallel guesses meets the same count. Each try is logged, never with the PIN. A row changed
// outside CashDesk is refused before any try is counted (pin-book.ts).

import { type Phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import { createKeyedSerial } from '../keyed-serial.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';
import type { PinSubject } from '../store/staff.ts';
import type { PinBook } from './pin-book.ts';

export type PinPolicy = {
  /** Wrong tries in a row that are answered at once. */
  freeTries: number;
  /** The wait after the first try beyond those, doubled with each further wrong one. */
  delayMs: number;
  maxDelayMs: number;
  /** Wrong tries in a row that lock the PIN out until a supervisor lifts it (or, for the supervisor, the reset). */
  lockOutAfter: number;
};

export const DEFAULT_PIN_POLICY: PinPolicy = {
  freeTries: 3,
  delayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  lockOutAfter: 10,
};

export type PinOwner = {
  subject: PinSubject;
  /** "Operator Aigerim", "The supervisor": for refusals. */
  label: Phrase;
  /** What lifts a lock-out. */
  unlock: Phrase;
};

export function createPinGuard(deps: {
  store: Pick<Store, 'durable' | 'staff'>;
  book: PinBook;
  log: Log;
  policy: PinPolicy;
  clock: Pick<Clock, 'now'>;
}) {
  const { store, book, policy } = deps;
  const now = deps.clock.now;
  const perPin = createKeyedSerial<PinSubject>();

  function logTry(owner: PinOwner, outcome: string, failures: number) {
    deps.log.info('pin_attempt', { subject: owner.subject, outcome, failures });
  }

  function lockedOut(owner: PinOwner, failures: number): AgentError {
    return new AgentError(
      'locked',
      refusal('pin.lockedOut', { owner: owner.label, failures, unlock: owner.unlock }),
      {
        field: 'pin',
      },
    );
  }

  async function attempt(owner: PinOwner, pin: string): Promise<void> {
    const row = await book.usable(owner.subject);
    if (!row) throw new AgentError('locked', refusal('pin.notSet', { owner: owner.label }), { field: 'pin' });
    if (row.lockedAt) {
      logTry(owner, 'locked_out', row.failures);
      throw lockedOut(owner, row.failures);
    }
    if (row.retryAt && Date.parse(row.retryAt) > now()) {
      logTry(owner, 'too_soon', row.failures);
      throw new AgentError('pin_refused', refusal('pin.wait', { retryAt: row.retryAt }), {
        field: 'pin',
        retryAt: row.retryAt,
      });
    }
    const failures = row.failures + 1;
    store.durable(() =>
      store.staff.recordTries(owner.subject, { failures, retryAt: row.retryAt, lockedAt: null }),
    );
    if (await book.verify(row, pin).catch(() => false)) {
      store.durable(() =>
        store.staff.recordTries(owner.subject, { failures: 0, retryAt: null, lockedAt: null }),
      );
      logTry(owner, 'accepted', 0);
      return;
    }
    const at = now();
    const lockedAt = failures >= policy.lockOutAfter ? new Date(at).toISOString() : null;
    const wait = Math.min(policy.delayMs * 2 ** (failures - policy.freeTries), policy.maxDelayMs);
    const retryAt = !lockedAt && failures >= policy.freeTries ? new Date(at + wait).toISOString() : null;
    store.durable(() => store.staff.recordTries(owner.subject, { failures, retryAt, lockedAt }));
    logTry(owner, lockedAt ? 'refused_locked_out' : 'refused', failures);
    if (lockedAt) throw lockedOut(owner, failures);
    const left = policy.freeTries - failures;
    throw new AgentError(
      'pin_refused',
      retryAt
        ? refusal('pin.wrongWait', { retryAt })
        : left === 1
          ? refusal('pin.wrongOneLeft')
          : refusal('pin.wrongLeft', { left }),
      { field: 'pin', ...(retryAt ? { retryAt } : {}) },
    );
  }

  return {
    /** Resolves when the PIN is right; otherwise throws `pin_refused` (with retryAt) or `locked`. */
    check(owner: PinOwner, pin: string): Promise<void> {
      return perPin.run(owner.subject, () => attempt(owner, pin));
    },
    /** Locked out or waiting, as the operator list shows it. */
    state(subject: PinSubject): { lockedOut: boolean; retryAt: string | null } {
      const row = store.staff.pin(subject);
      const retryAt = row?.retryAt && Date.parse(row.retryAt) > now() ? row.retryAt : null;
      return { lockedOut: Boolean(row?.lockedAt), retryAt };
    },
  };
}

export type PinGuard = ReturnType<typeof createPinGuard>;

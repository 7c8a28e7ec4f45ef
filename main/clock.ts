// The time main reads and the timers it sets, in one place, so a test can move them: lookups and
// their back-off, a session's expiry at checkout, PIN waits and lock-outs, the supervisor's unlocked
// time, the idle lock, and reconciliations tried again. Defaults to the machine's.

/** A timer as callers keep it: `unref` lets the process exit while it waits. */
export type Timer = { unref(): unknown };

export type Clock = {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(run: () => void, ms: number): Timer;
  clearTimeout(timer: Timer | undefined): void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
};

/** The clock's time as an ISO 8601 string, as records keep it. */
export function isoNow(clock: Pick<Clock, 'now'>): string {
  return new Date(clock.now()).toISOString();
}

/** Resolves after `ms` of the clock's time. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}

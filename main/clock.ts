// The time main reads and the timers it sets, in one place, so a test can move them: lookups and
// their back-off, the gateway client's waits between retries, a session's expiry at checkout, PIN
// waits and lock-outs, the supervisor's unlocked time, the idle lock, reconciliations tried again,
// backups' daily check, the chain's keychain re-read pause, renderer errors' minute, and the time
// every record is stamped with. Defaults to the machine's. test/unit/clock-only.test.ts keeps main/
// from reading the time any other way.

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

/** The zone the desk prints its times in: the shell's, when it named one, else this process's own. */
export function deskTimeZone(fromShell: string | undefined): string {
  return fromShell ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The clock's time as an ISO 8601 string, as records keep it. */
export function isoNow(clock: Pick<Clock, 'now'>): string {
  return new Date(clock.now()).toISOString();
}

/** Resolves after `ms` of the clock's time. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}

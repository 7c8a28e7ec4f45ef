// An error nothing caught in the core's own process leaves the core in a state nobody knows: a
// transaction half done in memory, a timer that never fires again. The core keeps every operation
// on disk and its shell restarts it (client.ts), so the safe answer is to stop: the error goes to
// the core's log, the host stops taking calls, the log reaches the disk, and the process exits.
// The shell sees a crash: calls in flight get the outcome-unknown answer with cash held (a read is
// asked again), and the new core's startup recovery settles what was under way.
import type { Log } from '../log.ts';

/** What the core's process exits with after an error nothing caught (a crash to its shell). */
const CORE_UNCAUGHT_EXIT_CODE = 70;

/** A log that cannot reach the disk (a frozen one) does not keep the core from ending. */
const FLUSH_LIMIT_MS = 2_000;

type Proc = {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
};

export function endOnUncaught(
  proc: Proc,
  deps: {
    /** The core's log once it is up; before, the error goes to stderr, which the shell keeps. */
    log(): Pick<Log, 'error' | 'flush'> | null;
    /** No call is answered from the state the error left. */
    halt(): void;
    exit(code: number): void;
  },
): void {
  let ending = false;
  async function end(event: string, detail: Record<string, unknown>) {
    if (ending) return;
    ending = true;
    deps.halt();
    const log = deps.log();
    if (!log) {
      console.error(event, detail);
      return deps.exit(CORE_UNCAUGHT_EXIT_CODE);
    }
    log.error(event, detail);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      log.flush().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, FLUSH_LIMIT_MS);
      }),
    ]);
    clearTimeout(timer);
    deps.exit(CORE_UNCAUGHT_EXIT_CODE);
  }
  proc.on('uncaughtException', (error, origin) => void end('core_uncaught_exception', { origin, error }));
  // Node's own rule without a listener: a rejection nobody handles ends the process like a throw.
  proc.on('unhandledRejection', (reason) => void end('core_unhandled_rejection', { error: reason }));
}

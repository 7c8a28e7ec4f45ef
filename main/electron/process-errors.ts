// An error nothing caught in main goes to the support log (redacted as every line is) instead of
// Electron's default dialog or a silent exit. With a listener, Node keeps running: the desk stays up
// and the core, which keeps every operation on disk, stays the source of truth.
import type { Log } from '../log.ts';

type Proc = {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
};

/** `log` is asked at each error: the shell's own log until the core's (which knows the token) opens. */
export function logUncaught(proc: Proc, log: () => Pick<Log, 'error'>): void {
  proc.on('uncaughtException', (error, origin) => log().error('uncaught_exception', { origin, error }));
  proc.on('unhandledRejection', (reason) => log().error('unhandled_rejection', { error: reason }));
}

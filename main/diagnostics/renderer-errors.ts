// Errors the renderer reports (app.reportError) go to the support log as `renderer_error`, at most
// MAX_PER_WINDOW a minute: a screen failing in a render loop must not rotate the useful lines away.
// What is held back is counted and written as one `renderer_error_suppressed` line when the minute
// ends.
import type { Clock, Timer } from '../clock.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';

export const MAX_PER_WINDOW = 20;
export const WINDOW_MS = 60_000;

export function createRendererErrors(log: Pick<Log, 'error' | 'warn'>, clock: Clock) {
  const now = () => clock.now();
  let windowStart = now();
  let logged = 0;
  let suppressed = 0;
  let flushTimer: Timer | null = null;

  function flush() {
    if (flushTimer) clock.clearTimeout(flushTimer);
    flushTimer = null;
    if (suppressed > 0) log.warn('renderer_error_suppressed', { count: suppressed, windowMs: WINDOW_MS });
    suppressed = 0;
  }

  function report(error: { message: string; stack?: string | undefined; where?: string | undefined }) {
    const at = now();
    if (at - windowStart >= WINDOW_MS) {
      flush();
      windowStart = at;
      logged = 0;
    }
    if (logged >= MAX_PER_WINDOW) {
      suppressed += 1;
      // The count is written when the minute ends, even if the renderer falls silent meanwhile.
      flushTimer ??= clock.setTimeout(flush, Math.max(0, windowStart + WINDOW_MS - at));
      flushTimer.unref();
      return;
    }
    logged += 1;
    log.error('renderer_error', error);
  }

  const handlers: HandlerTable<'app.reportError'> = {
    'app.reportError': (request) => {
      report(request);
      return {};
    },
  };
  return { report, handlers, close: flush };
}

// A renderer that crashed or hangs is logged and its screen loaded again, with `?recovered=1` so the
// renderer shows a banner saying nothing was lost (every operation is in the core, not the screen).
// A screen that keeps failing is not loaded again: the shell shows its own page instead (`failed`:
// the screen failed, nothing was lost, Restart CashDesk), which needs nothing of the renderer.
// Typed against Electron, but the webContents is an argument, so it runs under plain Node.
import type { RenderProcessGoneDetails, WebContents } from 'electron';
import type { Log } from '../log.ts';

/** More than this many recoveries in RECOVERY_WINDOW_MS is a screen that crashes as it loads. */
export const MAX_RECOVERIES = 3;
export const RECOVERY_WINDOW_MS = 60_000;

export const RECOVERED_QUERY = 'recovered=1';

type Contents = Pick<WebContents, 'isDestroyed' | 'forcefullyCrashRenderer'> & {
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: Pick<RenderProcessGoneDetails, 'reason' | 'exitCode'>) => void,
  ): unknown;
  on(event: 'unresponsive', listener: () => void): unknown;
};

/** The window's two faces: the renderer's screen loaded, or the shell's page for a screen that failed. */
export type RecoveryScreen = { load(url: string): Promise<void>; failed(): void };

export function recoverRenderer(
  contents: Contents,
  screen: RecoveryScreen,
  pageUrl: string,
  log: Pick<Log, 'error'>,
  now: () => number = Date.now,
): void {
  let loading = false;
  let failed = false;
  const recent: number[] = [];

  function reload(why: string) {
    if (loading || contents.isDestroyed()) return;
    const at = now();
    while (recent.length > 0 && at - recent[0]! > RECOVERY_WINDOW_MS) recent.shift();
    if (recent.length >= MAX_RECOVERIES) {
      // Reloading again would only crash again, and fill the log doing so. The shell's page is shown
      // once: if even it fails, there is nothing simpler left to show.
      log.error('renderer_recovery_stopped', { why, recoveries: recent.length });
      if (!failed) {
        failed = true;
        screen.failed();
      }
      return;
    }
    recent.push(at);
    loading = true;
    const separator = pageUrl.includes('?') ? '&' : '?';
    screen
      .load(`${pageUrl}${separator}${RECOVERED_QUERY}`)
      .catch((error: unknown) => log.error('renderer_reload_failed', { error }))
      .finally(() => {
        loading = false;
      });
  }

  contents.on('render-process-gone', (_event, details) => {
    log.error('renderer_gone', { reason: details.reason, exitCode: details.exitCode });
    // 'clean-exit' is the window closing, not a failure.
    if (details.reason !== 'clean-exit') reload('gone');
  });
  contents.on('unresponsive', () => {
    log.error('renderer_unresponsive', {});
    if (loading) return;
    // A hung renderer does not reload itself: end it first (Electron's documented way), then load.
    contents.forcefullyCrashRenderer();
    reload('unresponsive');
  });
}

// Quitting waits for the core to close: the lookup queue stops, the day's timers end and the
// database closes cleanly (its WAL checkpointed) before the process goes. Electron does not await a
// before-quit listener, so the first before-quit is held back, the core closed (or the limit
// reached: a gateway that never answers must not keep the desk from quitting), then quit() is
// called again. Typed against Electron, but app is an argument, so it runs under plain Node.
import type { App } from 'electron';
import type { Log } from '../log.ts';

/** Closing takes milliseconds; this is for a close stuck behind a gateway call or a frozen disk. */
export const CLOSE_LIMIT_MS = 5_000;

type QuitEvent = { preventDefault(): void };
type QuittingApp = Pick<App, 'quit'> & {
  on(event: 'before-quit', listener: (event: QuitEvent) => void): unknown;
};

export function closeBeforeQuit(
  app: QuittingApp,
  close: () => Promise<void>,
  log: Pick<Log, 'info' | 'error'>,
  limitMs = CLOSE_LIMIT_MS,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    // A second quit while closing (the agent pressing again) waits for the same close.
    if (state === 'closing') return;
    state = 'closing';
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'limit'>((resolve) => {
      timer = setTimeout(() => resolve('limit'), limitMs);
    });
    const closing = close().then(
      () => 'closed' as const,
      (error: unknown) => {
        log.error('close_failed', { error });
        return 'failed' as const;
      },
    );
    void Promise.race([closing, limit]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'limit') log.error('close_timed_out', { limitMs });
      else log.info('closed', { outcome });
      state = 'closed';
      app.quit();
    });
  });
}

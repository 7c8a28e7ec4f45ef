// The window as the shell drives it: the renderer's screen, or one of the shell's own pages
// (shell-pages.ts) with what each of its buttons does. A button is a link to an action's address:
// it is caught as the window starts to navigate, never loaded, and taken only while a page that
// offers it shows, once; the renderer's screen (or anything it loads) can ask for no action.
// Typed structurally, so Electron's webContents and a test's stand-in both fit.
import type { Language } from '../../common/enums.ts';
import type { Log } from '../log.ts';
import { failedPage, type ShellAction, type ShellPage, shellActionOf } from './shell-pages.ts';

type Navigation = { preventDefault(): void; url: string };
export type ShellContents = {
  loadURL(url: string): Promise<void>;
  on(event: 'will-navigate', listener: (event: Navigation) => void): unknown;
};
export type ShellHandlers = Partial<Record<ShellAction, () => void>>;

export function shellWindow(contents: ShellContents, log: Pick<Log, 'info' | 'warn' | 'error'>) {
  let offered: ShellHandlers = {};
  contents.on('will-navigate', (event) => {
    const action = shellActionOf(event.url);
    if (!action) return;
    event.preventDefault();
    const handler = offered[action];
    if (!handler) return void log.warn('shell_action_refused', { action });
    offered = {};
    log.info('shell_action', { action });
    handler();
  });
  const load = (url: string) =>
    contents.loadURL(url).catch((error: unknown) => log.error('window_load_failed', { error }));
  return {
    /** One of the shell's pages, its buttons doing what `handlers` says. */
    show(page: ShellPage, handlers: ShellHandlers = {}): Promise<void> {
      offered = Object.fromEntries(page.actions.map((action) => [action, handlers[action]]));
      return load(page.url);
    },
    /** The renderer's screen: no shell action is taken while it shows. */
    app(url: string): Promise<void> {
      offered = {};
      return load(url);
    },
  };
}

export type ShellWindow = ReturnType<typeof shellWindow>;

/**
 * What renderer recovery (electron/recovery.ts) drives: the screen loaded again, or, once it keeps
 * failing, the shell's page saying so, whose one button restarts CashDesk.
 */
export function recoveryScreen(window: ShellWindow, language: () => Language, restart: () => void) {
  return {
    load: window.app,
    failed: () => void window.show(failedPage(language()), { restart }),
  };
}

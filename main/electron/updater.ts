// electron-updater glue. Off until a supervisor sets an update URL in Settings (https only), and
// while the desk has no supervisor PIN (core.updates.feed): then a generic feed at that URL is
// checked at start and every few hours, and an update downloads in the
// background. It is never installed on quit, only through `updates.install`, when the agent accepts
// the offer the core makes on an idle desk; and the policy is asked once more right here, before
// quitAndInstall. Typed against electron-updater, but the updater is an argument, so this runs
// (and is tested) under plain Node with a stand-in.
import type { AppUpdater, UpdateDownloadedEvent } from 'electron-updater';
import type { AppState } from '../../common/contract.ts';
import type { Core } from '../core.ts';
import type { Log } from '../log.ts';

/** A few checks a day: releases are rare, and each check is one small request. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

type Updater = Pick<
  AppUpdater,
  'autoDownload' | 'autoInstallOnAppQuit' | 'logger' | 'setFeedURL' | 'checkForUpdates' | 'quitAndInstall'
> & {
  on(event: 'update-downloaded', listener: (event: UpdateDownloadedEvent) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

/**
 * What the glue needs of the core, in-process or in its own process (main/host/client.ts), where
 * the feed is an answer from that process.
 */
export type UpdatingCore = Pick<Core, 'invoke' | 'on'> & {
  log: Pick<Log, 'info' | 'warn' | 'error'>;
  updates: Pick<Core['updates'], 'available' | 'setInstaller'> & {
    decide(): { allowed: boolean };
    feed(updateUrl: string | null): string | null | Promise<string | null>;
  };
};

/** Starts following the settings' update URL; returns the way to stop. */
export function startUpdates(
  updater: Updater,
  core: UpdatingCore,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
): () => void {
  const { log } = core;
  updater.autoDownload = true;
  // An update goes in only through quitAndInstall below, never by the agent quitting mid-payment.
  updater.autoInstallOnAppQuit = false;
  updater.logger = {
    info: (message?: unknown) => log.info('updater', { message: String(message) }),
    warn: (message?: unknown) => log.warn('updater', { message: String(message) }),
    error: (message?: unknown) => log.error('updater', { message: String(message) }),
  };

  let feed: string | null = null;
  const check = () => {
    if (!feed) return;
    updater.checkForUpdates().catch((error: unknown) => log.warn('update_check_failed', { error }));
  };
  const follow = (url: string | null) => {
    if (url === feed) return;
    feed = url;
    if (!url) {
      // Turned off: a download already made is no longer offered.
      core.updates.available(null);
      return;
    }
    updater.setFeedURL({ provider: 'generic', url });
    check();
  };

  updater.on('update-downloaded', (event) => core.updates.available(event.version));
  updater.on('error', (error) => log.warn('update_error', { error }));
  core.updates.setInstaller(() => {
    if (!core.updates.decide().allowed) return false;
    // Silent, then the app starts again: the agent already said yes, on an idle desk.
    updater.quitAndInstall(true, true);
    return true;
  });

  const followSettings = (settings: AppState['settings']) =>
    void Promise.resolve(core.updates.feed(settings.updateUrl)).then(follow);
  const read = () =>
    void core.invoke('app.getState', {}).then((state) => {
      if (state.ok) followSettings((state.value as AppState).settings);
    });
  const unsubscribe = core.on((event, payload) => {
    if (event === 'app.changed') followSettings((payload as AppState).settings);
    // The supervisor PIN set or cleared decides whether the URL counts at all.
    if (event === 'desk.changed') read();
  });
  read();
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}

// The terminal's settings and tokens. Every change drops the gateway clients built from the old
// ones and tells the renderer; a new token also releases the lookups that waited for it.
import type { Gateways } from '../gateway/gateways.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { AppStateSource } from './app-state.ts';
import type { SettingsService } from './service.ts';

type SettingsChannel =
  | 'app.getState'
  | 'settings.save'
  | 'settings.setMode'
  | 'settings.setToken'
  | 'settings.clearToken';

export function settingsHandlers(deps: {
  settings: SettingsService;
  gateways: Gateways;
  appState: AppStateSource;
  retryWaitingLookups: () => void;
  /** A token update awaits the keychain, then writes: core.close() waits for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
}): HandlerTable<SettingsChannel> {
  const { settings, appState } = deps;
  const changed = () => {
    deps.gateways.reset();
    appState.announce();
    return appState.get();
  };
  return {
    'app.getState': () => appState.get(),
    'settings.save': (next) => {
      settings.save(next);
      return changed();
    },
    'settings.setMode': ({ mode }) => {
      settings.setMode(mode);
      return changed();
    },
    'settings.setToken': ({ shopId, token }) =>
      deps.track(
        settings.setToken(shopId, token).then(() => {
          deps.retryWaitingLookups();
          return changed();
        }),
      ),
    'settings.clearToken': ({ shopId }) => deps.track(settings.clearToken(shopId).then(changed)),
  };
}

// What the renderer knows of the terminal as a whole: settings, token states (never tokens),
// connectivity and the version. Announced whenever any of it changes.
import type { AppState } from '../../common/contract.ts';
import type { ConnectivityTracker } from '../connectivity.ts';
import type { SettingsService } from './service.ts';

export function createAppState(deps: {
  settings: SettingsService;
  connectivity: ConnectivityTracker;
  version: string;
  publish: (state: AppState) => void;
  /** Keeps the announcement in the work core.close() waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** An announcement that failed: the renderer keeps the state it had. */
  failed: (error: unknown) => void;
}) {
  async function get(): Promise<AppState> {
    return {
      settings: deps.settings.get(),
      tokens: await deps.settings.tokenStates(),
      liveTokens: await deps.settings.liveTokenStates(),
      connectivity: deps.connectivity.snapshot(),
      version: deps.version,
    };
  }
  return {
    get,
    announce: () => void deps.track(get().then(deps.publish)).catch(deps.failed),
  };
}

export type AppStateSource = ReturnType<typeof createAppState>;

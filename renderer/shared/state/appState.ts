import { create } from 'zustand';
import type { AppState, Connectivity, Result, Settings, TokenState } from '../../../common/contract.ts';
import { applyLanguage } from '../../i18n/index.ts';
import { appApi } from '../api.ts';

/** The core's AppState mirror: settings, token states and connectivity, pushed by `app.changed`. */
type AppStateStore = {
  app: AppState | null;
  startError: string | null;
  setApp(app: AppState): void;
  setConnectivity(connectivity: Connectivity): void;
  setStartError(message: string): void;
};

export const useAppState = create<AppStateStore>()((set) => ({
  app: null,
  startError: null,
  setApp: (app) => set({ app }),
  setConnectivity: (connectivity) => set((s) => (s.app ? { app: { ...s.app, connectivity } } : s)),
  setStartError: (startError) => set({ startError }),
}));

/** Only called under <App>, which renders screens once the state has arrived. */
export function useLoadedApp(): AppState {
  const app = useAppState((s) => s.app);
  if (!app) throw new Error('AppState is not loaded yet');
  return app;
}

export function useTraining(): boolean {
  return useAppState((s) => s.app?.settings.mode === 'training');
}

export function tokenStateOf(app: AppState, shopId: number): TokenState {
  return app.tokens.find((token) => token.shopId === shopId)?.state ?? 'not_set';
}

/** Applies the core's answer at once rather than waiting for its `app.changed` push. */
export async function acceptAppState(result: Result<AppState>): Promise<Result<AppState>> {
  if (result.ok) {
    useAppState.getState().setApp(result.value);
    await applyLanguage(result.value.settings.language);
  }
  return result;
}

export async function saveSettings(settings: Settings): Promise<Result<AppState>> {
  const { mode: _mode, ...saved } = settings;
  return acceptAppState(await appApi.saveSettings(saved));
}

import { create } from 'zustand';
import type {
  AppError,
  AppState,
  Connectivity,
  DeskSettings,
  Result,
  Settings,
  TokenState,
} from '../../../common/contract.ts';
import { applyLanguage } from '../../i18n/index.ts';
import { appApi } from '../api.ts';

/** The core's AppState mirror: settings, token states and connectivity, pushed by `app.changed`. */
type AppStateStore = {
  app: AppState | null;
  /** Why the first request failed: said in the agent's language where it is shown. */
  startError: AppError | null;
  /** The first request, made once the core's pushes are already being heard. */
  load(): Promise<void>;
  /** Applies the core's answer at once rather than waiting for its `app.changed` push. */
  accept(result: Result<AppState>): Promise<Result<AppState>>;
  /** `supervisorPin`: the current one again, for a new gateway URL. */
  /** `desk`: the desk's part of the document (the lock, drawer and backups form). */
  saveSettings(
    settings: Settings & { supervisorPin?: string; desk?: DeskSettings },
  ): Promise<Result<AppState>>;
  setConnectivity(connectivity: Connectivity): void;
};

export const useAppState = create<AppStateStore>()((set, get) => ({
  app: null,
  startError: null,
  load: async () => {
    const result = await appApi.getState();
    if (result.ok) await get().accept(result);
    else set({ startError: result.error });
  },
  accept: async (result) => {
    if (result.ok) {
      set({ app: result.value });
      await applyLanguage(result.value.settings.language);
    }
    return result;
  },
  saveSettings: async (settings) => {
    const { mode: _mode, ...saved } = settings;
    return get().accept(await appApi.saveSettings(saved));
  },
  setConnectivity: (connectivity) => set((s) => (s.app ? { app: { ...s.app, connectivity } } : s)),
}));

/** Picks from the loaded state. Screens render only once it has arrived (see App), so below App it is there. */
export function useLoaded<T>(pick: (app: AppState) => T): T {
  return useAppState((s) => {
    if (!s.app) throw new Error('AppState is not loaded yet');
    return pick(s.app);
  });
}

export function useShops(): Settings['shops'] {
  return useLoaded((app) => app.settings.shops);
}

export function useTokenState(shopId: number): TokenState {
  return useLoaded((app) => app.tokens.find((token) => token.shopId === shopId)?.state ?? 'not_set');
}

/** The shop's token at the live gateway, whatever the mode (training needs none). */
export function useLiveTokenState(shopId: number): TokenState {
  return useLoaded((app) => app.liveTokens.find((token) => token.shopId === shopId)?.state ?? 'not_set');
}

export function useTraining(): boolean {
  return useAppState((s) => s.app?.settings.mode === 'training');
}

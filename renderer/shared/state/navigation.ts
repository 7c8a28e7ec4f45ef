import { create } from 'zustand';
import type { AppError } from '../../../common/contract.ts';

export type Screen =
  | { name: 'home' }
  | { name: 'settingsGate' }
  | { name: 'settings' }
  | { name: 'lookup' }
  | { name: 'history' }
  | { name: 'historyDetail'; localId: number; back: Screen }
  | { name: 'method' }
  | { name: 'amount' }
  | { name: 'payer' }
  | { name: 'session' }
  | { name: 'review' }
  | { name: 'waiting' }
  | { name: 'completed' }
  | { name: 'error'; error: AppError; back: Screen };

/** Which screen is showing. There is no history stack: each screen knows where Back leads. */
type NavigationStore = { screen: Screen; go(screen: Screen): void };

export const useNavigation = create<NavigationStore>()((set) => ({
  screen: { name: 'home' },
  go: (screen) => set({ screen }),
}));

export function go(screen: Screen): void {
  useNavigation.getState().go(screen);
}

export function showError(error: AppError, back: Screen): void {
  go({ name: 'error', error, back });
}

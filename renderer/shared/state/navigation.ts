import { create } from 'zustand';
import type { AppError } from '../../../common/contract.ts';

type CheckoutStep = 'method' | 'amount' | 'payer' | 'session' | 'waiting' | 'completed';

export type Screen =
  | { name: 'home' }
  | { name: 'settings' }
  | { name: 'signIn' }
  | { name: 'xReport' }
  | { name: 'cashMovement' }
  | { name: 'closeShift' }
  | { name: 'handover' }
  | { name: 'shifts' }
  | { name: 'zReport'; shiftId: number; back: Screen }
  | { name: 'lookup' }
  | { name: 'history' }
  | { name: 'historyDetail'; localId: number; back: Screen }
  | { name: CheckoutStep }
  | { name: 'error'; error: AppError; back: Screen };

/** Which screen is showing. There is no history stack: each screen knows where Back leads. */
type NavigationStore = {
  screen: Screen;
  openHome(): void;
  openLookup(): void;
  openHistory(): void;
  openHistoryDetail(localId: number, back: Screen): void;
  openSettings(): void;
  /** The shift's screens: sign in with the float, the X report, the drawer, the close, the list. */
  openShift(screen: 'signIn' | 'xReport' | 'cashMovement' | 'closeShift' | 'handover' | 'shifts'): void;
  openZReport(shiftId: number, back: Screen): void;
  /** For the checkout store, which alone knows the order of its steps. */
  showStep(step: CheckoutStep): void;
  showError(error: AppError, back: Screen): void;
  /** Back to the screen an error or a detail was opened from. */
  returnTo(screen: Screen): void;
};

export const useNavigation = create<NavigationStore>()((set) => ({
  screen: { name: 'home' },
  openHome: () => set({ screen: { name: 'home' } }),
  openLookup: () => set({ screen: { name: 'lookup' } }),
  openHistory: () => set({ screen: { name: 'history' } }),
  openHistoryDetail: (localId, back) => set({ screen: { name: 'historyDetail', localId, back } }),
  openSettings: () => set({ screen: { name: 'settings' } }),
  openShift: (name) => set({ screen: { name } }),
  openZReport: (shiftId, back) => set({ screen: { name: 'zReport', shiftId, back } }),
  showStep: (step) => set({ screen: { name: step } }),
  showError: (error, back) => set({ screen: { name: 'error', error, back } }),
  returnTo: (screen) => set({ screen }),
}));

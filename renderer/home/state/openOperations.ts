import { create } from 'zustand';
import type { AppError, OpenOperation } from '../../../common/contract.ts';
import { homeApi } from '../api.ts';

/**
 * Home's tray as main computes it: this desk's operations that still need the agent or the
 * gateway, most urgent first. Read once for the first paint; after that main pushes it
 * (`tray.changed`, bound in operations/pushes.ts) whenever it changes.
 */
type OpenOperationsStore = {
  /** null until the first answer. */
  rows: OpenOperation[] | null;
  error: AppError | null;
  /** The first paint's read; a push that arrived first is newer and is kept. */
  load(): Promise<void>;
  accept(rows: OpenOperation[]): void;
};

let pushed = false;

export const useOpenOperations = create<OpenOperationsStore>()((set, get) => ({
  rows: null,
  error: null,
  load: async () => {
    if (get().rows !== null) return;
    const result = await homeApi.openOperations();
    if (pushed) return;
    if (result.ok) set({ rows: result.value.rows, error: null });
    else set({ error: result.error });
  },
  accept: (rows) => {
    pushed = true;
    set({ rows, error: null });
  },
}));

import { create } from 'zustand';
import type { AppError, OpenOperation, OpenReason } from '../../../common/contract.ts';
import { homeApi } from '../api.ts';

/** This desk's operations that still need the agent or the gateway, most urgent first. */
type OpenOperationsStore = {
  /** null until the first answer. */
  rows: OpenOperation[] | null;
  error: AppError | null;
  load(): Promise<void>;
  /** Reloads on every push that can change the tray; returns the unsubscribe. No polling. */
  follow(): () => void;
};

/** Cash waiting at the counter first, then what a supervisor must see, then what only waits. */
const URGENCY: Record<OpenReason, number> = {
  hand_over: 0,
  return_cash: 1,
  take_cash: 2,
  handed_over_not_captured: 3,
  mismatch: 4,
  correction: 5,
  outcome_unknown: 6,
  cash_not_captured: 7,
  stuck: 8,
  waiting: 9,
};

let loading = false;
let again = false;

export const useOpenOperations = create<OpenOperationsStore>()((set, get) => ({
  rows: null,
  error: null,
  load: async () => {
    // A burst of pushes (a queue draining) makes one request in flight and at most one after it.
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      do {
        again = false;
        const result = await homeApi.openOperations();
        if (result.ok) set({ rows: sortByUrgency(result.value.rows), error: null });
        else set({ error: result.error });
      } while (again);
    } finally {
      loading = false;
    }
  },
  follow: () => {
    const reload = () => void get().load();
    const unsubscribe = [homeApi.onOperationChanged(reload), homeApi.onAttention(reload)];
    reload();
    return () => {
      for (const off of unsubscribe) off();
    };
  },
}));

/** Stable, so each reason keeps the core's order. */
function sortByUrgency(rows: OpenOperation[]): OpenOperation[] {
  return rows.toSorted((a, b) => URGENCY[a.reason] - URGENCY[b.reason]);
}

import { create } from 'zustand';
import type { Attention } from '../../../common/contract.ts';
import { beep } from '../sound/beep.ts';

export type Notice = Attention & { id: number };

/**
 * Operations that turned into something the agent must act on, pushed by `operation.attention`.
 * One notice per operation, the newest replacing an older one; each stays until the agent opens
 * that operation (on any screen) or dismisses it.
 */
type AttentionStore = {
  notices: Notice[];
  /** The operation a screen shows now: its news needs no notice, the screen already says it. */
  showing: number | null;
  receive(attention: Attention): void;
  dismiss(localId: number): void;
  show(localId: number | null): void;
};

let nextId = 1;

export const useAttention = create<AttentionStore>()((set, get) => ({
  notices: [],
  showing: null,
  receive: (attention) => {
    beep(attention.reason === 'hand_over' ? 'attention' : 'alarm');
    const { localId } = attention.operation;
    if (get().showing === localId) return;
    set((s) => ({
      notices: [...s.notices.filter((n) => n.operation.localId !== localId), { ...attention, id: nextId++ }],
    }));
  },
  dismiss: (localId) => set((s) => ({ notices: s.notices.filter((n) => n.operation.localId !== localId) })),
  show: (localId) => {
    set({ showing: localId });
    if (localId !== null) get().dismiss(localId);
  },
}));

import { create } from 'zustand';
import type { ConnectionState } from '../../../common/contract.ts';

/** The core's own process as main reports it (`core.connection`): up, starting again, or stopped. */
type ConnectionStore = {
  state: ConnectionState;
  /** Counts the core's returns: the screen showing is mounted again on each, and loads afresh. */
  returns: number;
  receive(state: ConnectionState): void;
};

export const useConnection = create<ConnectionStore>()((set) => ({
  state: 'connected',
  returns: 0,
  receive: (state) =>
    set((s) => ({
      state,
      returns: state === 'connected' && s.state !== 'connected' ? s.returns + 1 : s.returns,
    })),
}));

/** While the core is away nothing can answer: the desk is out of reach until it is back. */
export function useCoreAway(): boolean {
  return useConnection((s) => s.state !== 'connected');
}

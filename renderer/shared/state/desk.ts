import { create } from 'zustand';
import type { DeskState, Result } from '../../../common/contract.ts';
import { deskApi } from '../api.ts';

/** The core's DeskState mirror: who is signed in, the lock, the supervisor and the open shift. */
type DeskStore = {
  desk: DeskState | null;
  load(): Promise<void>;
  /** Applies a reply at once rather than waiting for its `desk.changed` push. */
  accept<T extends Result<DeskState>>(result: T): T;
  lock(): Promise<Result<DeskState>>;
};

export const useDesk = create<DeskStore>()((set, get) => ({
  desk: null,
  load: async () => {
    get().accept(await deskApi.state());
  },
  accept: (result) => {
    if (result.ok) set({ desk: result.value });
    return result;
  },
  lock: async () => get().accept(await deskApi.lock()),
}));

export function useLocked(): boolean {
  return useDesk((s) => s.desk?.locked ?? false);
}

/** Whether Settings open now: no supervisor PIN yet (training out of the box), or it was entered. */
export function supervisorOpen(desk: DeskState, now = Date.now()): boolean {
  const until = desk.supervisor.unlockedUntil;
  return !desk.supervisor.pinSet || (until !== null && Date.parse(until) > now);
}

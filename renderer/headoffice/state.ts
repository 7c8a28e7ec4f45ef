import { create } from 'zustand';
import type { HeadOfficeStatus } from '../../common/headoffice-channels.ts';
import { headOfficeApi } from './api.ts';

/** The core's head-office status, kept current by its `hq.changed` pushes. */
type HeadOfficeStore = {
  status: HeadOfficeStatus | null;
  load(): Promise<void>;
  accept(status: HeadOfficeStatus): void;
};

export const useHeadOffice = create<HeadOfficeStore>()((set) => ({
  status: null,
  load: async () => {
    const result = await headOfficeApi.status();
    if (result.ok) set({ status: result.value });
  },
  accept: (status) => set({ status }),
}));

/** Subscribes first, then loads: no push slips between the two. */
export function bindHeadOffice(): void {
  headOfficeApi.onChanged(useHeadOffice.getState().accept);
  void useHeadOffice.getState().load();
}

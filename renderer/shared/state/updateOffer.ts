import { create } from 'zustand';

/** A downloaded update the core offers while the desk is idle on Home; Home asks the agent. */
type UpdateOfferStore = {
  version: string | null;
  offer(update: { version: string }): void;
  /** "Later": asked again at the next offer. */
  dismiss(): void;
};

export const useUpdateOffer = create<UpdateOfferStore>()((set) => ({
  version: null,
  offer: ({ version }) => set({ version }),
  dismiss: () => set({ version: null }),
}));

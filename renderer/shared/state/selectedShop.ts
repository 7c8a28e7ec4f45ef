import { create } from 'zustand';
import type { Shop } from '../../../common/contract.ts';
import { useShops } from './appState.ts';

/** The shop the agent serves; kept for the whole shift, so a payin does not start with choosing it. */
type SelectedShopStore = { shopId: number | null; select(shopId: number): void };

export const useSelectedShopId = create<SelectedShopStore>()((set) => ({
  shopId: null,
  select: (shopId) => set({ shopId }),
}));

/** Falls back to the first configured shop, also when the selected one was removed in Settings. */
export function useCurrentShop(): Shop {
  const shops = useShops();
  const selected = useSelectedShopId((s) => s.shopId);
  return shops.find((shop) => shop.id === selected) ?? shops[0]!;
}

import { useTranslation } from 'react-i18next';
import { useShops } from '../../shared/state/appState.ts';
import { useCurrentShop, useSelectedShopId } from '../../shared/state/selectedShop.ts';

export function ShopSelector() {
  const { t } = useTranslation();
  const shops = useShops();
  const current = useCurrentShop();
  const select = useSelectedShopId((s) => s.select);
  return (
    <fieldset className="segmented">
      <legend>{t('home.shop')}</legend>
      {shops.map((shop) => (
        <label key={shop.id} className="segment">
          <input
            type="radio"
            name="shop"
            value={shop.id}
            checked={shop.id === current.id}
            onChange={() => select(shop.id)}
          />
          <span className="segment-name">{shop.name}</span>
          <span className="segment-id">{shop.id}</span>
        </label>
      ))}
    </fieldset>
  );
}

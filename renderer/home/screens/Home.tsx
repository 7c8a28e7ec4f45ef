import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../checkout/state/checkout.ts';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useShops, useTokenState } from '../../shared/state/appState.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCurrentShop } from '../../shared/state/selectedShop.ts';
import { OpenTray } from '../components/OpenTray.tsx';
import { ShopSelector } from '../components/ShopSelector.tsx';

export function Home() {
  const { t } = useTranslation();
  const shops = useShops();
  const shop = useCurrentShop();
  const token = useTokenState(shop.id);
  const start = useCheckout((s) => s.start);
  const openLookup = useNavigation((s) => s.openLookup);
  const openHistory = useNavigation((s) => s.openHistory);
  const openSettingsGate = useNavigation((s) => s.openSettingsGate);
  const cashIn = useFocusOnMount<HTMLButtonElement>();
  useEffect(() => {
    // The bench measures navigation → first interactive Home from this mark.
    if (performance.getEntriesByName('home-ready').length === 0) performance.mark('home-ready');
  }, []);
  const rejected = token === 'rejected';
  return (
    <ScreenFrame title={t('home.title')}>
      {rejected && (
        <p className="alert alert-danger" role="alert">
          {t('home.tokenRejected')}
        </p>
      )}
      {token === 'not_set' && (
        <p className="alert alert-warning" role="alert">
          {t('home.tokenMissing')}
        </p>
      )}
      {shops.length > 1 && <ShopSelector />}
      <div className="home-actions">
        <button
          ref={cashIn}
          type="button"
          className="tile tile-payin"
          disabled={rejected}
          onClick={() => start('payin', shop.id)}
        >
          <span className="tile-title">{t('type.payin')}</span>
          <span className="tile-hint">{t('home.cashInHint')}</span>
        </button>
        <button
          type="button"
          className="tile tile-payout"
          disabled={rejected}
          onClick={() => start('payout', shop.id)}
        >
          <span className="tile-title">{t('type.payout')}</span>
          <span className="tile-hint">{t('home.cashOutHint')}</span>
        </button>
      </div>
      <OpenTray />
      <div className="home-secondary">
        <button type="button" onClick={openLookup}>
          {t('home.lookup')}
        </button>
        <button type="button" onClick={openHistory}>
          {t('home.history')}
        </button>
        <button type="button" className="button-quiet" onClick={openSettingsGate}>
          {t('home.settings')}
        </button>
      </div>
    </ScreenFrame>
  );
}

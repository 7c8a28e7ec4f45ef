import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IntegrityBanner } from '../../audit/components/IntegrityBanner.tsx';
import { useCheckout } from '../../checkout/state/checkout.ts';
import { useNextAction } from '../../focus/useNextAction.ts';
import { appApi } from '../../shared/api.ts';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useShops, useTokenState, useTraining } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCurrentShop } from '../../shared/state/selectedShop.ts';
import { ShiftActions } from '../../shift/components/ShiftActions.tsx';
import { OpenTray } from '../components/OpenTray.tsx';
import { ShopSelector } from '../components/ShopSelector.tsx';
import { UpdateOffer } from '../components/UpdateOffer.tsx';

export function Home() {
  const { t } = useTranslation();
  const shops = useShops();
  const shop = useCurrentShop();
  const token = useTokenState(shop.id);
  const training = useTraining();
  const shiftOpen = useDesk((s) => s.desk?.shift !== null);
  const start = useCheckout((s) => s.start);
  const openLookup = useNavigation((s) => s.openLookup);
  const openHistory = useNavigation((s) => s.openHistory);
  const openSettings = useNavigation((s) => s.openSettings);
  const openShift = useNavigation((s) => s.openShift);
  const cashIn = useNextAction<HTMLButtonElement>();
  const noShiftId = useId();
  useEffect(() => {
    // The bench measures navigation → first interactive Home from this mark.
    if (performance.getEntriesByName('home-ready').length === 0) performance.mark('home-ready');
  }, []);
  useEffect(() => {
    // An update is offered only while the desk idles here; any other screen may be mid-payment.
    void appApi.setIdle({ home: true });
    return () => void appApi.setIdle({ home: false });
  }, []);
  const rejected = token === 'rejected';
  // Nothing happens outside a shift: the tiles wait for someone to sign in, or in training to start one.
  const blocked = rejected || !shiftOpen;
  return (
    <ScreenFrame title={t('home.title')}>
      <UpdateOffer />
      <IntegrityBanner />
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
      <ShiftActions />
      {shops.length > 1 && <ShopSelector />}
      {!shiftOpen && (
        <p className="hint" id={noShiftId} data-testid="no-shift">
          {training ? t('home.noShiftTraining') : t('home.noShiftLive')}
        </p>
      )}
      <div className="home-actions">
        <button
          ref={cashIn}
          type="button"
          className="tile tile-payin"
          disabled={blocked}
          aria-describedby={shiftOpen ? undefined : noShiftId}
          onClick={() => start('payin', shop.id)}
        >
          <span className="tile-title">{t('type.payin')}</span>
          <span className="tile-hint">{t('home.cashInHint')}</span>
        </button>
        <button
          type="button"
          className="tile tile-payout"
          disabled={blocked}
          aria-describedby={shiftOpen ? undefined : noShiftId}
          onClick={() => start('payout', shop.id)}
        >
          <span className="tile-title">{t('type.payout')}</span>
          <span className="tile-hint">{t('home.cashOutHint')}</span>
        </button>
      </div>
      <div className="home-secondary">
        <button type="button" onClick={openLookup}>
          {t('home.lookup')}
        </button>
        <button type="button" onClick={openHistory}>
          {t('home.history')}
        </button>
        <button type="button" onClick={() => openShift('shifts')}>
          {t('home.shifts')}
        </button>
        <button type="button" className="button-quiet" onClick={openSettings}>
          {t('home.settings')}
        </button>
      </div>
      {/* Below every action: however many rows it holds, it never pushes one off the screen. */}
      <OpenTray />
    </ScreenFrame>
  );
}

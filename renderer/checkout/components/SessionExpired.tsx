import { useTranslation } from 'react-i18next';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCheckout } from '../state/checkout.ts';

/** Past expiry nothing may be submitted; a new session (with a new operation number) starts over. */
export function SessionExpired() {
  const { t } = useTranslation();
  const restartSession = useCheckout((s) => s.restartSession);
  const openHome = useNavigation((s) => s.openHome);
  const { busy, run } = useInFlight();
  const restart = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="alert alert-danger expired" role="alert" data-testid="session-expired">
      <p>{t('flow.session.expired')}</p>
      <div className="actions">
        <button
          ref={restart}
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() => run(restartSession)}
        >
          {busy ? t('common.working') : t('flow.session.restart')}
        </button>
        <button type="button" onClick={openHome}>
          {t('common.home')}
        </button>
      </div>
    </div>
  );
}

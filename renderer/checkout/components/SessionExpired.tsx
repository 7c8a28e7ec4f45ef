import { useTranslation } from 'react-i18next';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { go, showError } from '../../shared/state/navigation.ts';
import { requestSession } from '../state/checkout.ts';

/** Past expiry nothing may be submitted; a new session (with a new operation number) starts over. */
export function SessionExpired() {
  const { t } = useTranslation();
  const { busy, run } = useInFlight();
  const restart = useFocusOnMount<HTMLButtonElement>();
  const startAgain = async () => {
    const result = await run(requestSession);
    if (!result) return;
    if (result.ok) go({ name: 'session' });
    else showError(result.error, { name: 'payer' });
  };
  return (
    <div className="alert alert-danger expired" role="alert" data-testid="session-expired">
      <p>{t('flow.session.expired')}</p>
      <div className="actions">
        <button ref={restart} type="button" className="button-primary" disabled={busy} onClick={startAgain}>
          {busy ? t('common.working') : t('flow.session.restart')}
        </button>
        <button type="button" onClick={() => go({ name: 'home' })}>
          {t('common.home')}
        </button>
      </div>
    </div>
  );
}

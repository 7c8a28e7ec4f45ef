import { useTranslation } from 'react-i18next';
import { useLoaded } from '../state/appState.ts';

export function ConnectivityIndicator() {
  const { t } = useTranslation();
  const { state, queued } = useLoaded((app) => app.connectivity);
  return (
    <div className={`connectivity connectivity-${state}`} role="status" data-testid="connectivity">
      <span className="connectivity-dot" aria-hidden="true" />
      <span>{t(`connectivity.${state}`)}</span>
      {queued > 0 && (
        <span className="connectivity-queued">{t('connectivity.queued', { count: queued })}</span>
      )}
    </div>
  );
}

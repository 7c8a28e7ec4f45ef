import { useTranslation } from 'react-i18next';
import { useConnection } from '../state/connection.ts';

/** Shown while the core's process starts again (or was left stopped), above a desk that is out of reach. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnection((s) => s.state);
  if (state === 'connected') return null;
  const stopped = state === 'stopped';
  return (
    <div
      className={stopped ? 'notice notice-failed connection-banner' : 'notice connection-banner'}
      data-testid="connection-banner"
      role={stopped ? 'alert' : 'status'}
    >
      <span>{stopped ? t('app.coreStopped') : t('app.reconnecting')}</span>
    </div>
  );
}

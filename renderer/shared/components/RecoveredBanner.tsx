import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Main reloads a crashed or hung screen with this query (main/electron/recovery.ts). */
const recovered = () => new URLSearchParams(window.location.search).get('recovered') === '1';

/** After main restarted the screen: says nothing was lost, until the agent dismisses it. */
export function RecoveredBanner() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(recovered);
  if (!shown) return null;
  return (
    <div className="notice" data-testid="recovered-banner">
      <span role="status">{t('app.recovered')}</span>
      <button type="button" className="button-quiet" onClick={() => setShown(false)}>
        {t('app.dismiss')}
      </button>
    </div>
  );
}

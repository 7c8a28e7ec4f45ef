import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useAppState, useLoaded } from '../../shared/state/appState.ts';
import { settingsApi } from '../api.ts';
import { ConfirmPanel } from './ConfirmPanel.tsx';

/** Going Live moves real money, so it takes a second, explicit yes; back to Training takes one click. */
export function SettingsMode() {
  const { t } = useTranslation();
  const mode = useLoaded((app) => app.settings.mode);
  const accept = useAppState((s) => s.accept);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  const switchTo = async (next: 'training' | 'live') => {
    const result = await run(async () => accept(await settingsApi.setMode({ mode: next })));
    if (!result) return;
    setConfirming(false);
    setError(result.ok ? null : result.error);
  };
  return (
    <section className="panel stack" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('settings.mode')}</h2>
      <p className="lead">{mode === 'training' ? t('settings.modeTraining') : t('settings.modeLive')}</p>
      <ErrorAlert error={error} />
      {mode === 'live' && (
        <button type="button" disabled={busy} onClick={() => switchTo('training')}>
          {t('settings.switchToTraining')}
        </button>
      )}
      {mode === 'training' && !confirming && (
        <button type="button" onClick={() => setConfirming(true)}>
          {t('settings.switchToLive')}
        </button>
      )}
      {mode === 'training' && confirming && (
        <ConfirmPanel
          title={t('settings.liveConfirmTitle')}
          body={t('settings.liveConfirmBody')}
          confirmLabel={t('settings.liveConfirm')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={() => switchTo('live')}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

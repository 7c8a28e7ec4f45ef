import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, UpdateHold } from '../../../common/contract.ts';
import { appApi } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useUpdateOffer } from '../../shared/state/updateOffer.ts';

/**
 * "Update ready — install now?", only on Home, where the core offers it when the desk is idle. The
 * core asks its policy again on install: a desk that got busy meanwhile says why it waits.
 */
export function UpdateOffer() {
  const { t } = useTranslation();
  const version = useUpdateOffer((s) => s.version);
  const dismiss = useUpdateOffer((s) => s.dismiss);
  const [outcome, setOutcome] = useState<{ installing: true } | { hold: UpdateHold | null } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  if (!version) return null;
  const install = () =>
    run(async () => {
      const result = await appApi.installUpdate();
      setError(result.ok ? null : result.error);
      if (result.ok) setOutcome(result.value.installing ? { installing: true } : { hold: result.value.hold });
    });
  return (
    <section className="panel panel-tight update-offer" data-testid="update-offer" aria-live="polite">
      <p className="strong">{t('update.ready', { version })}</p>
      {outcome && 'installing' in outcome && <p>{t('update.installing')}</p>}
      {outcome && 'hold' in outcome && <p>{t(`update.hold.${outcome.hold ?? 'no_update'}`)}</p>}
      <ErrorAlert error={error} />
      {!(outcome && 'installing' in outcome) && (
        <div className="actions">
          <button type="button" className="button-primary" disabled={busy} onClick={install}>
            {t('update.install')}
          </button>
          <button type="button" onClick={dismiss}>
            {t('update.later')}
          </button>
        </div>
      )}
    </section>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, OperationView } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { headOfficeApi } from '../api.ts';

type Props = { operation: OperationView; onReleased(view: OperationView): void };

/**
 * The supervisor's act, folded away: a captured payout this desk has not handed over is released to
 * its branch, so another desk may hand it over; this desk then never does. Offered only where the
 * core says it may be.
 */
export function ReleasePayout({ operation, onReleased }: Props) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  if (!operation.meaning.branch?.release) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => headOfficeApi.release({ localId: operation.localId, supervisorPin: pin }));
    if (!result) return;
    setPin('');
    if (!result.ok) return setError(result.error);
    setError(null);
    onReleased(result.value);
  };
  return (
    <details className="panel panel-tight" data-testid="release-payout">
      <summary>{t('headOffice.release.title')}</summary>
      <form className="stack" onSubmit={submit} noValidate aria-describedby={`${ids}-lead`}>
        <p id={`${ids}-lead`} className="hint">
          {t('headOffice.release.lead')}
        </p>
        <PinField
          label={t('headOffice.release.pin')}
          value={pin}
          onChange={setPin}
          owner="supervisor"
          refusal={error}
          secondsLeft={wait}
        />
        <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
        {error?.kind !== 'pin_refused' && <ErrorAlert error={error} />}
        <button type="submit" disabled={busy || pin.length < 4 || wait > 0}>
          {busy ? t('common.working') : t('headOffice.release.submit')}
        </button>
      </form>
    </details>
  );
}

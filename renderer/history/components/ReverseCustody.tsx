import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppError, LIMITS, type OperationView } from '../../../common/contract.ts';
import { operationApi } from '../../shared/api.ts';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useDesk } from '../../shared/state/desk.ts';

type Props = { operation: OperationView; onReversed(view: OperationView): void };

/**
 * A supervisor's action, folded away: a cash record made by mistake is reversed by a new record with
 * its reason and the supervisor's PIN, every time. Offered only where the core says it may be.
 */
export function ReverseCustody({ operation, onReversed }: Props) {
  const { t } = useTranslation();
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  const ready = reason.trim() !== '' && (!pinSet || pin.length >= 4) && wait === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const result = await run(() =>
      operationApi.reverseCustody({
        localId: operation.localId,
        reason: reason.trim(),
        ...(pinSet ? { supervisorPin: pin } : {}),
      }),
    );
    if (!result) return;
    setPin('');
    if (!result.ok) return setError(result.error);
    setError(null);
    setReason('');
    // The record is reversed: the core no longer offers this action, and the records list says why.
    onReversed(result.value);
  };
  return (
    <details className="panel panel-tight reverse-custody" data-testid="reverse-custody">
      <summary>{t('custody.reverse.title')}</summary>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="hint">{t('custody.reverse.lead')}</p>
        <label htmlFor={`${ids}-reason`}>{t('custody.reverse.reason')}</label>
        <input
          id={`${ids}-reason`}
          autoComplete="off"
          maxLength={LIMITS.note}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {pinSet && (
          <PinField
            label={t('custody.reverse.pin')}
            value={pin}
            onChange={setPin}
            owner="supervisor"
            refusal={error}
            secondsLeft={wait}
          />
        )}
        <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
        <button type="submit" disabled={busy || !ready}>
          {busy ? t('common.working') : t('custody.reverse.submit')}
        </button>
      </form>
    </details>
  );
}

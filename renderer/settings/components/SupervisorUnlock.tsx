import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { useNextAction } from '../../focus/useNextAction.ts';
import { deskApi } from '../../shared/api.ts';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useDesk } from '../../shared/state/desk.ts';

/** Settings open with the supervisor's PIN, for a few minutes after the supervisor's last change. */
export function SupervisorUnlock() {
  const { t } = useTranslation();
  const accept = useDesk((s) => s.accept);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  // A refused PIN: focus goes back to the field, to type it again.
  const field = useNextAction<HTMLInputElement>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pin.length < 4 || wait > 0) return;
    const result = await run(() => deskApi.unlockSupervisor({ pin }));
    if (!result) return;
    setPin('');
    if (result.ok) accept(result);
    else setError(result.error);
  };
  return (
    <form className="panel stack supervisor-unlock" onSubmit={submit} noValidate>
      <h2>{t('supervisor.unlockTitle')}</h2>
      <p>{t('supervisor.unlockBody')}</p>
      <PinField
        ref={field}
        label={t('supervisor.pin')}
        value={pin}
        onChange={setPin}
        autoFocus
        owner="supervisor"
        refusal={error}
        secondsLeft={wait}
      />
      <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy || wait > 0 || pin.length < 4}>
          {t('supervisor.unlock')}
        </button>
      </div>
    </form>
  );
}

import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { keepFocus } from '../../focus/useNextAction.ts';
import { deskApi } from '../../shared/api.ts';
import { LockIcon } from '../../shared/components/LockIcon.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useDesk } from '../../shared/state/desk.ts';

/**
 * Covers the desk while it is locked. Whatever was on screen stays mounted underneath (and inert),
 * so an operation in progress is exactly where it was once the PIN takes this down.
 */
export function LockScreen() {
  const { t } = useTranslation();
  const desk = useDesk((s) => s.desk);
  const accept = useDesk((s) => s.accept);
  const [as, setAs] = useState<'operator' | 'supervisor'>('operator');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const titleId = useId();
  // Gone, the lock screen takes the focused PIN field with it, after the unlock's own keepFocus ran
  // (the field still held focus then): focus goes back to the step's next action from here.
  useEffect(() => () => keepFocus(), []);
  if (!desk) return null;
  const name = desk.operator?.name ?? desk.shift?.operator ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pin.length < 4 || wait > 0) return;
    const result = await run(() => deskApi.unlock({ pin, as }));
    if (!result) return;
    setPin('');
    if (result.ok) accept(result);
    else setError(result.error);
  };
  const switchTo = (next: 'operator' | 'supervisor') => {
    setAs(next);
    setPin('');
    setError(null);
  };

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <form className="lock-card stack" onSubmit={submit} noValidate>
        <p className="lock-icon">
          <LockIcon size={44} />
        </p>
        <h1 id={titleId}>{t('lock.title')}</h1>
        {desk.shift && (
          <p className="lead" data-testid="lock-shift">
            {t('lock.shift', { number: desk.shift.id, name })}
            {desk.shift.training && <span className="badge badge-training">{t('app.training')}</span>}
          </p>
        )}
        <p>{t('lock.kept')}</p>
        <PinField
          key={as}
          label={as === 'operator' ? t('lock.operatorPin', { name }) : t('lock.supervisorPin')}
          value={pin}
          onChange={setPin}
          autoFocus
          readOnly={busy}
          owner={as}
          refusal={error}
          secondsLeft={wait}
        />
        <PinRefusal error={error} owner={as} secondsLeft={wait} />
        <div className="actions">
          <button
            type="submit"
            className="button-primary button-large"
            disabled={busy || wait > 0 || pin.length < 4}
          >
            {t('lock.unlock')}
          </button>
          <button
            type="button"
            className="button-quiet"
            onClick={() => switchTo(as === 'operator' ? 'supervisor' : 'operator')}
          >
            {as === 'operator' ? t('lock.asSupervisor') : t('lock.asOperator', { name })}
          </button>
        </div>
      </form>
    </div>
  );
}

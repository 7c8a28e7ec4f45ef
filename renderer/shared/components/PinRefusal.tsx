import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { clockOf, useSecondsUntil } from '../hooks/useSecondsUntil.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/** Seconds until a refused PIN may be tried again (0: now), for the button that sends it. */
export function usePinWait(error: AppError | null): number {
  return useSecondsUntil(error?.retryAt ? Date.parse(error.retryAt) : null);
}

type Props = {
  error: AppError | null;
  /** Whose PIN it was: a lock-out is lifted differently for each. */
  owner: 'operator' | 'supervisor';
  secondsLeft: number;
};

/**
 * A refused PIN in plain words: wrong, how long until the next try is checked (counting down), or
 * locked out and who lifts it. Any other failure is the usual alert.
 */
export function PinRefusal({ error, owner, secondsLeft }: Props) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error.kind === 'pin_refused') {
    return (
      <p className="alert alert-danger" role="alert" data-testid="pin-refusal">
        <strong>{t('pin.wrong')}</strong>{' '}
        {error.retryAt ? (
          <span aria-live="off">
            {secondsLeft > 0 ? t('pin.wait', { time: clockOf(secondsLeft) }) : t('pin.waitOver')}
          </span>
        ) : (
          t('pin.rule')
        )}
      </p>
    );
  }
  // Only a lock-out has these words: a PIN never set, or changed outside CashDesk, says its own reason.
  if (error.key === 'pin.lockedOut') {
    return (
      <p className="alert alert-danger" role="alert" data-testid="pin-refusal">
        <strong>{t('pin.lockedOut')}</strong>{' '}
        {owner === 'operator' ? t('pin.liftOperator') : t('pin.liftSupervisor')}
      </p>
    );
  }
  return <ErrorAlert error={error} />;
}

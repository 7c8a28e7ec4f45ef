import { useTranslation } from 'react-i18next';
import { clockOf } from '../../shared/hooks/useSecondsUntil.ts';

/** mm:ss, turning urgent in the last minute. */
export function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  return (
    <p className={`countdown${secondsLeft < 60 ? ' countdown-urgent' : ''}`} role="timer">
      {t('flow.session.expiresIn', { time: clockOf(secondsLeft) })}
    </p>
  );
}

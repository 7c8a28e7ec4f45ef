import { useTranslation } from 'react-i18next';

/** mm:ss, turning urgent in the last minute. */
export function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  return (
    <p className={`countdown${secondsLeft < 60 ? ' countdown-urgent' : ''}`} role="timer">
      {t('flow.session.expiresIn', { time: `${minutes}:${seconds}` })}
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../shared/components/LockIcon.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { operatorName } from '../../shared/operatorName.ts';
import { useDesk } from '../../shared/state/desk.ts';

/** Who works the open shift, in the top bar on every screen, and the Lock button when someone is signed in. */
export function ShiftBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const shift = useDesk((s) => s.desk?.shift ?? null);
  const signedIn = useDesk((s) => s.desk?.operator !== null && s.desk?.operator !== undefined);
  const lock = useDesk((s) => s.lock);
  const { busy, run } = useInFlight();
  return (
    <div className="shift-bar" data-testid="shift-bar">
      {shift ? (
        <>
          <span className="shift-bar-number">{t('shiftBar.shift', { number: shift.id })}</span>
          <span className="shift-bar-operator">{operatorName(t, shift)}</span>
          <span className="shift-bar-since">
            {t('shiftBar.since', { time: format.time(shift.openedAt) })}
          </span>
          {shift.training && <span className="badge badge-training">{t('shiftBar.training')}</span>}
        </>
      ) : (
        <span className="shift-bar-none">{t('shiftBar.none')}</span>
      )}
      {signedIn && (
        <button type="button" className="lock-button" disabled={busy} onClick={() => run(lock)}>
          <LockIcon />
          {t('shiftBar.lock')}
        </button>
      )}
    </div>
  );
}

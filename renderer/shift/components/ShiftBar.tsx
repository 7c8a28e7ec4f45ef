import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../shared/components/LockIcon.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { isTrainingOperator } from '../../shared/operatorName.ts';
import { useDesk } from '../../shared/state/desk.ts';

/**
 * Who works the open shift, in the top bar on every screen, and the Lock button when someone is
 * signed in. The bar stays one line at 1024 px in every language, so it says no more than that:
 * when the shift opened is on Home's shift panel, and a training shift that opened by itself is
 * named by its badge alone.
 */
export function ShiftBar() {
  const { t } = useTranslation();
  const shift = useDesk((s) => s.desk?.shift ?? null);
  const signedIn = useDesk((s) => s.desk?.operator !== null && s.desk?.operator !== undefined);
  const lock = useDesk((s) => s.lock);
  const { busy, run } = useInFlight();
  return (
    <div className="shift-bar" data-testid="shift-bar">
      {shift ? (
        <>
          <span className="shift-bar-number">{t('shiftBar.shift', { number: shift.id })}</span>
          {!isTrainingOperator(shift) && <span className="shift-bar-operator">{shift.operator}</span>}
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

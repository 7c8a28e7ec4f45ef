import { useTranslation } from 'react-i18next';
import { StartTrainingButton } from '../../shared/components/StartTrainingButton.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { operatorName } from '../../shared/operatorName.ts';
import { useTraining } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';

/** Home's shift panel: sign in when none is open, otherwise the X report, the drawer and the close. */
export function ShiftActions() {
  const { t } = useTranslation();
  const format = useFormat();
  const shift = useDesk((s) => s.desk?.shift ?? null);
  const training = useTraining();
  const openShift = useNavigation((s) => s.openShift);
  if (!shift) {
    return (
      <section className="panel panel-tight shift-panel" data-testid="shift-panel">
        <p className="shift-panel-text">
          <strong>{t('shiftActions.none')}</strong>{' '}
          {training ? t('shiftActions.noneTraining') : t('shiftActions.noneLive')}
        </p>
        <div className="actions">
          {training && <StartTrainingButton autoFocus />}
          <button
            type="button"
            className={training ? undefined : 'button-primary button-large'}
            // biome-ignore lint/a11y/noAutofocus: in Live nothing else on Home works before this
            autoFocus={!training}
            onClick={() => openShift('signIn')}
          >
            {t('shiftActions.signIn')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="panel panel-tight shift-panel" data-testid="shift-panel">
      <p className="shift-panel-text">
        <strong>{t('shiftActions.open', { number: shift.id, name: operatorName(t, shift) })}</strong>{' '}
        {t('shiftActions.since', { time: format.time(shift.openedAt) })}
      </p>
      <ShiftButtons withX />
    </section>
  );
}

/** What can be done with the open shift; the X report leaves out itself. */
export function ShiftButtons({ withX = false }: { withX?: boolean }) {
  const { t } = useTranslation();
  const openShift = useNavigation((s) => s.openShift);
  const operator = useDesk((s) => s.desk?.operator ?? null);
  return (
    <div className="actions">
      {withX && (
        <button type="button" onClick={() => openShift('xReport')}>
          {t('shiftActions.x')}
        </button>
      )}
      <button type="button" onClick={() => openShift('cashMovement')}>
        {t('shiftActions.movement')}
      </button>
      {/* Only a drawer an operator holds passes to another (a training shift may have none). */}
      {operator && (
        <button type="button" onClick={() => openShift('handover')}>
          {t('drawer.handover')}
        </button>
      )}
      <button type="button" onClick={() => openShift('closeShift')}>
        {t('shiftActions.close')}
      </button>
    </div>
  );
}

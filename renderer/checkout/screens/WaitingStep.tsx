import { useTranslation } from 'react-i18next';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { describeStatus } from '../../shared/describeStatus.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCustodyFocus } from '../hooks/useCustodyFocus.ts';
import { useCheckout, useOperation } from '../state/checkout.ts';

/**
 * Follows `operation.changed` pushes; the desk itself keeps looking the status up. The training
 * confirmation is offered only where the core's answer allows it (a training operation still
 * waiting for one): any other status will not complete as it stands, and the screen says so.
 */
export function WaitingStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const confirmTraining = useCheckout((s) => s.confirmTraining);
  const refreshStatus = useCheckout((s) => s.refreshStatus);
  const openHome = useNavigation((s) => s.openHome);
  const { busy, run } = useInFlight();
  const focus = useCustodyFocus(operation);
  useShowsOperation(operation.localId);
  const stuck = operation.meaning.stuck ? (operation.status ?? '') : null;
  const confirmable = operation.meaning.confirmTraining === true;
  return (
    <ScreenFrame
      title={stuck ? t('flow.stuck.title', { status: stuck }) : t('flow.waiting.title')}
      operation={operation}
    >
      <CustodyButton operation={operation} onRecorded={focus.recorded} />
      <OperationAlerts operation={operation} />
      <p className="live-status" aria-live="polite">
        <span>{t('field.status')}</span>
        <strong data-testid="live-status">{describeStatus(t, operation)}</strong>
      </p>
      <div className="actions">
        {confirmable && (
          <button
            ref={focus.next}
            type="button"
            className={focus.nextClass}
            disabled={busy}
            onClick={() => run(confirmTraining)}
          >
            {t('flow.waiting.confirmTraining')}
          </button>
        )}
        <button
          ref={confirmable ? undefined : focus.next}
          type="button"
          disabled={busy}
          onClick={() => run(refreshStatus)}
        >
          {t('flow.waiting.refresh')}
        </button>
        <button type="button" className="button-quiet" onClick={openHome}>
          {t('flow.waiting.leave')}
        </button>
      </div>
      {confirmable && (
        <p className="hint" data-testid="training-note">
          {t('flow.waiting.trainingNote')}
        </p>
      )}
      <OperationSummary operation={operation} withStatus={false} />
    </ScreenFrame>
  );
}

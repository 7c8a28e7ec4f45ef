import { useTranslation } from 'react-i18next';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { outcomeLine } from '../../receipts/printOutcome.ts';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { describeStatus } from '../../shared/describeStatus.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCustodyFocus } from '../hooks/useCustodyFocus.ts';
import { useFinish } from '../hooks/useFinish.ts';
import { useCheckout, useOperation } from '../state/checkout.ts';

/**
 * The operation final at the gateway: its one next action prints the receipt where one is due, and
 * finishes. While its cash is still to move, the custody is the only action: no receipt says the
 * cash moved before it has, and nothing finishes over it. Captured is final, so nothing looks it up
 * again: Refresh status reads it once more (a payout the gateway cancelled after the hand-over).
 */
export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const openHome = useNavigation((s) => s.openHome);
  const focus = useCustodyFocus(operation);
  const refreshStatus = useCheckout((s) => s.refreshStatus);
  const { printFirst, finish, failure } = useFinish(operation);
  const { busy, run } = useInFlight();
  useShowsOperation(operation.localId);
  const cashDue = operation.meaning.custody.action !== null;
  const title = operation.meaning.status.completed ? t('flow.completed.title') : describeStatus(t, operation);
  return (
    <ScreenFrame title={title} operation={operation}>
      <CustodyButton operation={operation} onRecorded={focus.recorded} />
      <OperationAlerts operation={operation} />
      <div className="actions">
        {!cashDue && (
          <button
            ref={focus.next}
            type="button"
            className={focus.nextClass}
            disabled={busy}
            data-testid="finish"
            onClick={() => run(finish)}
          >
            {busy
              ? t('common.working')
              : printFirst
                ? t('flow.completed.printAndFinish')
                : t('flow.completed.done')}
          </button>
        )}
        <ReceiptButton operation={operation} />
        {printFirst && (
          <button type="button" className="button-quiet" onClick={openHome}>
            {t('flow.completed.done')}
          </button>
        )}
        <button type="button" className="button-quiet" disabled={busy} onClick={() => run(refreshStatus)}>
          {t('flow.waiting.refresh')}
        </button>
      </div>
      {failure?.report && (
        <p className="alert alert-warning" role="alert">
          {outcomeLine(t, failure.report).text}
        </p>
      )}
      <ErrorAlert error={failure?.error ?? null} />
      <OperationSummary operation={operation} withStatus />
    </ScreenFrame>
  );
}

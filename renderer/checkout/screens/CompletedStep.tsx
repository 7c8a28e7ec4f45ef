import { useTranslation } from 'react-i18next';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { outcomeLine } from '../../receipts/printOutcome.ts';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCustodyFocus } from '../hooks/useCustodyFocus.ts';
import { useFinish } from '../hooks/useFinish.ts';
import { useOperation } from '../state/checkout.ts';

/** The operation done: its one next action prints the receipt where one is still due, and finishes. */
export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const openHome = useNavigation((s) => s.openHome);
  const focus = useCustodyFocus(operation);
  const { printFirst, finish, failure } = useFinish(operation);
  const { busy, run } = useInFlight();
  useShowsOperation(operation.localId);
  const title =
    operation.status === 'captured'
      ? t('flow.completed.title')
      : t('flow.completed.finished', { status: operation.status ?? operation.phase });
  return (
    <ScreenFrame title={title} operation={operation}>
      <CustodyButton operation={operation} onRecorded={focus.recorded} />
      <OperationAlerts operation={operation} />
      <div className="actions">
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
        <ReceiptButton operation={operation} />
        {printFirst && (
          <button type="button" className="button-quiet" onClick={openHome}>
            {t('flow.completed.done')}
          </button>
        )}
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

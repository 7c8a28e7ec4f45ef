import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { cashNote } from '../../shared/cashNote.ts';
import { CustodyButton, custodyDue } from '../../shared/components/CustodyButton.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCustodyFocus } from '../hooks/useCustodyFocus.ts';
import { useCheckout, useOperation } from '../state/checkout.ts';

export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const operationChanged = useCheckout((s) => s.operationChanged);
  const openHome = useNavigation((s) => s.openHome);
  const focus = useCustodyFocus();
  useShowsOperation(operation.localId);
  const recorded = (view: OperationView) => {
    operationChanged(view);
    focus.moveOn();
  };
  const title =
    operation.status === 'captured'
      ? t('flow.completed.title')
      : t('flow.completed.finished', { status: operation.status ?? operation.phase });
  return (
    <ScreenFrame
      title={title}
      type={operation.type}
      cash={operation.cash}
      custody={operation.custody}
      cashNote={cashNote(t, operation)}
    >
      <CustodyButton ref={focus.custody} operation={operation} onRecorded={recorded} />
      <OperationAlerts operation={operation} />
      <div className="actions">
        <button
          ref={focus.next}
          type="button"
          // One primary action at a time: while cash is due, recording it comes first.
          className={custodyDue(operation) ? 'button-large' : 'button-primary button-large'}
          onClick={openHome}
        >
          {t('flow.completed.done')}
        </button>
        <ReceiptButton operation={operation} />
      </div>
      <OperationSummary operation={operation} withStatus />
    </ScreenFrame>
  );
}

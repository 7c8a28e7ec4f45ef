import { useTranslation } from 'react-i18next';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCustodyFocus } from '../hooks/useCustodyFocus.ts';
import { useOperation } from '../state/checkout.ts';

export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const openHome = useNavigation((s) => s.openHome);
  const focus = useCustodyFocus(operation);
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
        <button ref={focus.next} type="button" className={focus.nextClass} onClick={openHome}>
          {t('flow.completed.done')}
        </button>
        <ReceiptButton operation={operation} />
      </div>
      <OperationSummary operation={operation} withStatus />
    </ScreenFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useOperation } from '../state/checkout.ts';

export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const openHome = useNavigation((s) => s.openHome);
  const done = useFocusOnMount<HTMLButtonElement>();
  const title =
    operation.status === 'captured'
      ? t('flow.completed.title')
      : t('flow.completed.finished', { status: operation.status ?? operation.phase });
  return (
    <ScreenFrame title={title} cash={operation.cash}>
      <OperationSummary operation={operation} withStatus />
      <div className="actions">
        <button ref={done} type="button" className="button-primary button-large" onClick={openHome}>
          {t('flow.completed.done')}
        </button>
        <ReceiptButton operation={operation} />
      </div>
    </ScreenFrame>
  );
}

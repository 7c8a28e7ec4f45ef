import { useTranslation } from 'react-i18next';
import { OperationSummary } from '../components/OperationSummary.tsx';
import { ReceiptButton } from '../components/ReceiptButton.tsx';
import { ScreenFrame } from '../components/ScreenFrame.tsx';
import { useFocusOnMount } from '../hooks/useFocusOnMount.ts';
import { useOperation } from '../state/checkout.ts';
import { go } from '../state/navigation.ts';

export function CompletedStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const done = useFocusOnMount<HTMLButtonElement>();
  const title =
    operation.status === 'captured'
      ? t('flow.completed.title')
      : t('flow.completed.finished', { status: operation.status ?? operation.phase });
  return (
    <ScreenFrame title={title} cash={operation.cash}>
      <OperationSummary operation={operation} withStatus />
      <div className="actions">
        <button
          ref={done}
          type="button"
          className="button-primary button-large"
          onClick={() => go({ name: 'home' })}
        >
          {t('flow.completed.done')}
        </button>
        <ReceiptButton operation={operation} />
      </div>
    </ScreenFrame>
  );
}

import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { describeStatus } from '../describeStatus.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { useShops } from '../state/appState.ts';

/** The facts the agent and the payer check together: amount and direction first, in large type. */
type Props = {
  operation: OperationView;
  withStatus: boolean;
  /** Before creation the payer's details exist only in the form, not yet on the operation. */
  details?: ReadonlyArray<{ name: string; title: string; value: string }>;
};

export function OperationSummary({ operation, withStatus, details = operation.payerDetails }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const shop = useShops().find((s) => s.id === operation.shopId);
  const { type, amount, currency } = gatewayFigures(operation);
  // "Hand cash to payer" reads as an instruction: only for this desk's operations whose figures stand.
  const heading = operation.mismatch
    ? t('mismatch.asHeld', { type: t(`type.${type}`) })
    : operation.ownDesk
      ? t(`direction.${type}`)
      : t(`type.${type}`);
  return (
    <div className="summary">
      <p className="summary-direction">{heading}</p>
      <p className="summary-amount" data-testid="summary-amount">
        {format.money(amount, currency)}
      </p>
      <dl className="facts">
        <dt>{t('field.operationNumber')}</dt>
        <dd data-testid="operation-number">{operation.operationNumber}</dd>
        <dt>{t('field.shop')}</dt>
        <dd>{shop ? `${shop.name} (${shop.id})` : operation.shopId}</dd>
        <dt>{t('field.method')}</dt>
        <dd>{operation.methodName}</dd>
        <dt>{t('field.payerId')}</dt>
        <dd>{operation.payerId}</dd>
        {details.map((detail) => (
          <DetailRow key={detail.name} label={detail.title} value={detail.value} />
        ))}
        {withStatus && (
          <>
            <dt>{t('field.status')}</dt>
            <dd data-testid="operation-status">{describeStatus(t, operation)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

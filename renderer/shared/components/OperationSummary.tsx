import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { describeStatus } from '../describeStatus.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { instrumentLabel, requisiteLabel } from '../labels.ts';
import { useShops } from '../state/appState.ts';

/** The facts the agent and the payer check together: amount and direction first, in large type. */
type Props = {
  operation: OperationView;
  withStatus: boolean;
  /** Before creation the payer's details exist only in the form, not yet on the operation. */
  details?: ReadonlyArray<{ name: string; title: string; value: string }>;
};

export function OperationSummary({ operation, withStatus, details = operation.payerDetails }: Props) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const shop = useShops().find((s) => s.id === operation.shopId);
  const { type, amount, currency } = gatewayFigures(operation);
  return (
    <div className="summary">
      <div className="summary-inner">
        <div className="summary-figure">
          <p className="summary-direction" data-testid="summary-caption">
            {caption(t, operation, type)}
          </p>
          <p className="summary-amount" data-testid="summary-amount">
            {format.money(amount, currency)}
          </p>
        </div>
        <dl className="facts">
          <dt>{t('field.operationNumber')}</dt>
          <dd data-testid="operation-number">{operation.operationNumber}</dd>
          <dt>{t('field.shop')}</dt>
          <dd>{shop ? `${shop.name} (${shop.id})` : operation.shopId}</dd>
          {operation.methodName && (
            <>
              <dt>{t('field.method')}</dt>
              <dd data-testid="operation-method">
                {operation.methodName}
                {operation.instrumentType && ` · ${instrumentLabel(t, operation.instrumentType)}`}
              </dd>
            </>
          )}
          <dt>{t('field.payerId')}</dt>
          <dd>{operation.payerId}</dd>
          {details.map((detail) => (
            <DetailRow
              key={detail.name}
              label={requisiteLabel(t, i18n.language, detail)}
              value={detail.value}
            />
          ))}
          {withStatus && (
            <>
              <dt>{t('field.status')}</dt>
              <dd data-testid="operation-status">{describeStatus(t, operation)}</dd>
            </>
          )}
        </dl>
      </div>
    </div>
  );
}

/**
 * Over the amount: Cash in or Cash out, and an instruction only where the cash banner gives the
 * same one, so the two never disagree (never "hand over" under "do not give or take cash").
 */
function caption(t: TFunction, operation: OperationView, type: OperationView['type']): string {
  if (operation.mismatch) return t('mismatch.asHeld', { type: t(`type.${type}`) });
  const now = operation.cash === 'accept' || operation.cash === 'hand_over' ? operation.cash : null;
  return now ? `${t(`type.${type}`)} · ${t(`summaryNow.${now}`)}` : t(`type.${type}`);
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

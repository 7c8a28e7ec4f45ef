import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { describeStatus } from '../../shared/describeStatus.ts';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';

/** Every field the desk holds for an operation, for a supervisor or a payer's query. */
export function OperationFields({ operation: op }: { operation: OperationView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const time = (iso: string | null) => (iso ? format.dateTime(iso) : t('common.none'));
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  // The gateway's figures stand; what was entered instead is set out in the mismatch panel above.
  const held = gatewayFigures(op);
  const custody = op.custody;
  const rows: Array<[string, string]> = [
    [t('field.operationNumber'), op.operationNumber],
    [t('field.shop'), String(op.shopId)],
    [t('field.type'), t(`type.${held.type}`)],
    [t('field.direction'), t(`direction.${held.type}`)],
    [t('field.amount'), format.money(held.amount, held.currency)],
    [
      t('field.settlement'),
      op.settlementAmount && op.settlementCurrency
        ? format.money(op.settlementAmount, op.settlementCurrency)
        : t('common.none'),
    ],
    [t('field.payerId'), op.payerId],
    [t('field.method'), `${op.methodName} (${op.methodId})`],
    [t('field.instrumentType'), op.instrumentType],
    [t('field.status'), op.status ? `${op.status} — ${describeStatus(t, op)}` : t('common.none')],
    [t('field.phase'), t(`phase.${op.phase}`)],
    [t('field.final'), yesNo(op.final)],
    [t('field.cash'), t(`cash.${op.cash}`)],
    [
      t('field.custody'),
      custody
        ? t('custody.recorded', {
            what: t(`custody.at.${custody.kind}`, { time: format.dateTime(custody.at) }),
            amount: format.money(custody.amount, custody.currency),
            terminal: custody.terminalId,
          })
        : t('common.none'),
    ],
    [t('field.terminal'), op.terminalId],
    [t('field.training'), yesNo(op.training)],
    [t('field.gatewayId'), op.gatewayId ?? t('common.none')],
    [t('field.registeredAt'), time(op.registeredAt)],
    [t('field.gatewayUpdatedAt'), time(op.gatewayUpdatedAt)],
    [t('field.createdAt'), time(op.createdAt)],
    [t('field.updatedAt'), time(op.updatedAt)],
    [t('field.lastCheckedAt'), time(op.lastCheckedAt)],
    [t('field.sessionExpiry'), time(op.session?.expiredAt ?? null)],
    [
      t('field.correction'),
      op.isCorrection && op.parent !== null
        ? t('field.correctionOf', { parent: JSON.stringify(op.parent) })
        : yesNo(op.isCorrection),
    ],
    [t('field.parent'), op.parent === null ? t('common.none') : JSON.stringify(op.parent)],
    ...op.payerDetails.map((d): [string, string] => [`${t('field.payerDetails')}: ${d.title}`, d.value]),
    ...op.paymentMethodRequisites.map((r): [string, string] => [
      `${t('field.methodRequisites')}: ${r.name}`,
      r.value,
    ]),
    [t('field.lastError'), op.lastError ? `${op.lastError.kind}: ${op.lastError.message}` : t('common.none')],
    [t('field.printCount'), String(op.printCount)],
  ];
  return (
    <dl className="facts facts-all">
      {rows.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

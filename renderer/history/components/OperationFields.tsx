import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { TechnicalDetails } from '../../shared/components/TechnicalDetails.tsx';
import { describeStatus } from '../../shared/describeStatus.ts';
import { isErrorKind } from '../../shared/errorKind.ts';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { instrumentLabel, requisiteLabel } from '../../shared/labels.ts';
import { typeWords } from '../../shared/typeWords.ts';

type Row = [string, string];

/**
 * Every field the desk holds for an operation, for a supervisor or a payer's query: in words first,
 * then the raw codes and IDs support asks for, folded away.
 */
export function OperationFields({ operation: op }: { operation: OperationView }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const time = (iso: string | null) => (iso ? format.dateTime(iso) : t('common.none'));
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const label = (requisite: { name: string; title?: string }) => requisiteLabel(t, i18n.language, requisite);
  // The gateway's figures stand; what was entered instead is set out in the mismatch panel above.
  const held = gatewayFigures(op);
  const custody = op.custody;
  const shown: Row[] = [
    [t('field.operationNumber'), op.operationNumber],
    [t('field.shop'), String(op.shopId)],
    [t('field.type'), typeWords(t, held.type, op.meaning.receipt.wording)],
    [t('field.direction'), t(`direction.${held.type}`)],
    [t('field.amount'), format.money(held.amount, held.currency)],
    [
      t('field.settlement'),
      op.settlementAmount && op.settlementCurrency
        ? format.money(op.settlementAmount, op.settlementCurrency)
        : t('common.none'),
    ],
    [t('field.payerId'), op.payerId],
    [t('field.method'), op.methodName || t('common.none')],
    [t('field.instrumentType'), op.instrumentType ? instrumentLabel(t, op.instrumentType) : t('common.none')],
    [t('field.status'), describeStatus(t, op)],
    [t('field.phase'), t(`phase.${op.phase}`)],
    [t('field.final'), yesNo(op.final)],
    [t('field.cash'), t(`cash.${op.cash}`, { amount: format.money(held.amount, held.currency) })],
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
    [t('field.terminal'), op.terminalId || t('common.none')],
    [t('field.training'), yesNo(op.training)],
    [t('field.registeredAt'), time(op.registeredAt)],
    [t('field.gatewayUpdatedAt'), time(op.gatewayUpdatedAt)],
    [t('field.createdAt'), time(op.createdAt)],
    [t('field.updatedAt'), time(op.updatedAt)],
    [t('field.lastCheckedAt'), time(op.lastCheckedAt)],
    [t('field.sessionExpiry'), time(op.session?.expiredAt ?? null)],
    [t('field.correction'), yesNo(op.isCorrection)],
    ...op.payerDetails.map((d): Row => [`${t('field.payerDetails')}: ${label(d)}`, d.value]),
    ...op.paymentMethodRequisites.map((r): Row => [`${t('field.methodRequisites')}: ${label(r)}`, r.value]),
    [
      t('field.lastError'),
      op.lastError && isErrorKind(op.lastError.kind)
        ? t(`error.kinds.${op.lastError.kind}.title`)
        : (op.lastError?.kind ?? t('common.none')),
    ],
    [t('field.printCount'), String(op.printCount)],
  ];
  const raw: Row[] = [
    [t('field.gatewayId'), op.gatewayId ?? t('common.none')],
    [t('field.methodId'), op.methodId || t('common.none')],
    [t('field.instrumentCode'), op.instrumentType || t('common.none')],
    [t('field.sessionId'), op.session?.id ?? t('common.none')],
    [t('field.phaseCode'), op.phase],
    [t('field.statusCode'), op.status ?? t('common.none')],
    [
      t('field.parent'),
      op.parent === null
        ? t('common.none')
        : op.isCorrection
          ? t('field.correctionOf', { parent: JSON.stringify(op.parent) })
          : JSON.stringify(op.parent),
    ],
    ...[...op.payerDetails, ...op.paymentMethodRequisites].map(
      (r): Row => [t('field.requisiteName', { label: label(r) }), r.name],
    ),
    [t('field.lastError'), op.lastError ? `${op.lastError.kind}: ${op.lastError.message}` : t('common.none')],
  ];
  return (
    <>
      <Facts rows={shown} />
      <TechnicalDetails>
        <Facts rows={raw} />
      </TechnicalDetails>
    </>
  );
}

function Facts({ rows }: { rows: Row[] }) {
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

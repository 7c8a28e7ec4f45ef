import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MismatchItem, OperationView } from '../../../common/contract.ts';
import { describeGateway } from '../describeGateway.ts';
import { type Format, useFormat } from '../hooks/useFormat.ts';

/** Waits that only a supervisor can end: the lookup has no token for the gateway the operation went to. */
const TOKEN_WAITS = ['token_missing', 'unauthorized'] as const;

/**
 * What the agent must know about an operation before anything else, on every screen that shows one:
 * figures the gateway holds differently, a status that will not complete, a lookup stuck on a token,
 * an operation run elsewhere.
 */
export function OperationAlerts({ operation }: { operation: OperationView }) {
  const { t } = useTranslation();
  const wait = TOKEN_WAITS.find((kind) => kind === operation.lastError?.kind);
  return (
    <>
      {operation.mismatch && <MismatchPanel operation={operation} mismatch={operation.mismatch} />}
      {operation.meaning.stuck && operation.ownDesk && (
        // The banner says it will not complete; this says what to do about it.
        <div className="alert alert-danger stack-tight" role="alert" data-testid="stuck-status">
          <p>{t('flow.stuck.next')}</p>
          {operation.custody && <p>{t('flow.stuck.cashKept')}</p>}
        </div>
      )}
      {wait && (
        <p className="alert alert-warning" role="status" data-testid="token-wait">
          {operation.training
            ? t('tokenWait.training')
            : t(`tokenWait.${wait}`, { shop: operation.shopId, gateway: describeGateway(t, operation) })}
        </p>
      )}
      {!operation.ownDesk && (
        <p className="alert alert-info">
          {operation.meaning.branch?.claimed ? t('headOffice.claim.claimed') : t('otherDesk')}
        </p>
      )}
    </>
  );
}

type PanelProps = { operation: OperationView; mismatch: MismatchItem[] };

function MismatchPanel({ operation, mismatch }: PanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const currencies = {
    entered: operation.currency,
    gateway: mismatch.find((m) => m.field === 'currency')?.gateway ?? operation.currency,
  };
  const show = (item: MismatchItem, side: 'entered' | 'gateway') =>
    mismatchValue(t, format, item.field, item[side], currencies[side]);
  return (
    <section className="alert alert-danger mismatch" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mismatch.title')}</h2>
      <table className="mismatch-table" data-testid="mismatch">
        <thead>
          <tr>
            <th scope="col">{t('mismatch.field')}</th>
            <th scope="col">{t('mismatch.entered')}</th>
            <th scope="col">{t('mismatch.gateway')}</th>
          </tr>
        </thead>
        <tbody>
          {mismatch.map((item) => (
            <tr key={item.field}>
              <th scope="row">{t(FIELD_LABELS[item.field])}</th>
              <td>{show(item, 'entered')}</td>
              <td>
                <strong>{show(item, 'gateway')}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('mismatch.next')}</p>
    </section>
  );
}

const FIELD_LABELS = {
  type: 'field.type',
  shopId: 'field.shop',
  operationNumber: 'field.operationNumber',
  amount: 'field.amount',
  currency: 'field.currency',
  payerId: 'field.payerId',
} as const satisfies Record<MismatchItem['field'], string>;

/** Money as money, a type in words; anything else exactly as held, so the supervisor can compare it. */
function mismatchValue(
  t: TFunction,
  format: Format,
  field: MismatchItem['field'],
  value: string,
  currency: string,
): string {
  if (field === 'amount') return format.money(value, currency);
  if (field === 'type' && (value === 'payin' || value === 'payout')) return t(`type.${value}`);
  return value;
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustodyRecord } from '../../../common/contract.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';

/** Every cash record of the operation, append-only as the core keeps them: reversals with their reasons. */
export function CustodyRecords({ records }: { records: CustodyRecord[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  if (records.length === 0) return null;
  return (
    <section className="panel panel-tight" aria-labelledby={id}>
      <h2 id={id}>{t('custody.records')}</h2>
      <ul className="report-list" data-testid="custody-records">
        {records.map((record) => (
          <li key={record.id} data-kind={record.kind}>
            <span className="strong">
              {t(`custody.kind.${record.kind}`, { amount: format.money(record.amount, record.currency) })}
            </span>{' '}
            ·{' '}
            {t('custody.entry', {
              time: format.dateTime(record.at),
              operator: record.operator ?? t('common.none'),
              terminal: record.terminalId,
            })}
            {record.reason && <> · {t('custody.reason', { reason: record.reason })}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}

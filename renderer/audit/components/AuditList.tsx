import { useTranslation } from 'react-i18next';
import { type AuditWords, auditDetail } from '../../../common/audit-detail.ts';
import type { AuditEntry } from '../../../common/contract.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { describeKind, describeWho } from '../describeEntry.ts';

/** Audit rows as one list: what, when, who and the detail (old → new). */
export function AuditList({ entries, testId }: { entries: AuditEntry[]; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words: AuditWords = {
    name: (key) => {
      const word = t(`auditField.${key}`, { ns: 'print', defaultValue: '' });
      return word === '' ? undefined : word;
    },
    yes: t('auditValue.yes', { ns: 'print' }),
    no: t('auditValue.no', { ns: 'print' }),
    none: t('auditValue.none', { ns: 'print' }),
  };
  return (
    <ul className="report-list" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.id} className={entry.kind === 'chain_broken' ? 'variance-over' : undefined}>
          <span className="strong">{describeKind(t, entry.kind)}</span> · {format.stamp(entry.at)} ·{' '}
          {describeWho(t, entry.operator)}
          {Object.keys(entry.detail).length > 0 && ` · ${auditDetail(entry.detail, words)}`}
        </li>
      ))}
    </ul>
  );
}

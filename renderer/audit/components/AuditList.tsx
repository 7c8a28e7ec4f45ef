import { useTranslation } from 'react-i18next';
import { auditDetail } from '../../../common/audit-detail.ts';
import type { AuditEntry } from '../../../common/contract.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { describeKind, describeWho } from '../describeEntry.ts';

/** Audit rows as one list: what, when, who and the detail (old → new). */
export function AuditList({ entries, testId }: { entries: AuditEntry[]; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="report-list" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.id} className={entry.kind === 'chain_broken' ? 'variance-over' : undefined}>
          <span className="strong">{describeKind(t, entry.kind)}</span> · {format.stamp(entry.at)} ·{' '}
          {describeWho(t, entry.operator)}
          {Object.keys(entry.detail).length > 0 && ` · ${auditDetail(entry.detail)}`}
        </li>
      ))}
    </ul>
  );
}

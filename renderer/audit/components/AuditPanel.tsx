import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, AuditEntry } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { auditApi } from '../api.ts';
import { AuditList } from './AuditList.tsx';

const PAGE = 100;

/** The audit trail in Settings: newest first, a hundred at a time. */
export function AuditPanel() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const id = useId();
  const load = useCallback(
    async (before?: number) => {
      const result = await run(() =>
        auditApi.list(before === undefined ? { limit: PAGE } : { before, limit: PAGE }),
      );
      if (!result) return;
      setError(result.ok ? null : result.error);
      if (!result.ok) return;
      setEntries((shown) =>
        before === undefined ? result.value.entries : [...shown, ...result.value.entries],
      );
      setNext(result.value.next);
    },
    [run],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="panel" aria-labelledby={id} data-testid="audit-panel">
      <h2 id={id}>{t('audit.title')}</h2>
      <p className="hint">{t('audit.lead')}</p>
      <ErrorAlert error={error} />
      {entries.length === 0 && !busy ? (
        <p>{t('audit.none')}</p>
      ) : (
        <AuditList entries={entries} testId="audit-entries" />
      )}
      {next !== null && (
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => load(next)}>
            {t('audit.more')}
          </button>
        </div>
      )}
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Reconciliation, ZReport } from '../../../common/contract.ts';
import { ReportPrintButtons } from '../../receipts/components/ReportPrintButtons.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { type Screen, useNavigation } from '../../shared/state/navigation.ts';
import { typeWords } from '../../shared/typeWords.ts';
import { shiftApi } from '../api.ts';
import { ReportSections } from '../components/ReportSections.tsx';

/** A closed shift's Z report: whether the gateway agreed, what disagrees, and the drawer as counted. */
export function ZReportScreen({ shiftId, back }: { shiftId: number; back: Screen }) {
  const { t } = useTranslation();
  const format = useFormat();
  const returnTo = useNavigation((s) => s.returnTo);
  const { value: report, error, reload, set } = useResult(() => shiftApi.zReport({ shiftId }));
  // A later reconciliation appends to the report: read it again when the core says so.
  useEffect(() => shiftApi.onReconciled((shift) => shift.id === shiftId && reload()), [shiftId, reload]);
  return (
    <ScreenFrame
      title={report ? t('report.zTitle', { number: report.number }) : t('report.zDocument')}
      onBack={() => returnTo(back)}
    >
      <ErrorAlert error={error} />
      {report && (
        <>
          <p className="lead">
            {t('report.zLead', { shift: report.shift.id, time: format.stamp(report.shift.closedAt!) })}
          </p>
          <ReconciliationPanel report={report} onReport={set} />
          <ReportPrintButtons report={{ kind: 'Z', shiftId }} />
          <CloseFacts report={report} />
          <ReportSections report={report} />
        </>
      )}
    </ScreenFrame>
  );
}

function ReconciliationPanel({ report, onReport }: { report: ZReport; onReport(report: ZReport): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const latest = report.reconciliations.at(-1)!;
  const again = () =>
    run(async () => {
      const result = await shiftApi.reconcile({ shiftId: report.shift.id });
      setError(result.ok ? null : result.error);
      if (result.ok) onReport(result.value);
    });
  return (
    <section
      className={`panel reconciliation ${latest.complete ? 'reconciled' : 'not-reconciled'}`}
      data-testid="reconciliation"
    >
      <h2>{latest.complete ? t('report.reconciled') : t('report.notReconciled')}</h2>
      <p>
        {latest.complete
          ? t('report.reconciledBody', { count: latest.checked, time: format.time(latest.at) })
          : t('report.notReconciledBody', { count: latest.unanswered, checked: latest.checked })}
      </p>
      {!latest.complete && (
        <button type="button" disabled={busy} onClick={again}>
          {t('report.reconcileNow')}
        </button>
      )}
      <ErrorAlert error={error} />
      <Findings reconciliation={latest} />
    </section>
  );
}

function Findings({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  if (reconciliation.findings.length === 0) {
    return <p className="strong">{t('report.noFindings')}</p>;
  }
  return (
    <>
      <h3 id={id}>{t('report.findings', { count: reconciliation.findings.length })}</h3>
      <ul className="report-list findings" aria-labelledby={id} data-testid="findings">
        {reconciliation.findings.map(({ kind, operation }) => (
          <li key={`${kind}-${operation.localId}`}>
            <span className="strong">{operation.operationNumber}</span> ·{' '}
            {typeWords(t, operation.type, operation.meaning.receipt.wording)} ·{' '}
            {format.money(operation.amount, operation.currency)}: {t(`finding.${kind}`)}{' '}
            <MoneyMark meaning={operation.meaning} compact />
          </li>
        ))}
      </ul>
    </>
  );
}

function CloseFacts({ report }: { report: ZReport }) {
  const { t } = useTranslation();
  if (!report.note && !report.supervisorApproved) return null;
  return (
    <div className="panel panel-tight close-facts" data-testid="close-facts">
      {report.note && (
        <p>
          <span className="strong">{t('report.note')}:</span> {report.note}
        </p>
      )}
      {report.supervisorApproved && <p>{t('report.supervisorApproved')}</p>}
    </div>
  );
}

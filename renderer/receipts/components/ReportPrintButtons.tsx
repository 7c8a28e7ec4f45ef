import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, PrintResult, Request } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { receiptsApi } from '../api.ts';
import { printerSaid } from '../printOutcome.ts';

type Shown = { kind: 'printed'; result: PrintResult } | { kind: 'saved'; path: string } | null;

/** The X or a Z report on the printer set in Settings, or as a PDF; a report has no copies to count. */
export function ReportPrintButtons({ report }: { report: Request<'receipts.printReport'> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const document = report.kind === 'X' ? t('report.xDocument') : t('report.zDocument');
  const print = () =>
    run(async () => {
      const result = await receiptsApi.printReport(report);
      setError(result.ok ? null : result.error);
      setShown(result.ok ? { kind: 'printed', result: result.value } : null);
    });
  const savePdf = () =>
    run(async () => {
      const result = await receiptsApi.saveReportPdf(report);
      setError(result.ok ? null : result.error);
      setShown(result.ok && result.value.path ? { kind: 'saved', path: result.value.path } : null);
    });
  return (
    <div className="report-print">
      <div className="actions">
        <button type="button" disabled={busy} onClick={print}>
          {t('report.print', { document })}
        </button>
        <button type="button" disabled={busy} onClick={savePdf}>
          {t('receipt.savePdf')}
        </button>
      </div>
      <div role="status">
        {shown?.kind === 'printed' && <Outcome result={shown.result} document={document} />}
        {shown?.kind === 'saved' && (
          <p className="alert alert-info">{t('receipt.saved', { path: shown.path })}</p>
        )}
        <ErrorAlert error={error} inLiveRegion />
      </div>
    </div>
  );
}

function Outcome({ result, document }: { result: PrintResult; document: string }) {
  const { t } = useTranslation();
  if (result.printed) return <p className="alert alert-info">{t('report.printed', { document })}</p>;
  const text =
    result.reason === 'cancelled'
      ? t('report.printCancelled', { document })
      : result.reason === 'unavailable'
        ? t('report.printUnavailable')
        : t('report.printFailed', { document, message: printerSaid(t, result) });
  return <p className="alert alert-warning">{text}</p>;
}

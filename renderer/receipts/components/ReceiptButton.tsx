import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, OperationView, PrintReport } from '../../../common/contract.ts';
import { moveToNextAction } from '../../focus/useNextAction.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useLoaded } from '../../shared/state/appState.ts';
import { receiptsApi } from '../api.ts';
import { outcomeLine, withReport } from '../printOutcome.ts';

type Shown = { kind: 'reports'; reports: PrintReport[] } | { kind: 'saved'; path: string } | null;

/**
 * Prints this desk's receipt on the printer set in Settings, the agent's copy when Settings ask
 * for one, and saves either as a PDF. Main lays the paper out and counts only the prints the
 * printer took; a cancelled or failed print says so here and counts nothing. Which paper may
 * print (none, the Pending or the final receipt, or another desk's lookup slip) is the answer's
 * (meaning.receipt): none is offered before a final one may print, nor while its figures differ.
 */
export function ReceiptButton({ operation }: { operation: OperationView }) {
  const { t } = useTranslation();
  const agentCopy = useLoaded((app) => app.settings.printing.agentCopy);
  const [shown, setShown] = useState<Shown>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const { localId } = operation;
  // Automatic prints happen in main; their outcome is heard here.
  useEffect(
    () =>
      receiptsApi.onPrinted((report) => {
        if (report.localId !== localId || !report.automatic) return;
        setShown((previous) => ({
          kind: 'reports',
          reports: withReport(previous?.kind === 'reports' ? previous.reports : [], report),
        }));
      }),
    [localId],
  );
  const paper = operation.meaning.receipt.print;
  if (paper === 'none') return null;

  const print = (copy: 'payer' | 'agent') =>
    run(async () => {
      const result = await receiptsApi.print({ localId, copy });
      setError(result.ok ? null : result.error);
      setShown(result.ok ? { kind: 'reports', reports: [result.value] } : null);
      // The paper in hand, what comes next is the screen's next action (on Completed: finish).
      moveToNextAction();
    });
  const savePdf = () =>
    run(async () => {
      const result = await receiptsApi.savePdf({ localId, copy: 'payer' });
      setError(result.ok ? null : result.error);
      setShown(result.ok && result.value.path ? { kind: 'saved', path: result.value.path } : null);
    });

  const mainLabel =
    paper === 'slip'
      ? t('receipt.printSlip')
      : operation.printCount > 0
        ? t('receipt.printCopy')
        : t('receipt.print');
  return (
    <>
      <button type="button" disabled={busy} onClick={() => print('payer')}>
        {mainLabel}
      </button>
      {paper !== 'slip' && agentCopy && (
        <button type="button" disabled={busy} onClick={() => print('agent')}>
          {t('receipt.printAgent')}
        </button>
      )}
      <button type="button" disabled={busy} onClick={savePdf}>
        {t('receipt.savePdf')}
      </button>
      <div role="status" className="receipt-outcome">
        {shown?.kind === 'reports' &&
          shown.reports.map((report) => <PrintOutcome key={report.document} report={report} />)}
        {shown?.kind === 'saved' && (
          <p className="alert alert-info">{t('receipt.saved', { path: shown.path })}</p>
        )}
        <ErrorAlert error={error} inLiveRegion />
      </div>
    </>
  );
}

function PrintOutcome({ report }: { report: PrintReport }) {
  const { t } = useTranslation();
  const { tone, text } = outcomeLine(t, report);
  return <p className={`alert alert-${tone}`}>{text}</p>;
}

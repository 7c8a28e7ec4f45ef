import { useEffect, useState } from 'react';
import type { AppError, OperationView, PrintReport } from '../../../common/contract.ts';
import { receiptsApi } from '../../receipts/api.ts';
import { useLoaded } from '../../shared/state/appState.ts';
import { useNavigation } from '../../shared/state/navigation.ts';

/** Why the receipt asked for on the way out did not print: the printer's answer, or the core's refusal. */
export type FinishFailure = { report: PrintReport; error?: never } | { error: AppError; report?: never };

/**
 * Enter on a final operation finishes it: the payer's final receipt, where the answer allows one
 * (meaning.receipt), is printed first, unless main
 * prints it by itself (automatic final receipts, unless that print failed) or it was printed here
 * already, and then the counter is Home. A print that did not go through keeps the screen, saying
 * why, so the agent can try again or finish without it.
 */
export function useFinish(operation: OperationView) {
  const autoFinal = useLoaded((app) => app.settings.printing.autoPrint.final);
  const openHome = useNavigation((s) => s.openHome);
  const [paper, setPaper] = useState<'none' | 'printed' | 'failed'>('none');
  const [failure, setFailure] = useState<FinishFailure | null>(null);
  const { localId, status } = operation;
  // Any print of this receipt as it stands now counts, the Print receipt button's and main's own.
  useEffect(
    () =>
      receiptsApi.onPrinted((report) => {
        const same = report.localId === localId && report.document === 'receipt' && report.status === status;
        if (same) setPaper((was) => (was === 'printed' || report.result.printed ? 'printed' : 'failed'));
      }),
    [localId, status],
  );
  const hasReceipt = operation.meaning.receipt.print === 'final';
  const printFirst = hasReceipt && paper !== 'printed' && (!autoFinal || paper === 'failed');
  const finish = async () => {
    if (!printFirst) return openHome();
    const result = await receiptsApi.print({ localId, copy: 'payer' });
    if (result.ok && result.value.result.printed) return openHome();
    setFailure(result.ok ? { report: result.value } : { error: result.error });
  };
  return { printFirst, finish, failure };
}

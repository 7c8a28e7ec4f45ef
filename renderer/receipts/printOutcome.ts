import type { TFunction } from 'i18next';
import { statusWord } from '../../common/cash-rules/status-word.ts';
import type { PrintReport, PrintResult } from '../../common/contract.ts';

export type OutcomeLine = { tone: 'info' | 'warning'; text: string };

/**
 * The paper in hand: the document and the status it states, in the word every place uses for it
 * (statusWord). The final receipt after a Pending one is a new original, and "Receipt printed: the
 * original" alone would read as a repeat of the first.
 */
export function printedDocument(t: TFunction, report: Pick<PrintReport, 'document' | 'status'>): string {
  const document = t(`receipt.document.${report.document}`);
  const word = statusWord(report.status);
  if (word === 'none') return document;
  return t('receipt.stating', { document, state: t(`receipt.state.${word}`, { status: report.status }) });
}

/** What the printer said of a print that failed: its system's own words, or the desk's for no answer. */
export function printerSaid(t: TFunction, result: PrintResult & { printed: false }): string {
  return result.reason === 'no_answer' ? t('receipt.noAnswer') : result.message;
}

/** One print's confirmation, or why nothing was counted. */
export function outcomeLine(t: TFunction, report: PrintReport): OutcomeLine {
  const automatic = report.automatic ? `${t('receipt.automatic')} ` : '';
  const { result } = report;
  if (result.printed) {
    const document = printedDocument(t, report);
    const text =
      report.copyNumber === 0
        ? t('receipt.printed', { document })
        : t('receipt.printedCopy', { document, n: report.copyNumber });
    return { tone: 'info', text: automatic + text };
  }
  const document = t(`receipt.document.${report.document}`);
  const text =
    result.reason === 'cancelled'
      ? t('receipt.cancelled', { document })
      : result.reason === 'unavailable'
        ? t('receipt.unavailable')
        : t('receipt.printFailed', { document, message: printerSaid(t, result) });
  return { tone: 'warning', text: automatic + text };
}

/**
 * The prints shown together. Automatic printing sends the payer's receipt and then the agent's
 * copy as one set (main/receipts/printing.ts, printSet); shown one at a time, the copy's line would
 * replace the receipt's, and the agent would read that only the copy printed. So the copy joins the
 * receipt it followed; any other print is shown on its own.
 */
export function withReport(shown: readonly PrintReport[], report: PrintReport): PrintReport[] {
  const last = shown.at(-1);
  const sameSet =
    report.automatic &&
    report.document === 'agent_copy' &&
    last?.automatic &&
    last.document === 'receipt' &&
    last.result.printed &&
    last.localId === report.localId &&
    last.status === report.status;
  return sameSet ? [...shown, report] : [report];
}

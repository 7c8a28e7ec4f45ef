import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, OperationView } from '../../../common/contract.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { receiptsApi } from '../api.ts';

/** 80 mm paper: 42 columns of the receipt printer's font. */
const RECEIPT_WIDTH = 42;

/**
 * Prints the payer's receipt through the system print dialog. Main lays the receipt out and counts
 * the print, so the next one says COPY. Only an operation the gateway holds has a receipt, and not
 * while it holds other figures than were entered: the payer would keep a paper with disputed ones.
 */
export function ReceiptButton({ operation }: { operation: OperationView }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  if (operation.phase !== 'created' || operation.mismatch) return null;
  const print = () =>
    run(async () => {
      const receipt = await receiptsApi.render({
        localId: operation.localId,
        width: RECEIPT_WIDTH,
      });
      if (!receipt.ok) return setError(receipt.error);
      setText(receipt.value.text);
      // Let React put the text into the print-only block before the dialog snapshots the page.
      await new Promise(requestAnimationFrame);
      window.print();
      const counted = await receiptsApi.markPrinted({ localId: operation.localId });
      setError(counted.ok ? null : counted.error);
    });
  return (
    <>
      <button type="button" disabled={busy} onClick={print}>
        {operation.printCount > 0 ? t('receipt.printCopy') : t('receipt.print')}
      </button>
      {error && (
        <p className="alert alert-danger" role="alert">
          {t('receipt.failed')}
        </p>
      )}
      <pre className="receipt-print" data-testid="receipt" aria-hidden="true">
        {text}
      </pre>
    </>
  );
}

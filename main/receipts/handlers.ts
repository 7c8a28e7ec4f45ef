// The payer's receipt, and the count of prints that makes every later one a COPY.
import { AgentError } from '../app-error.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Journal } from '../operations/journal.ts';
import type { SettingsService } from '../settings/service.ts';
import { renderReceipt } from './text-receipt.ts';

export function receiptHandlers(deps: {
  checkout: Checkout;
  journal: Journal;
  settings: SettingsService;
  /** Who is at the desk when it prints: the print event carries them. */
  operator: () => string | null;
}): HandlerTable<'receipts.render' | 'receipts.markPrinted'> {
  const { journal } = deps;
  /** A receipt is for an operation the gateway holds, never for an attempt. */
  function receiptable(localId: number) {
    const record = deps.checkout.get(localId);
    if (record.phase !== 'created') {
      throw new AgentError('conflict', 'There is no receipt for an operation the gateway does not hold.', {
        localId,
      });
    }
    return record;
  }
  return {
    'receipts.render': ({ localId, width }) => {
      const record = receiptable(localId);
      const { shops, language } = deps.settings.get();
      const shopName = shops.find((s) => s.id === record.shopId)?.name ?? String(record.shopId);
      const copy = record.printCount > 0;
      return {
        text: renderReceipt({ operation: journal.view(record), shopName, width, language, copy }),
        copy,
      };
    },
    'receipts.markPrinted': ({ localId }) => {
      const record = receiptable(localId);
      const printCount = record.printCount + 1;
      const by = deps.operator();
      const detail = `print ${printCount}${by ? ` by ${by}` : ''}`;
      return journal.view(journal.save(localId, { printCount }, { kind: 'receipt_printed', detail }));
    },
  };
}

// What the paper calls an operation, from the answer's wording (meaning.receipt.wording): cash in,
// cash out, or, for a non-cash instrument, its direction with no cash at this desk.
import type { OperationTypeValue, ReceiptWording } from '../../common/contract.ts';
import type { PrintWords } from './print-words.ts';

export function typeWords(wording: ReceiptWording, type: OperationTypeValue, w: PrintWords): string {
  if (wording === 'no_cash') return w.t(`noCash.${type}`);
  return w.t(wording === 'cash_in' ? 'type.payin' : 'type.payout');
}

import type { TFunction } from 'i18next';
import type { OperationTypeValue, ReceiptWording } from '../../common/contract.ts';

/**
 * What the screens call an operation, from the answer's wording (meaning.receipt.wording): cash in,
 * cash out, or a non-cash one with no cash at this desk; never a cash word for a non-cash instrument.
 */
export function typeWords(t: TFunction, type: OperationTypeValue, wording: ReceiptWording): string {
  return wording === 'no_cash' ? t(`noCash.${type}`) : t(`type.${type}`);
}

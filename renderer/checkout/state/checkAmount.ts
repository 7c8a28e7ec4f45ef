import type { PaymentMethod } from '../../../common/contract.ts';
import { compare, normaliseAmount } from '../../../common/money.ts';

export type AmountCheck =
  | { ok: true; amount: string }
  | { ok: false; reason: 'empty' | 'invalid' | 'tooLow' | 'tooHigh' };

/** Format first, then the method's limits, compared as decimals. */
export function checkAmount(text: string, method: PaymentMethod): AmountCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const amount = normaliseAmount(text);
  if (amount === null) return { ok: false, reason: 'invalid' };
  if (compare(amount, method.minAmount) < 0) return { ok: false, reason: 'tooLow' };
  if (compare(amount, method.maxAmount) > 0) return { ok: false, reason: 'tooHigh' };
  return { ok: true, amount };
}

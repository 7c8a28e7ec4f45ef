import { type AmountProblem, readAmount } from '../../../common/amount-input.ts';
import type { PaymentMethod } from '../../../common/contract.ts';
import { compare } from '../../../common/money.ts';

export type AmountCheck =
  | { ok: true; amount: string }
  | ({ ok: false } & (AmountProblem | { problem: 'tooLow' | 'tooHigh' }));

/** Read as the app shows amounts in this locale, then cash's finest step, then the method's limits. */
export function checkAmount(text: string, method: PaymentMethod, locale: string): AmountCheck {
  const read = readAmount(text, locale, method.currency);
  if (!read.ok) return read;
  if (compare(read.amount, method.minAmount) < 0) return { ok: false, problem: 'tooLow' };
  if (compare(read.amount, method.maxAmount) > 0) return { ok: false, problem: 'tooHigh' };
  return read;
}

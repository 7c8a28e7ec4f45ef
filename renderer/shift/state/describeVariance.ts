import type { TFunction } from 'i18next';
import { compare, subtract } from '../../../common/money.ts';
import type { Format } from '../../shared/hooks/useFormat.ts';

/** A variance as a branch manager reads it: "Short by KZT 600.00", "Over by …", "Balanced". */
export function describeVariance(t: TFunction, format: Format, variance: string, currency: string): string {
  const sign = compare(variance, '0');
  if (sign === 0) return t('close.balanced');
  const amount = format.money(sign < 0 ? subtract('0', variance) : variance, currency);
  return sign < 0 ? t('close.shortBy', { amount }) : t('close.overBy', { amount });
}

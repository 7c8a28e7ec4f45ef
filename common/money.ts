// Money is a decimal string everywhere. This module is the only place that does arithmetic on it,
// always through big.js, so no amount ever passes through a JS float.
import Big from 'big.js';

/** Any decimal the gateway may send us: optional sign, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** What we send and accept at the counter: `<integer>` or `<integer>.<2 digits>`, as the spec shows. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{2})?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

export function isAmount(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

/** -1, 0 or 1, compared as decimals ("10.5" and "10.50" are equal). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  return new Big(a).cmp(new Big(b)) as -1 | 0 | 1;
}

export function isWithin(amount: string, min: string, max: string): boolean {
  return compare(amount, min) >= 0 && compare(amount, max) <= 0;
}

export function add(a: string, b: string): string {
  return new Big(a).plus(new Big(b)).toFixed(2);
}

export function subtract(a: string, b: string): string {
  return new Big(a).minus(new Big(b)).toFixed(2);
}

export function sum(values: readonly string[]): string {
  return values.reduce((total, v) => total.plus(new Big(v)), new Big(0)).toFixed(2);
}

/** The exact total, to as many places as its most precise value has, and at least 2. */
export function exactSum(values: readonly string[]): string {
  const places = Math.max(2, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  return values.reduce((total, v) => total.plus(new Big(v)), new Big(0)).toFixed(places);
}

/** A whole number of units at `scale` decimal places, as a decimal: 1250 at scale 2 is "12.50". */
export function fromUnits(units: string, scale: number): string {
  return new Big(`${units}e-${scale}`).toFixed(scale);
}

/** Multiply and round half-up to `dp` places, for rate conversions. */
export function multiply(a: string, b: string, dp = 2): string {
  return new Big(a).times(new Big(b)).round(dp, Big.roundHalfUp).toFixed(dp);
}

/**
 * Normalise keypad input to the wire form: strips leading zeros and pads the
 * fraction to two places. Returns null when the text is not an amount.
 */
export function normaliseAmount(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  const fixed = new Big(trimmed).toFixed(2);
  const wire = fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
  return isAmount(wire) ? wire : null;
}

/**
 * How a language writes a currency, one convention each, on the screen and on paper alike. Russian
 * and Kazakh write the sign as Kazakhstan does ("3 000,00 ₸", "3 000,00 $"): left to its locale
 * data, Russian wrote "3 000,00 KZT" beside Kazakh's "3 000,00 ₸". English keeps its own signs
 * ("$150.00") and the code where it has none ("KZT 3,000.00").
 */
function currencyDisplay(locale: string): 'symbol' | 'narrowSymbol' {
  return locale === 'en' || locale.startsWith('en-') ? 'symbol' : 'narrowSymbol';
}

/**
 * Formats for display with Intl. The decimal string goes to Intl as a string, which it reads as an
 * exact decimal (Intl.NumberFormat v3), so no digit is lost to a float.
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const fractionDigits = Math.max(2, amount.split('.')[1]?.length ?? 0);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: currencyDisplay(locale),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}

// An amount as an agent types it, read the way the app itself shows amounts in the agent's language
// ("1,500.50" in English, "1 500,50" in Russian and Kazakh), and checked against the cash that can
// actually change hands: the drawer has no coin finer than its smallest denomination.
//
// How the separators are read, per language:
// - A space of any width (Intl groups ru and kk with U+00A0 or U+202F) only ever groups digits.
// - With both "." and ",", the last one is the decimal separator and the other groups digits.
// - A mark that appears more than once groups digits ("1,500,000", "1.500.000").
// - A single mark followed by one, two or no digits is the decimal separator, whichever the mark:
//   either one is taken in any language, since keypads and habits differ.
// - A single mark followed by exactly three digits is the truly ambiguous case: "1,500" is 1500 to
//   someone who groups with commas and 1.5 to someone who writes decimals with one. It is read as
//   grouping only when the mark is the language's own group separator (the comma in English, where
//   the app shows 1,500). In Russian and Kazakh the app groups with a space and writes decimals
//   with a comma, and "1.500" is German-style grouping as often as a decimal, so the field asks
//   instead of guessing: a factor of 1000 on cash is not a guess worth making.
// - Grouped digits come in threes after the first group ("1,50,000" is refused, not read).
import Big from 'big.js';
import { CURRENCIES } from './denominations.ts';
import { isAmount } from './money.ts';

export type AmountProblem =
  | { problem: 'empty' }
  /** Not digits and separators, or more than the wire form takes. */
  | { problem: 'invalid' }
  /** Grouped digits that do not come in threes. */
  | { problem: 'grouping' }
  /** "1,500" where that could be 1500 or 1.5: the two readings, as decimals. */
  | { problem: 'ambiguous'; thousands: string; decimal: string }
  /** More digits after the decimal separator than the currency has (its ISO 4217 minor unit). */
  | { problem: 'decimals'; places: number }
  /** Finer than the smallest note or coin of the currency: amounts must be multiples of `step`. */
  | { problem: 'finerThanCash'; step: string };

export type AmountReading = { ok: true; amount: string } | ({ ok: false } & AmountProblem);

type Separators = { group: string; decimal: string };

const SPACES = /[\u0020\u00A0\u202F\u2009]/g;
const TYPED = /^[\d.,\u0020\u00A0\u202F\u2009]+$/;

/** The group and decimal separators Intl shows numbers with in this locale. */
export function separatorsOf(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * The typed text as an exact decimal (no currency rules yet), or why it cannot be read. The
 * decimal keeps every fraction digit typed, so a currency check can refuse the extra ones.
 */
export function readDecimal(
  text: string,
  locale: string,
): { ok: true; value: string } | ({ ok: false } & AmountProblem) {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  if (!TYPED.test(typed) || !/\d/.test(typed)) return { ok: false, problem: 'invalid' };
  const spaced = typed.replace(SPACES, ' ');
  const marks = [...spaced].filter((c) => c === '.' || c === ',');
  const kinds = new Set(marks);
  let decimalAt = -1;
  if (kinds.size === 2) {
    decimalAt = Math.max(spaced.lastIndexOf('.'), spaced.lastIndexOf(','));
    if (marks.filter((m) => m === spaced[decimalAt]).length > 1) return { ok: false, problem: 'invalid' };
  } else if (marks.length === 1) {
    const at = spaced.indexOf(marks[0]!);
    const after = spaced.slice(at + 1);
    if (!/^\d{3}$/.test(after)) decimalAt = at;
    else if (marks[0] !== ownGroupMark(locale)) {
      const whole = spaced.slice(0, at).replaceAll(' ', '');
      return {
        ok: false,
        problem: 'ambiguous',
        thousands: `${whole}${after}`,
        decimal: `${whole || '0'}.${after}`,
      };
    }
  }
  const whole = decimalAt < 0 ? spaced : spaced.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : spaced.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) return { ok: false, problem: 'grouping' };
  const groups = whole.split(/[ .,]/);
  if (groups.length > 1 && !groups.every((g, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(g))) {
    return { ok: false, problem: 'grouping' };
  }
  const digits = groups.join('');
  if (digits === '' && fraction === '') return { ok: false, problem: 'invalid' };
  return { ok: true, value: new Big(`${digits || '0'}.${fraction || '0'}`).toString() };
}

/** The mark (comma or point) this language groups digits with, if either; ru and kk use a space. */
function ownGroupMark(locale: string): string | null {
  const { group } = separatorsOf(locale);
  return group === ',' || group === '.' ? group : null;
}

/** Digits after the decimal separator the currency has (ISO 4217), as Intl knows it; 2 if unknown. */
export function minorUnit(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * The finest amount cash can make in this currency: its smallest note or coin in the drawer's
 * table, or the minor unit where the table has no such currency.
 */
export function cashStep(currency: string): string {
  const smallest = CURRENCIES[currency]?.denominations.at(-1);
  return smallest ?? new Big(1).div(10 ** Math.min(minorUnit(currency), 2)).toString();
}

/** Why cash cannot pay exactly this decimal in this currency, or null when it can. */
export function cashProblem(value: string, currency: string): AmountProblem | null {
  const places = Math.min(minorUnit(currency), 2);
  const exact = new Big(value);
  if (exact.round(places, Big.roundDown).cmp(exact) !== 0) return { problem: 'decimals', places };
  const step = cashStep(currency);
  if (!exact.mod(step).eq(0)) return { problem: 'finerThanCash', step };
  return null;
}

/** What an agent typed, read for this locale and checked for this currency, in the wire form. */
export function readAmount(text: string, locale: string, currency: string): AmountReading {
  const read = readDecimal(text, locale);
  if (!read.ok) return read;
  const problem = cashProblem(read.value, currency);
  if (problem) return { ok: false, ...problem };
  const fixed = new Big(read.value).toFixed(2);
  const wire = fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
  return isAmount(wire) ? { ok: true, amount: wire } : { ok: false, problem: 'invalid' };
}

/** An amount as the app displays it, with its currency's code or sign before or after it. */
const DISPLAYED =
  /^\s*(?:[A-Z]{3}|\p{Sc})?\s*([\d.,\u0020\u00A0\u202F\u2009]*\d[\d.,\u0020\u00A0\u202F\u2009]*?)\s*(?:[A-Z]{3}|\p{Sc})?\s*$/u;

/**
 * Every decimal a typed text could be as an amount, whatever the language: a search looks for all
 * of them ("1,500" finds 1500 and 1.50; "1 500,50", "1,500.50" and "KZT 1,500.50" find 1500.50).
 */
export function amountReadings(text: string): string[] {
  const found = new Set<string>();
  const figures = DISPLAYED.exec(text)?.[1];
  if (figures === undefined) return [];
  for (const locale of ['en', 'ru']) {
    const read = readDecimal(figures, locale);
    if (read.ok) found.add(read.value);
    else if (read.problem === 'ambiguous') {
      found.add(new Big(read.thousands).toString());
      found.add(new Big(read.decimal).toString());
    }
  }
  return [...found];
}

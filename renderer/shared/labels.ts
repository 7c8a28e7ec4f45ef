import type { TFunction } from 'i18next';
import type { Language } from '../../common/enums.ts';

/** Each language is named in itself, so an agent (or a payer) who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', kk: 'Қазақша' };

/** Requisite names the desk has words for, in every language; seen in the gateway's catalogue. */
const KNOWN_REQUISITES = [
  'phone',
  'fullName',
  'cardNumber',
  'iban',
  'cashPointCode',
  'cashPointAddress',
  'recipientName',
] as const;
type KnownRequisite = (typeof KNOWN_REQUISITES)[number];

const KNOWN_INSTRUMENTS = ['cash', 'bank_transfer', 'card', 'wallet'] as const;
type KnownInstrument = (typeof KNOWN_INSTRUMENTS)[number];

const isKnown = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * A requisite in the agent's words. The gateway's own title comes first, since it knows its
 * requisites best; but it titles them in English, so in another language a name the desk knows
 * reads in that language. A name nobody titled is spelt out ("cashPointCode" → "Cash point code").
 */
export function requisiteLabel(t: TFunction, language: string, requisite: { name: string; title?: string }) {
  const title = requisite.title?.trim();
  const known = isKnown<KnownRequisite>(KNOWN_REQUISITES, requisite.name) ? requisite.name : null;
  if (title && (language === 'en' || !known)) return title;
  if (known) return t(`requisite.${known}`);
  return humanise(requisite.name);
}

/** An instrument code as words: `bank_transfer` → "Bank transfer". */
export function instrumentLabel(t: TFunction, code: string): string {
  return isKnown<KnownInstrument>(KNOWN_INSTRUMENTS, code) ? t(`instrument.${code}`) : humanise(code);
}

/** A country code as the locale names it: `KZ` → "Kazakhstan" / "Казахстан"; the code if unknown. */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `cashPointCode`, `cash_point_code` or `cash-point-code` → "Cash point code". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

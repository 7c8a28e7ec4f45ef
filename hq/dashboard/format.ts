// Money, times and ages in the dashboard's language. Amounts stay decimal strings: Intl formats the
// string itself (no float in between).
import { localeOf } from '../../common/enums.ts';

export function money(language: string, amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(
      amount as `${number}`,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

export function time(language: string, iso: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    // dateStyle cannot be combined with timeZoneName: the fields one by one.
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** How long ago, in the largest whole unit: "5 min", "3 h". */
export function age(iso: string, now = Date.now()): { unit: 's' | 'm' | 'h' | 'd'; n: number } {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return { unit: 's', n: s };
  if (s < 3600) return { unit: 'm', n: Math.floor(s / 60) };
  if (s < 86_400) return { unit: 'h', n: Math.floor(s / 3600) };
  return { unit: 'd', n: Math.floor(s / 86_400) };
}

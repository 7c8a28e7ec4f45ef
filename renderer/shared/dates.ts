/** A calendar day as the filters keep it: `YYYY-MM-DD`, local. */
export type Day = string;

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in the locale's short date, and what stands between them. */
export function dayPattern(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
    // Any day whose day, month and year differ; the parts' order is all that is read.
    .formatToParts(new Date(2001, 10, 22));
  const order = parts.flatMap((p) =>
    p.type === 'day' || p.type === 'month' || p.type === 'year' ? [p.type] : [],
  );
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
}

/** `2026-11-22` in the locale's order: `11/22/2026`, `22.11.2026`. */
export function formatDay(day: Day, locale: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  const values: Record<Part, string> = { day: date, month, year };
  const { order, separator } = dayPattern(locale);
  return order.map((part) => values[part]).join(separator);
}

/** Day, month and year between dots: how Russian and Kazakh write a day, whatever the screen's language. */
const DOTTED = /^\d{1,2}\.\d{1,2}\.\d{2,4}$/;

/**
 * What the agent typed, read in the locale's order with any separators (`22.11.2026`, `22/11/26`),
 * as `2026-11-22`, or with dots as day.month.year in any language: an agent who reads Russian or
 * Kazakh types `25.11.2026` into the English screen's field too, and no locale puts the month first
 * between dots. '' for nothing typed, null for something that is not a real day.
 */
export function parseDay(text: string, locale: string): Day | '' | null {
  const typed = text.trim();
  if (typed === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const numbers = iso ? iso.slice(1) : typed.split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const order: Part[] = iso
    ? ['year', 'month', 'day']
    : DOTTED.test(typed)
      ? ['day', 'month', 'year']
      : dayPattern(locale).order;
  const value = Object.fromEntries(order.map((part, i) => [part, Number(numbers[i])])) as Record<
    Part,
    number
  >;
  const year = value.year < 100 ? 2000 + value.year : value.year;
  const date = new Date(year, value.month - 1, value.day);
  if (date.getFullYear() !== year || date.getMonth() !== value.month - 1 || date.getDate() !== value.day) {
    return null;
  }
  return `${year}-${String(value.month).padStart(2, '0')}-${String(value.day).padStart(2, '0')}`;
}

/** Text with a whole year at its end: the agent has finished typing a day, read or not. */
export function looksFinished(text: string): boolean {
  return /^\d{1,4}\D+\d{1,2}\D+\d{4}$/.test(text.trim());
}

/** The local midnight that starts a day (or `plusDays` after it), as the core's UTC time. */
export function startOfDay(day: Day, plusDays: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** Today as a Day, in local time. */
export function today(): Day {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

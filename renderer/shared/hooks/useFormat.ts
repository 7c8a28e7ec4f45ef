import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, spellsMonths } from '../../../common/enums.ts';
import { formatMoney } from '../../../common/money.ts';
import { stampOptions } from '../../../common/time-format.ts';

export type Format = {
  money(amount: string, currency: string): string;
  /** A full time: date, time and zone. */
  dateTime(iso: string): string;
  /** Date and clock to the minute, with the zone: when a shift opened or closed, on a report. */
  stamp(iso: string): string;
  /** The clock alone for today, as "at 10:42" reads at the counter; the day too for any other. */
  time(iso: string): string;
};

/** Amounts and times in the current language: local time with its zone, as the agent reads a clock. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const locale = localeOf(language);
  const month = spellsMonths(language) ? 'short' : '2-digit';
  return useMemo(() => {
    const stamp = stampOptions(language);
    const dates = new Intl.DateTimeFormat(locale, { ...stamp, second: '2-digit' });
    const stamps = new Intl.DateTimeFormat(locale, stamp);
    const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    const dayAndClock = new Intl.DateTimeFormat(locale, {
      month,
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return {
      money: (amount, currency) => formatMoney(amount, currency, locale),
      dateTime: (iso) => dates.format(new Date(iso)),
      stamp: (iso) => stamps.format(new Date(iso)),
      time: (iso) => {
        const at = new Date(iso);
        return (at.toDateString() === new Date().toDateString() ? clock : dayAndClock).format(at);
      },
    };
  }, [locale, month, language]);
}

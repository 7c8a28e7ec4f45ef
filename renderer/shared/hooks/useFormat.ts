import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../common/money.ts';

export type Format = { money(amount: string, currency: string): string; dateTime(iso: string): string };

/** Amounts and times in the current language: local time with its zone, as the agent reads a clock. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    // dateStyle/timeStyle cannot carry a zone name, so the parts are spelled out.
    const dates = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    return {
      money: (amount, currency) => formatMoney(amount, currency, locale),
      dateTime: (iso) => dates.format(new Date(iso)),
    };
  }, [locale]);
}

import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../common/enums.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import type { HistoryTotals as Totals } from '../state/useHistorySearch.ts';

/**
 * Everything the search matches, not just the rows scrolled so far: how many, and the sum in each
 * currency, as entered and whatever the status (the status filter narrows it to completed ones).
 */
export function HistoryTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  if (totals === undefined) return null;
  if (totals === null) {
    return (
      <p className="history-totals hint" data-testid="history-totals">
        {t('history.totalsTooMany')}
      </p>
    );
  }
  return (
    <dl className="history-totals" data-testid="history-totals">
      <div>
        <dt>{t('history.totalCount')}</dt>
        <dd>{number.format(totals.count)}</dd>
      </div>
      {totals.sums.map(({ currency, amount }) => (
        <div key={currency}>
          <dt>{t('history.totalAmount', { currency })}</dt>
          <dd>{format.money(amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

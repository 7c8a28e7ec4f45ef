import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../common/enums.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import type { HistoryTotals as Totals } from '../state/useHistorySearch.ts';

type Sums = NonNullable<Totals>['open'];

/**
 * Everything the search matches, not just the rows scrolled so far: how many, then the completed
 * Live cash in and cash out (created at the gateway and captured) by currency; apart, other
 * instruments and training money, each shown only where there is some; and the Live operations
 * still open. Cancelled, abandoned and never created ones are found but add to no sum.
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
  const line = (
    key: string,
    label:
      | 'history.totalPayin'
      | 'history.totalPayout'
      | 'history.totalOpen'
      | 'history.totalOtherPayin'
      | 'history.totalOtherPayout'
      | 'history.totalTrainingPayin'
      | 'history.totalTrainingPayout'
      | 'history.totalTrainingOpen',
    sums: Sums,
  ) => (
    <div data-testid={`history-total-${key}`}>
      <dt>{t(label, { n: number.format(sums.count) })}</dt>
      <dd>
        {sums.sums.length
          ? sums.sums.map(({ currency, amount }) => format.money(amount, currency)).join(' · ')
          : t('common.none')}
      </dd>
    </div>
  );
  return (
    <dl className="history-totals" data-testid="history-totals" title={t('history.totalsNote')}>
      <div>
        <dt>{t('history.totalCount')}</dt>
        <dd>{number.format(totals.count)}</dd>
      </div>
      {line('payin', 'history.totalPayin', totals.payin)}
      {line('payout', 'history.totalPayout', totals.payout)}
      {totals.other.payin.count > 0 && line('other-payin', 'history.totalOtherPayin', totals.other.payin)}
      {totals.other.payout.count > 0 && line('other-payout', 'history.totalOtherPayout', totals.other.payout)}
      {totals.training.payin.count > 0 &&
        line('training-payin', 'history.totalTrainingPayin', totals.training.payin)}
      {totals.training.payout.count > 0 &&
        line('training-payout', 'history.totalTrainingPayout', totals.training.payout)}
      {totals.training.open.count > 0 &&
        line('training-open', 'history.totalTrainingOpen', totals.training.open)}
      {line('open', 'history.totalOpen', totals.open)}
    </dl>
  );
}

import { useTranslation } from 'react-i18next';
import type { VarianceLine } from '../../../common/contract.ts';
import { ScrollRegion } from '../../shared/components/ScrollRegion.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { describeVariance } from '../state/describeVariance.ts';

/** The count against the expected cash, per currency, in words as well as figures. */
export function VarianceTable({ lines }: { lines: VarianceLine[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ScrollRegion label={t('close.varianceTitle')}>
      <table className="report-table variance-table" data-testid="variance-table">
        <caption>{t('close.varianceTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('report.currency')}</th>
            <th scope="col">{t('report.expected')}</th>
            <th scope="col">{t('report.counted')}</th>
            <th scope="col">{t('report.variance')}</th>
            <th scope="col" className="text">
              {t('close.verdict')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const money = (amount: string) => format.money(amount, line.currency);
            const verdict = line.overThreshold
              ? t('close.overThreshold', { threshold: money(line.threshold) })
              : t('close.withinThreshold', { threshold: money(line.threshold) });
            return (
              <tr key={line.currency} className={line.overThreshold ? 'variance-over' : undefined}>
                <th scope="row">{line.currency}</th>
                <td>{money(line.expected)}</td>
                <td>{money(line.counted)}</td>
                <td className="strong">{describeVariance(t, format, line.variance, line.currency)}</td>
                <td className="text">{verdict}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

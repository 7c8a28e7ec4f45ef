// The Z reports across the network (or a supervisor's branch), laid out as the desk prints them,
// and their lines whose variance is over a threshold.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZReport } from '../../../common/hq-api/staff-views.ts';
import { callOf } from '../api.ts';
import { money, time } from '../format.ts';
import { Loaded, useLoad, When } from '../shared.tsx';

const Z_ROWS = [
  'float',
  'received',
  'handedOver',
  'returned',
  'reversed',
  'movementsIn',
  'movementsOut',
  'expected',
  'counted',
  'variance',
] as const;

export function ZReportView({ report }: { report: ZReport }) {
  const { t, i18n } = useTranslation();
  const b = report.body;
  const headingId = `z-${report.terminalId}-${report.seq}`;
  return (
    <article className="z-report" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('z.heading', { number: report.number })}</h3>
      <p>{t('z.desk', { terminal: report.terminalId, branch: report.branchName })}</p>
      <p>{t('z.closed', { at: time(i18n.language, b.closedAt), operator: b.operator })}</p>
      {b.currencies.map((line) => (
        <table key={line.currency} className="z-lines">
          <caption>{line.currency}</caption>
          <tbody>
            {Z_ROWS.map((row) => (
              <tr
                key={row}
                className={row === 'variance' && line.variance.startsWith('-') ? 'short' : undefined}
              >
                <th scope="row">{t(`z.${row}`)}</th>
                <td>{money(i18n.language, line[row] ?? '0.00', line.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {b.openCash.length ? (
        <>
          <h4>{t('z.openCash')}</h4>
          <ul>
            {b.openCash.map((o) => (
              <li key={o.operationNumber}>
                {o.operationNumber} · {t(`desk.types.${o.type}`)} ·{' '}
                {money(i18n.language, o.amount, o.currency)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {b.reversals?.length ? (
        <>
          <h4>{t('z.reversals')}</h4>
          <ul>
            {b.reversals.map((r) => (
              <li key={`${r.operationNumber}-${r.at}`}>
                {r.operationNumber} ·{' '}
                {money(i18n.language, r.direction === 1 ? r.amount : `-${r.amount}`, r.currency)} ·{' '}
                {r.supervisor} · {r.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {b.headOffice ? (
        <p className="hint">
          {t('z.headOffice', {
            waiting: b.headOffice.waiting,
            at: b.headOffice.lastReachedAt
              ? time(i18n.language, b.headOffice.lastReachedAt)
              : t('common.never'),
          })}
        </p>
      ) : null}
    </article>
  );
}

export function ZReportsView() {
  const { t } = useTranslation();
  const state = useLoad(callOf('zReports'));
  return (
    <section aria-labelledby="z-title">
      <h1 id="z-title">{t('z.title')}</h1>
      <Loaded state={state}>
        {({ zReports }) =>
          zReports.length ? (
            <div className="z-grid">
              {zReports.map((z) => (
                <ZReportView key={`${z.terminalId}-${z.seq}`} report={z} />
              ))}
            </div>
          ) : (
            <p>{t('z.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

export function VariancesView() {
  const { t, i18n } = useTranslation();
  const [threshold, setThreshold] = useState('0');
  const [applied, setApplied] = useState('0');
  const state = useLoad(callOf('variances', { query: { threshold: applied } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(threshold.trim() || '0');
  };
  return (
    <section aria-labelledby="variances-title">
      <h1 id="variances-title">{t('variances.title')}</h1>
      <form onSubmit={submit} className="inline">
        <label htmlFor="threshold">{t('variances.threshold')}</label>
        <input
          id="threshold"
          inputMode="decimal"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <button type="submit">{t('variances.apply')}</button>
      </form>
      <Loaded state={state}>
        {({ variances }) =>
          variances.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('variances.desk')}</th>
                  <th scope="col">{t('variances.branch')}</th>
                  <th scope="col">{t('variances.variance')}</th>
                  <th scope="col">{t('variances.count')}</th>
                  <th scope="col">{t('variances.closed')}</th>
                </tr>
              </thead>
              <tbody>
                {variances.map((v) => (
                  <tr key={`${v.terminalId}-${v.seq}-${v.count}-${v.currency}`}>
                    <th scope="row">
                      <a href={`#/desk/${encodeURIComponent(v.terminalId)}`}>{v.terminalId}</a>
                    </th>
                    <td>{v.branchName}</td>
                    <td className={v.variance.startsWith('-') ? 'short' : undefined}>
                      {money(i18n.language, v.variance, v.currency)}
                    </td>
                    <td>
                      {v.count || '—'}
                      {v.approved ? ` · ${t('variances.approved')}` : ''}
                    </td>
                    <td>
                      <When at={v.closedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('variances.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

// The lists across the network (or a supervisor's branch): Z reports laid out as the desk prints
// them, variances over a threshold, the desks' audit trail, hash-chain alarms, and the search.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZReport } from '../api.ts';
import { money, time } from '../format.ts';
import { Loaded, useLoad, When } from '../shared.tsx';

const Z_ROWS = [
  'float',
  'received',
  'handedOver',
  'returned',
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
      <p>{t('z.desk', { terminal: report.terminalId, branch: report.branchName ?? '' })}</p>
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
                <td>{money(i18n.language, line[row], line.currency)}</td>
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
      {b.headOffice ? (
        <p className="hint">
          {t('z.headOffice', {
            waiting: b.headOffice.waiting,
            at: b.headOffice.lastReachedAt ?? t('common.never'),
          })}
        </p>
      ) : null}
    </article>
  );
}

export function ZReportsView() {
  const { t } = useTranslation();
  const state = useLoad<{ zReports: ZReport[] }>('/api/z-reports');
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

type Variance = {
  terminalId: string;
  seq: string;
  currency: string;
  variance: string;
  closedAt: string;
  branchName: string;
};

export function VariancesView() {
  const { t, i18n } = useTranslation();
  const [threshold, setThreshold] = useState('0');
  const [applied, setApplied] = useState('0');
  const state = useLoad<{ variances: Variance[] }>(`/api/variances?threshold=${encodeURIComponent(applied)}`);
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
                  <th scope="col">{t('variances.closed')}</th>
                </tr>
              </thead>
              <tbody>
                {variances.map((v) => (
                  <tr key={`${v.terminalId}-${v.seq}-${v.currency}`}>
                    <th scope="row">
                      <a href={`#/desk/${encodeURIComponent(v.terminalId)}`}>{v.terminalId}</a>
                    </th>
                    <td>{v.branchName}</td>
                    <td className={v.variance.startsWith('-') ? 'short' : undefined}>
                      {money(i18n.language, v.variance, v.currency)}
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

type DeskAudit = {
  terminalId: string;
  seq: string;
  at: string;
  action: string;
  actor: string;
  detail: Record<string, string>;
  branchName: string;
};

export function DeskAuditView() {
  const { t } = useTranslation();
  const state = useLoad<{ events: DeskAudit[] }>('/api/desk-audit');
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <Loaded state={state}>
        {({ events }) =>
          events.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('audit.at')}</th>
                  <th scope="col">{t('audit.desk')}</th>
                  <th scope="col">{t('audit.branch')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={`${e.terminalId}-${e.seq}`}>
                    <td>
                      <When at={e.at} />
                    </td>
                    <td>{e.terminalId}</td>
                    <td>{e.branchName}</td>
                    <td>{e.action}</td>
                    <td>{e.actor}</td>
                    <td>
                      {Object.entries(e.detail)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('audit.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

type Alarm = {
  id: string;
  terminalId: string;
  seq: string;
  kind: 'conflict' | 'chain';
  storedHash: string | null;
  receivedHash: string;
  at: string;
};

export function AlarmsView() {
  const { t } = useTranslation();
  const state = useLoad<{ alarms: Alarm[] }>('/api/alarms');
  return (
    <section aria-labelledby="alarms-title">
      <h1 id="alarms-title">{t('alarms.title')}</h1>
      <Loaded state={state}>
        {({ alarms }) =>
          alarms.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('alarms.at')}</th>
                  <th scope="col">{t('alarms.desk')}</th>
                  <th scope="col">{t('alarms.seq')}</th>
                  <th scope="col">{t('alarms.kind')}</th>
                  <th scope="col">{t('alarms.stored')}</th>
                  <th scope="col">{t('alarms.received')}</th>
                </tr>
              </thead>
              <tbody>
                {alarms.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <When at={a.at} />
                    </td>
                    <td>{a.terminalId}</td>
                    <td>{a.seq}</td>
                    <td className="alarm">{t(`alarms.kinds.${a.kind}`)}</td>
                    <td className="hash">{a.storedHash ?? '—'}</td>
                    <td className="hash">{a.receivedHash}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('alarms.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

type Found = {
  operationNumber: string;
  terminalId: string;
  branchName: string;
  type: 'payin' | 'payout';
  amount: string;
  currency: string;
  status: string | null;
  received: boolean;
  handedOver: boolean;
  claimedBy: string | null;
  openCash: boolean;
};

export function SearchView() {
  const { t, i18n } = useTranslation();
  const [number, setNumber] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const state = useLoad<{ operations: Found[] }>(
    asked ? `/api/search?operationNumber=${encodeURIComponent(asked)}` : null,
  );
  const yes = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(number.trim() || null);
        }}
      >
        <label htmlFor="operation-number">{t('search.number')}</label>
        <input id="operation-number" value={number} onChange={(e) => setNumber(e.target.value)} />
        <button type="submit">{t('search.submit')}</button>
      </form>
      {asked ? (
        <Loaded state={state}>
          {({ operations }) =>
            operations.length ? (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('desk.number')}</th>
                    <th scope="col">{t('search.desk')}</th>
                    <th scope="col">{t('search.branch')}</th>
                    <th scope="col">{t('desk.type')}</th>
                    <th scope="col">{t('desk.amount')}</th>
                    <th scope="col">{t('desk.status')}</th>
                    <th scope="col">{t('search.received')}</th>
                    <th scope="col">{t('search.handedOver')}</th>
                    <th scope="col">{t('search.claimedBy')}</th>
                    <th scope="col">{t('search.openCash')}</th>
                  </tr>
                </thead>
                <tbody>
                  {operations.map((o) => (
                    <tr key={o.operationNumber}>
                      <th scope="row">{o.operationNumber}</th>
                      <td>{o.terminalId}</td>
                      <td>{o.branchName}</td>
                      <td>{t(`desk.types.${o.type}`)}</td>
                      <td>{money(i18n.language, o.amount, o.currency)}</td>
                      <td>{o.status ?? t('desk.unknown')}</td>
                      <td>{yes(o.received)}</td>
                      <td>{yes(o.handedOver)}</td>
                      <td>{o.claimedBy ?? '—'}</td>
                      <td>{yes(o.openCash)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('search.none')}</p>
            )
          }
        </Loaded>
      ) : null}
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenOperation, XReport, ZReport } from '../../../common/contract.ts';
import { ScrollRegion } from '../../shared/components/ScrollRegion.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';

/** What the X and Z reports share on screen: the shift, the drawer, the operations and what is still open. */
export function ReportSections({ report }: { report: XReport | ZReport }) {
  return (
    <>
      <ReportFacts report={report} />
      <DrawerTable report={report} />
      <TotalsTable report={report} />
      <Movements report={report} />
      <OpenList kind="openCash" rows={report.openCash} />
      <OpenList kind="waiting" rows={report.waiting} />
    </>
  );
}

function ReportFacts({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { shift } = report;
  return (
    <dl className="report-facts panel panel-tight">
      <Fact label={t('report.terminal')} value={shift.terminalId} />
      <Fact label={t('report.shift')} value={String(shift.id)} />
      <Fact label={t('report.operator')} value={shift.operator} />
      <Fact label={t('report.opened')} value={format.dateTime(shift.openedAt)} />
      {shift.closedAt && <Fact label={t('report.closed')} value={format.dateTime(shift.closedAt)} />}
      <Fact label={t('report.operations')} value={String(report.operations)} />
    </dl>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function DrawerTable({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const variance = 'variance' in report ? report.variance : null;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('report.drawer')}</h2>
      {report.cash.length === 0 ? (
        <p className="hint">{t('report.noCash')}</p>
      ) : (
        <ScrollRegion label={t('report.drawer')}>
          <table className="report-table" data-testid="drawer-table">
            <thead>
              <tr>
                <th scope="col">{t('report.currency')}</th>
                <th scope="col">{t('report.float')}</th>
                <th scope="col">{t('report.received')}</th>
                <th scope="col">{t('report.handedOver')}</th>
                <th scope="col">{t('report.added')}</th>
                <th scope="col">{t('report.removed')}</th>
                <th scope="col">{t('report.expected')}</th>
                {variance && <th scope="col">{t('report.counted')}</th>}
                {variance && <th scope="col">{t('report.variance')}</th>}
              </tr>
            </thead>
            <tbody>
              {report.cash.map((line) => {
                const v = variance?.find((row) => row.currency === line.currency);
                const money = (amount: string) => format.money(amount, line.currency);
                return (
                  <tr key={line.currency}>
                    <th scope="row">{line.currency}</th>
                    <td>{money(line.float)}</td>
                    <td>{money(line.received)}</td>
                    <td>{money(line.handedOver)}</td>
                    <td>{money(line.added)}</td>
                    <td>{money(line.removed)}</td>
                    <td className="strong">{money(line.expected)}</td>
                    {variance && <td>{v ? money(v.counted) : '—'}</td>}
                    {variance && (
                      <td className={v?.overThreshold ? 'variance-over' : undefined}>
                        {v ? money(v.variance) : '—'}
                        {v?.overThreshold && ` (${t('report.overThreshold')})`}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function TotalsTable({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('report.totals')}</h2>
      {report.totals.length === 0 ? (
        <p className="hint">{t('report.noOperations')}</p>
      ) : (
        <ScrollRegion label={t('report.totals')}>
          <table className="report-table" data-testid="totals-table">
            <thead>
              <tr>
                <th scope="col">{t('report.type')}</th>
                <th scope="col" className="text">
                  {t('report.method')}
                </th>
                <th scope="col">{t('report.count')}</th>
                <th scope="col">{t('report.amount')}</th>
                <th scope="col">{t('report.completed')}</th>
                <th scope="col">{t('report.completedAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {report.totals.map((line) => (
                <tr key={`${line.type}-${line.methodId}-${line.currency}`}>
                  <th scope="row">{t(`type.${line.type}`)}</th>
                  <td className="text">{line.methodName}</td>
                  <td>{line.count}</td>
                  <td>{format.money(line.amount, line.currency)}</td>
                  <td>{line.capturedCount}</td>
                  <td>{format.money(line.capturedAmount, line.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function Movements({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  if (report.movements.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('report.movements')}</h2>
      <ul className="report-list" data-testid="movements">
        {report.movements.map((m) => (
          <li key={m.id}>
            <span className="strong">
              {t(`movement.kind.${m.kind}`)}: {format.money(m.amount, m.currency)}
            </span>{' '}
            — {m.reason} · {format.time(m.at)} · {m.operator}
            {m.approved && ` · ${t('report.approved')}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenList({ kind, rows }: { kind: 'openCash' | 'waiting'; rows: OpenOperation[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t(`report.${kind}`)}</h2>
      {rows.length === 0 ? (
        <p className="hint">{t('report.nothing')}</p>
      ) : (
        <ul className="report-list" data-testid={kind}>
          {rows.map(({ reason, operation }) => (
            <li key={operation.localId}>
              <span className="strong">{operation.operationNumber}</span> · {t(`type.${operation.type}`)} ·{' '}
              {format.money(operation.amount, operation.currency)} ·{' '}
              {t(`tray.reason.${reason}`, {
                time: operation.custody ? format.time(operation.custody.at) : '',
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

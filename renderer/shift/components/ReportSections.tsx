import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashLine, OpenOperation, XReport, ZReport } from '../../../common/contract.ts';
import { compare } from '../../../common/money.ts';
import { AuditList } from '../../audit/components/AuditList.tsx';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { ScrollRegion } from '../../shared/components/ScrollRegion.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useReasonWords } from '../../shared/hooks/useReasonWords.ts';
import { operatorName } from '../../shared/operatorName.ts';
import { typeWords } from '../../shared/typeWords.ts';
import { describeVariance } from '../state/describeVariance.ts';
import { CountList, HandoverSections, SlipButton } from './DrawerSections.tsx';

/** What the X and Z reports share on screen: the shift, the drawer, the operations and what is still open. */
export function ReportSections({ report }: { report: XReport | ZReport }) {
  return (
    <>
      <ReportFacts report={report} />
      <DrawerTable report={report} />
      <TotalsTable report={report} />
      <Movements report={report} />
      {'counts' in report && <CountList counts={report.counts} />}
      <HandoverSections report={report} />
      <Reversals report={report} />
      <OpenList kind="openCash" rows={report.openCash} />
      <OpenList kind="waiting" rows={report.waiting} />
      <AuditChanges report={report} />
    </>
  );
}

/** What changed at the desk since the last Z report; a Z report adds its chain head. */
function AuditChanges({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const id = useId();
  const head = 'chainHead' in report ? report.chainHead : null;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('audit.sinceZ')}</h2>
      {report.audit.length === 0 ? (
        <p className="hint">{t('audit.none')}</p>
      ) : (
        <AuditList entries={report.audit} testId="report-audit" />
      )}
      {head && (
        <p className="hint" data-testid="chain-head">
          {t('audit.chainHead', { hash: head.hash.slice(0, 12), seq: head.seq })}
        </p>
      )}
    </section>
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
      <Fact label={t('report.operator')} value={operatorName(t, shift)} />
      <Fact label={t('report.opened')} value={format.stamp(shift.openedAt)} />
      {shift.closedAt && <Fact label={t('report.closed')} value={format.stamp(shift.closedAt)} />}
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

/** The drawer per currency, line by line as the printed report has it: a column per currency fits any screen. */
function DrawerTable({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const variance = 'variance' in report ? report.variance : null;
  const lines = report.cash;
  const any = (pick: (line: CashLine) => string) => lines.some((line) => compare(pick(line), '0') !== 0);
  const row = (label: string, pick: (line: CashLine) => string, className?: string) => (
    <tr className={className}>
      <th scope="row">{label}</th>
      {lines.map((line) => (
        <td key={line.currency}>{format.money(pick(line), line.currency)}</td>
      ))}
    </tr>
  );
  const counted = (line: CashLine) => variance?.find((v) => v.currency === line.currency);
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('report.drawer')}</h2>
      {lines.length === 0 ? (
        <p className="hint">{t('report.noCash')}</p>
      ) : (
        <ScrollRegion label={t('report.drawer')}>
          <table className="report-table drawer-table" data-testid="drawer-table">
            <thead>
              <tr>
                <td />
                {lines.map((line) => (
                  <th scope="col" key={line.currency}>
                    {line.currency}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {row(t('report.float'), (l) => l.float)}
              {row(t('report.received'), (l) => l.received)}
              {row(t('report.handedOver'), (l) => l.handedOver)}
              {any((l) => l.returned) && row(t('report.returned'), (l) => l.returned)}
              {any((l) => l.reversed) && row(t('report.reversed'), (l) => l.reversed)}
              {any((l) => l.added) && row(t('report.added'), (l) => l.added)}
              {row(t('report.removed'), (l) => l.removed)}
              {row(t('report.expected'), (l) => l.expected, 'strong')}
              {variance && (
                <>
                  <tr>
                    <th scope="row">{t('report.counted')}</th>
                    {lines.map((line) => (
                      <td key={line.currency}>
                        {counted(line) ? format.money(counted(line)!.counted, line.currency) : '—'}
                      </td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row">{t('report.variance')}</th>
                    {lines.map((line) => {
                      const v = counted(line);
                      return (
                        <td key={line.currency} className={v?.overThreshold ? 'variance-over' : 'strong'}>
                          {v ? describeVariance(t, format, v.variance, line.currency) : '—'}
                          {v?.overThreshold && ` (${t('report.overThreshold')})`}
                        </td>
                      );
                    })}
                  </tr>
                </>
              )}
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
                  <th scope="row">{typeWords(t, line.type, line.wording)}</th>
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
            {m.approved && ` · ${t('report.approved')}`} <SlipButton movementId={m.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Custody records a supervisor reversed in this shift, each with its reason. */
function Reversals({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  if (report.reversals.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('report.reversals')}</h2>
      <ul className="report-list" data-testid="reversals">
        {report.reversals.map(({ record, operationNumber }) => (
          <li key={record.id}>
            {t('report.reversal', {
              number: operationNumber,
              what: t('custody.kind.reversal', { amount: format.money(record.amount, record.currency) }),
              time: format.time(record.at),
              operator: record.operator ?? t('common.none'),
              reason: record.reason ?? t('common.none'),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenList({ kind, rows }: { kind: 'openCash' | 'waiting'; rows: OpenOperation[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonWords = useReasonWords();
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
              <span className="strong">{operation.operationNumber}</span> ·{' '}
              {typeWords(t, operation.type, operation.meaning.receipt.wording)} ·{' '}
              {format.money(operation.amount, operation.currency)} · {reasonWords(reason, operation)}{' '}
              <MoneyMark meaning={operation.meaning} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

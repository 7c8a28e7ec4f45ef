import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, DrawerCountRecord, PrintResult, XReport, ZReport } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { shiftApi } from '../api.ts';
import { describeVariance } from '../state/describeVariance.ts';

/** Counts of the drawer, the first one first, each with who counted and its variance in words. */
export function CountList({ counts }: { counts: DrawerCountRecord[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  if (counts.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{t('drawer.countsTitle')}</h2>
      <ol className="report-list" data-testid="close-counts">
        {counts.map((count, i) => (
          <li key={count.id} className={count.overThreshold ? 'variance-over' : undefined}>
            <span className="strong">{t('drawer.countN', { n: i + 1 })}</span>{' '}
            {t('drawer.countBy', { time: format.time(count.at), name: count.operator })}
            {' — '}
            {count.variance
              .map(
                (line) =>
                  `${format.money(line.counted, line.currency)}: ${describeVariance(t, format, line.variance, line.currency)}`,
              )
              .join('; ')}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The drawer between operators: each handover with its count, then each operator's part. */
export function HandoverSections({ report }: { report: XReport | ZReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const handoversId = useId();
  const partsId = useId();
  if (report.handovers.length === 0) return null;
  return (
    <>
      <section className="report-section" aria-labelledby={handoversId}>
        <h2 id={handoversId}>{t('drawer.handoversTitle')}</h2>
        <ul className="report-list" data-testid="handovers">
          {report.handovers.map((h) => (
            <li key={h.id} className={h.overThreshold ? 'variance-over' : undefined}>
              <span className="strong">
                {t('drawer.handoverLine', { from: h.operator, to: h.to, time: format.time(h.at) })}
              </span>
              {' — '}
              {h.variance
                .map(
                  (line) =>
                    `${format.money(line.counted, line.currency)}: ${describeVariance(t, format, line.variance, line.currency)}`,
                )
                .join('; ')}
              {h.note && ` · ${h.note}`}
              {h.supervisorApproved && ` · ${t('report.approved')}`}
            </li>
          ))}
        </ul>
      </section>
      <section className="report-section" aria-labelledby={partsId}>
        <h2 id={partsId}>{t('drawer.partsTitle')}</h2>
        <ul className="report-list" data-testid="operator-parts">
          {report.parts.map((part) => (
            <li key={`${part.operator}-${part.from}`}>
              <span className="strong">{part.operator}</span>{' '}
              {t('drawer.held', {
                from: format.time(part.from),
                until: part.until ? format.time(part.until) : t('drawer.holdsNow'),
              })}
              {' · '}
              {t('drawer.operations', { n: part.operations })}
              {part.cash.map((c) => (
                <div key={c.currency}>
                  {t('drawer.cashLine', {
                    currency: c.currency,
                    received: format.money(c.received, c.currency),
                    handedOver: format.money(c.handedOver, c.currency),
                    added: format.money(c.added, c.currency),
                    removed: format.money(c.removed, c.currency),
                  })}
                </div>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Whether a slip printed, in plain words. */
export function SlipOutcome({ result, again = false }: { result: PrintResult; again?: boolean }) {
  const { t } = useTranslation();
  if (result.printed) {
    return (
      <p className="alert alert-info" role="status" data-testid="slip-outcome">
        {again ? t('drawer.slipAgain') : t('drawer.slipPrinted')}
      </p>
    );
  }
  return (
    <p className="alert alert-warning" role="status" data-testid="slip-outcome">
      {t('drawer.slipNotPrinted', { message: result.message })}
    </p>
  );
}

/** A cash movement's slip, printed again. */
export function SlipButton({ movementId }: { movementId: number }) {
  const { t } = useTranslation();
  const { busy, run } = useInFlight();
  const [result, setResult] = useState<PrintResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const print = () =>
    run(async () => {
      const printed = await shiftApi.printSlip({ movementId });
      setResult(printed.ok ? printed.value : null);
      setError(printed.ok ? null : printed.error);
    });
  return (
    <span>
      <button type="button" disabled={busy} onClick={print} data-testid={`print-slip-${movementId}`}>
        {t('drawer.printSlip')}
      </button>
      {result && <SlipOutcome result={result} again />}
      <ErrorAlert error={error} />
    </span>
  );
}

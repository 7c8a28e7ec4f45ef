// The drawer's part of the X and Z reports: every count at the close, the handovers between
// operators and each operator's part, with each variance said in words as the screen says it.
import { compare, subtract } from '../../common/money.ts';
import { type Html, html, row } from './html.ts';
import type { PrintWords } from './print-words.ts';
import type { CountView, Money, ShiftReportView } from './shift-report-view.ts';

/** As the screen says it, so paper and screen read alike: "Short by KZT 600.00", "Over by …". */
export function varianceInWords(variance: string, currency: string, w: PrintWords, money: Money): string {
  const sign = compare(variance, '0');
  if (sign === 0) return w.t('report.balanced');
  return sign < 0
    ? w.t('report.shortBy', { amount: money(subtract('0', variance), currency) })
    : w.t('report.overBy', { amount: money(variance, currency) });
}

/** Every count at the close, in order, each with who counted and its variance per currency. */
export function countsBlock(
  counts: CountView[],
  w: PrintWords,
  time: (iso: string) => string,
  money: Money,
): Html {
  if (counts.length === 0) return html``;
  return html`<h2>${w.t('drawer.counts')}</h2>
${counts.map(
  (
    count,
    i,
  ) => html`<div class="group">${w.t('drawer.count', { n: i + 1 })} · ${time(count.at)} · ${w.t('drawer.countBy', { who: count.operator })}</div>
${countLines(count, w, money)}`,
)}`;
}

function countLines(count: CountView, w: PrintWords, money: Money): Html[] {
  return count.counted.map((c) => {
    const v = count.variance.find((line) => line.currency === c.currency);
    const words = v ? varianceInWords(v.variance, c.currency, w, money) : w.t('report.balanced');
    return row(
      `${w.t('report.counted')} ${c.currency}`,
      `${money(c.total, c.currency)} · ${words}${v?.overThreshold ? ` (${w.t('report.overThreshold')})` : ''}`,
    );
  });
}

/** The drawer between operators: each handover's count, then each operator's part of the shift. */
export function handoversBlock(
  report: ShiftReportView,
  w: PrintWords,
  time: (iso: string) => string,
  money: Money,
): Html {
  return html`<h2>${w.t('drawer.handovers')}</h2>
${(report.handovers ?? []).map(
  (
    h,
  ) => html`<div class="group">${w.t('drawer.handover', { from: h.operator, to: h.to })} · ${time(h.at)}</div>
${countLines(h, w, money)}
${h.note && html`<p class="line"><span class="strong">${w.t('report.note')}:</span> ${h.note}</p>`}
${h.supervisorApproved && html`<p>${w.t('drawer.handoverApproved')}</p>`}`,
)}
<h2>${w.t('drawer.parts')}</h2>
${(report.parts ?? []).map(
  (p) => html`<div class="group">${p.operator}</div>
<p class="line">${w.t('drawer.held', { from: time(p.from), until: p.until ? time(p.until) : w.t('drawer.holdsNow') })}</p>
${row(w.t('drawer.operations'), String(p.operations))}
${p.cash.map((c) => [
  row(`${w.t('report.received')} ${c.currency}`, money(c.received, c.currency)),
  row(`${w.t('report.handedOver')} ${c.currency}`, money(c.handedOver, c.currency)),
  compare(c.returned, '0') !== 0 &&
    row(`${w.t('report.returned')} ${c.currency}`, money(c.returned, c.currency)),
  compare(c.added, '0') !== 0 && row(`${w.t('report.added')} ${c.currency}`, money(c.added, c.currency)),
  compare(c.removed, '0') !== 0 &&
    row(`${w.t('report.removed')} ${c.currency}`, money(c.removed, c.currency)),
])}`,
)}`;
}

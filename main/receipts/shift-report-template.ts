// The X report (the shift so far) and the Z report (the shift closed), printed at any paper width,
// from what the report says (shift-report-view.ts).
import { type AuditWords, auditDetail } from '../../common/audit-detail.ts';
import { type Language, localeOf, type OpenOperation, TRAINING_OPERATOR } from '../../common/contract.ts';
import { compare, formatMoney } from '../../common/money.ts';
import { CHAIN_BROKEN } from '../audit/chain-guard.ts';
import { formatTime, type Html, html, htmlDocument, row } from './html.ts';
import type { PrintWords } from './print-words.ts';
import { qrSvg } from './qr.ts';
import { countsBlock, handoversBlock, varianceInWords } from './shift-report-drawer.ts';
import {
  chainCode,
  type Money,
  type ShiftReportInput,
  type ShiftReportView,
  type ZReportView,
} from './shift-report-view.ts';
import { typeWords } from './wording.ts';

const CSS = `
.group { font-weight: 700; margin-top: 1.5mm; overflow-wrap: anywhere; }
.line { overflow-wrap: anywhere; }
.signature { margin-top: 9mm; border-top: 0.3mm solid #000; padding-top: 0.5mm; }
.qr { display: block; width: var(--qr); height: var(--qr); margin: 2mm auto 1mm; }
`;

export function renderShiftReport(input: ShiftReportInput): string {
  const { report, language } = input;
  const w = input.i18n.words(language);
  const time = (iso: string) => formatTime(iso, language, input.timeZone);
  const money = (amount: string, currency: string) => formatMoney(amount, currency, localeOf(language));
  const title = input.kind === 'X' ? w.t('report.x') : w.t('report.z', { n: input.report.number });
  const trainingMark = report.shift.training && html`<div class="mark">${w.t('training')}</div>`;
  const body = html`
${trainingMark}
<h1>${title}</h1>
${row(w.t('terminal'), report.shift.terminalId)}
${row(w.t('shift'), String(report.shift.id))}
${row(w.t('operator'), report.shift.training && report.shift.operator === TRAINING_OPERATOR ? w.t('trainingOperator') : report.shift.operator)}
${row(w.t('report.opened'), time(report.shift.openedAt))}
${report.shift.closedAt && row(w.t('report.closed'), time(report.shift.closedAt))}
${row(w.t('report.produced'), time(report.producedAt))}
<h2>${w.t('report.totals')}</h2>
${report.totals.length === 0 ? html`<p>${w.t('report.noOperations')}</p>` : report.totals.map((t) => totalBlock(t, w, money))}
<h2>${w.t('report.cash')}</h2>
${report.cash.length === 0 ? html`<p>${w.t('report.none')}</p>` : report.cash.map((c) => cashBlock(c, input, w, money))}
${input.kind === 'Z' && countsBlock(input.report.counts ?? [], w, time, money)}
${input.kind === 'Z' && closeBlock(input.report, w)}
${(report.handovers?.length ?? 0) > 0 && handoversBlock(report, w, time, money)}
${input.kind === 'Z' && reconciliationBlock(input.report, w)}
<h2>${w.t('report.openCash')}</h2>
${openList(report.openCash, w, money)}
<h2>${w.t('report.waiting')}</h2>
${openList(report.waiting, w, money)}
${report.reversals.length > 0 && reversalList(report.reversals, w, money)}
<h2>${w.t('report.audit')}</h2>
${auditList(report.audit, w, time, language)}
${input.kind === 'Z' && chainBlock(input.report, w)}
${input.kind === 'Z' && input.headOffice && headOfficeLine(input.headOffice, w, time)}
<div class="signature">${w.t('operatorSignature')}</div>
${input.kind === 'Z' && input.report.supervisorApproved && html`<div class="signature">${w.t('report.supervisorSignature')}</div>`}
${trainingMark}
`;
  return htmlDocument({ language, title, paper: input.paper, sheetColumn: '140mm', css: CSS, body });
}

function totalBlock(t: ShiftReportView['totals'][number], w: PrintWords, money: Money): Html {
  return html`<div class="group">${typeWords(t.wording, t.type, w)} · ${t.methodName} · ${t.currency}</div>
${row(`${w.t('report.count')} ${t.count}`, money(t.amount, t.currency))}
${row(`${w.t('report.captured')} ${t.capturedCount}`, money(t.capturedAmount, t.currency))}`;
}

function cashBlock(
  c: ShiftReportView['cash'][number],
  input: ShiftReportInput,
  w: PrintWords,
  money: Money,
): Html {
  const counted =
    input.kind === 'Z' ? input.report.variance.find((v) => v.currency === c.currency) : undefined;
  return html`<div class="group">${c.currency}</div>
${row(w.t('report.float'), money(c.float, c.currency))}
${row(w.t('report.received'), money(c.received, c.currency))}
${row(w.t('report.handedOver'), money(c.handedOver, c.currency))}
${compare(c.returned, '0') !== 0 && row(w.t('report.returned'), money(c.returned, c.currency))}
${compare(c.reversed, '0') !== 0 && row(w.t('report.reversed'), money(c.reversed, c.currency))}
${compare(c.added, '0') !== 0 && row(w.t('report.added'), money(c.added, c.currency))}
${compare(c.removed, '0') !== 0 && row(w.t('report.removed'), money(c.removed, c.currency))}
${row(w.t('report.expected'), money(c.expected, c.currency))}
${
  input.kind === 'Z' &&
  (counted
    ? [
        row(w.t('report.counted'), money(counted.counted, c.currency)),
        row(
          w.t('report.variance'),
          `${varianceInWords(counted.variance, c.currency, w, money)}${counted.overThreshold ? ` (${w.t('report.overThreshold')})` : ''}`,
        ),
      ]
    : row(w.t('report.counted'), w.t('report.notCounted')))
}`;
}

/** The note and approval a variance over the threshold carried at close. */
function closeBlock(report: ZReportView, w: PrintWords): Html {
  return html`${report.note && html`<p class="line"><span class="strong">${w.t('report.note')}:</span> ${report.note}</p>`}
${report.supervisorApproved && html`<p>${w.t('report.approved')}</p>`}`;
}

function reconciliationBlock(report: ZReportView, w: PrintWords): Html {
  const latest = report.reconciliations.at(-1);
  if (!latest) return html``;
  return html`<h2>${w.t('report.reconciliation')}</h2>
<p class="strong">${latest.complete ? w.t('report.reconciled', { checked: latest.checked }) : w.t('report.notReconciled', { unanswered: latest.unanswered })}</p>
<p>${w.t('report.findings', { n: latest.findings.length })}</p>`;
}

function auditList(
  list: ShiftReportView['audit'],
  w: PrintWords,
  time: (iso: string) => string,
  language: Language,
): Html {
  if (list.length === 0) return html`<p>${w.t('report.noChanges')}</p>`;
  const words: AuditWords = {
    name: (key) => w.known('auditField', key),
    yes: w.t('auditValue.yes'),
    no: w.t('auditValue.no'),
    none: w.t('auditValue.none'),
  };
  const detailOf = (detail: ShiftReportView['audit'][number]['detail']) => auditDetail(detail, words);
  return html`${list.map(
    (entry) =>
      html`<p class="line"><span class="strong">${auditKindOnPaper(entry.kind, w, language)}</span> · ${time(entry.at)}${entry.operator && ` · ${w.t('report.by', { who: entry.operator })}`}${detailOf(entry.detail) && ` · ${detailOf(entry.detail)}`}</p>`,
  )}`;
}

/** The screen's words for a change; tampering is shouted on paper, in capitals, where it cannot be missed. */
function auditKindOnPaper(kind: string, w: PrintWords, language: Language): string {
  const words = w.known('auditKind', kind) ?? kind;
  return kind === CHAIN_BROKEN ? words.toLocaleUpperCase(localeOf(language)) : words;
}

/** The chain's head, short on paper and whole in the QR code. */
function chainBlock(report: ZReportView, w: PrintWords): Html {
  const { chainHead: head } = report;
  return html`<p class="line">${w.t('report.chainHead', { seq: head.seq, hash: head.hash.slice(0, 12) })}</p>
${qrSvg(chainCode(report.shift.terminalId, report.number, head), w.t('report.chainScan'))}`;
}

/** "Head office: up to date / N entries waiting · last reached at …", as the desk knew it at the Z. */
function headOfficeLine(
  note: { waiting: number; lastReachedAt: string | null },
  w: PrintWords,
  time: (iso: string) => string,
): Html {
  const state =
    note.waiting === 0
      ? w.t('report.headOfficeUpToDate')
      : w.t('report.headOfficeWaiting', { n: note.waiting });
  const reached = note.lastReachedAt
    ? w.t('report.headOfficeReached', { time: time(note.lastReachedAt) })
    : w.t('report.headOfficeNever');
  return row(w.t('report.headOffice'), `${state} · ${reached}`);
}

function openList(list: OpenOperation[], w: PrintWords, money: Money): Html {
  if (list.length === 0) return html`<p>${w.t('report.none')}</p>`;
  return html`${list.map(
    ({ reason, operation: op }) =>
      html`<p class="line"><span class="strong">${op.operationNumber}</span> · ${typeWords(op.meaning.receipt.wording, op.type, w)} · ${money(op.amount, op.currency)} · ${w.known('report.reason', reason) ?? reason}</p>`,
  )}`;
}

function reversalList(list: ShiftReportView['reversals'], w: PrintWords, money: Money): Html {
  return html`<h2>${w.t('report.reversals')}</h2>
${list.map(
  ({ record, operationNumber }) =>
    html`<p class="line"><span class="strong">${operationNumber}</span> · ${money(record.amount, record.currency)} · ${w.t(
      'report.reversal',
      {
        kind: w.known('report.custodyKind', record.kind) ?? record.kind,
        reason: record.reason ?? '',
      },
    )}</p>`,
)}`;
}

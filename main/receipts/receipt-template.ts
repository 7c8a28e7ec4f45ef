// The payer's receipt, the agent's copy and the lookup slip: one template, laid out at the paper's
// width. A pure function of what it is given, so the tests render exactly what the printer gets.
import {
  type Language,
  localeOf,
  type OperationView,
  type Paper,
  type PrintDocument,
  TRAINING_OPERATOR,
} from '../../common/contract.ts';
import { formatMoney } from '../../common/money.ts';
import { receiptCode } from '../../common/receipt-code.ts';
import { formatTime, type Html, html, htmlDocument, row } from './html.ts';
import { maskRequisite } from './mask.ts';
import type { PrintI18n, PrintWords } from './print-words.ts';
import { qrSvg } from './qr.ts';
import { typeWords } from './wording.ts';

export type ReceiptInput = {
  operation: OperationView;
  document: PrintDocument;
  shop: { id: number; name: string };
  /** The desk printing it; for a lookup slip that is not the desk that ran the operation. */
  terminalId: string;
  /** SEAM (shifts): the operator and shift of the operation, printed when known. */
  operator?: string | null;
  shiftNumber?: number | null;
  paper: Paper;
  language: Language;
  /** Main's i18n, whose print namespace holds every printed word. */
  i18n: PrintI18n;
  /** 0 for the original; n for the n-th copy. */
  copyNumber: number;
  printedAt: string;
  /** The desk's own zone unless given (the tests fix one). */
  timeZone?: string;
};

/** Method requisites that say where the cash point is: printed in the header, not among the details. */
const CASH_POINT_ADDRESS = /address/i;
const CASH_POINT_CODE = /^cashPoint(Code|Id)$/i;

const CSS = `
.qr { display: block; width: var(--qr); height: var(--qr); margin: 2mm auto 1mm; }
.status { border: 0.4mm solid #000; padding: 1mm 1.5mm; margin: 1.5mm 0; text-align: center; }
.status p { margin: 0; }
.status .strong { font-size: calc(var(--base) * 1.15); }
.amount .value { font-size: var(--big); }
.amount .label { align-self: center; }
.custody { margin: 1.5mm 0; }
.signature { margin-top: 9mm; border-top: 0.3mm solid #000; padding-top: 0.5mm; }
.caption { text-align: center; overflow-wrap: anywhere; }
body.sheet { line-height: 1.2; }
body.sheet .signature { margin-top: 7mm; }
`;

export function renderReceipt(input: ReceiptInput): string {
  const { operation: op, document, language } = input;
  const w = input.i18n.words(language);
  const time = (iso: string) => formatTime(iso, language, input.timeZone);
  const money = (amount: string, currency: string) => formatMoney(amount, currency, localeOf(language));
  const requisites = op.paymentMethodRequisites;
  const address = requisites.find((r) => CASH_POINT_ADDRESS.test(r.name));
  const code = requisites.find((r) => CASH_POINT_CODE.test(r.name));
  const details = requisites.filter((r) => r !== address && r !== code);
  const trainingMark = op.training && html`<div class="mark">${w.t('training')}</div>`;
  // A slip says what it is at both ends, as training does, so no torn-off half passes for a receipt.
  const slipMark = document === 'lookup_slip' && html`<div class="mark">${w.t('document.lookup_slip')}</div>`;

  const body = html`
${trainingMark}
${slipMark}
${input.copyNumber > 0 && html`<div class="mark">${w.t('copy', { n: input.copyNumber })}</div>`}
${input.shop.name && html`<h1>${input.shop.name}</h1>`}
<p class="center">${w.t('shopId')} ${input.shop.id}</p>
${address && html`<p class="center">${w.t('cashPoint')}: ${address.value}</p>`}
${code && html`<p class="center">${address ? code.value : `${w.t('cashPoint')}: ${code.value}`}</p>`}
${row(document === 'lookup_slip' ? w.t('slipTerminal') : w.t('terminal'), input.terminalId)}
${input.shiftNumber != null && row(w.t('shift'), String(input.shiftNumber))}
${input.operator && row(w.t('operator'), op.training && input.operator === TRAINING_OPERATOR ? w.t('trainingOperator') : input.operator)}
${document !== 'lookup_slip' && html`<h1>${w.t(`document.${document}`)}</h1>`}
<p class="center strong">${typeWords(op.meaning.receipt.wording, op.type, w)}</p>
${op.meaning.receipt.wording === 'no_cash' && html`<p class="center">${w.t('noCash.line')}</p>`}
<p class="center">${w.t('operationNumber')}</p>
<p class="big">${op.operationNumber}</p>
${op.gatewayId && row(w.t('gatewayId'), op.gatewayId)}
${op.methodName && row(w.t('method'), methodWords(op, w))}
${row(w.t('payerId'), op.payerId)}
${op.isCorrection && html`<p class="strong">${w.t('correction')}</p>`}
<div class="rule"></div>
${row(w.t('amount'), money(op.amount, op.currency), 'amount')}
${
  document === 'agent_copy' &&
  op.settlementAmount &&
  op.settlementCurrency &&
  row(w.t('settlement'), money(op.settlementAmount, op.settlementCurrency))
}
<div class="status"><p>${w.t('status')}</p><p class="strong">${statusWords(op, w)}</p></div>
${document === 'lookup_slip' ? html`<p class="strong">${w.t('slipNote')}</p>` : op.meaning.receipt.print === 'pending' && html`<p class="strong">${w.t('pendingNote')}</p>`}
${document !== 'lookup_slip' && custodyLine(op, w, time)}
${op.registeredAt && row(w.t('registered'), time(op.registeredAt))}
${op.gatewayUpdatedAt && row(w.t('updated'), time(op.gatewayUpdatedAt))}
${section(
  w.t('methodRequisites'),
  details.map((r) => row(requisiteTitle(r.name, null, w), maskRequisite(r.name, r.value))),
)}
${section(
  w.t('payerDetails'),
  op.payerDetails.map((d) => row(requisiteTitle(d.name, d.title, w), maskRequisite(d.name, d.value))),
)}
${qrSvg(receiptCode(op.shopId, op.operationNumber), w.t('scan'))}
<p class="caption">${w.t('shopId')} ${op.shopId} · ${op.operationNumber}</p>
<p class="caption">${w.t('scan')}</p>
${document !== 'lookup_slip' && html`<div class="signature">${w.t('agentSignature')}</div>`}
${document === 'agent_copy' && html`<div class="signature">${w.t('payerSignature')}</div>`}
<div class="rule"></div>
${document !== 'lookup_slip' && html`<p class="center">${w.t('keep')}</p>`}
${row(w.t('printed'), time(input.printedAt))}
${slipMark}
${trainingMark}
`;
  return htmlDocument({
    language,
    title: `${w.t(`document.${document}`)} ${op.operationNumber}`,
    paper: input.paper,
    sheetColumn: '120mm',
    css: CSS,
    body,
  });
}

/** The method as the gateway names it, beside the kind of instrument in the paper's language. */
function methodWords(op: Pick<OperationView, 'methodName' | 'instrumentType'>, w: PrintWords): string {
  const kind = w.known('instrument', op.instrumentType);
  return kind ? `${op.methodName} · ${kind}` : op.methodName;
}

/** The answer's status word: created is no confirmation, and the payer must read that; final or not, as it says. */
export function statusWords(op: Pick<OperationView, 'status' | 'meaning'>, w: PrintWords): string {
  const status = op.status ?? '';
  switch (op.meaning.status.word) {
    case 'pending':
      return w.t('statusCreated');
    case 'completed':
      return w.t('statusCaptured');
    case 'ended':
      return w.t('statusEnded', { status: w.known('gatewayStatus', status) ?? status });
    case 'unknown':
      return w.t('statusUnknown', { status });
    case 'none':
      return status;
  }
}

function custodyLine(op: OperationView, w: PrintWords, time: (iso: string) => string): Html | null {
  if (!op.custody) return null;
  const what = op.custody.kind === 'received' ? w.t('cashReceived') : w.t('cashHandedOver');
  return html`<div class="custody">${row(what, time(op.custody.at))}${op.returned && row(w.t('cashReturned'), time(op.returned.at))}</div>`;
}

/** Our words for the names we know; else the gateway's title, or its name made readable ("referenceNote" → "Reference note"). */
function requisiteTitle(name: string, title: string | null, w: PrintWords): string {
  const known = w.known('requisite', name);
  if (known) return known;
  if (title) return title;
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function section(title: string, rows: Html[]): Html | null {
  return rows.length ? html`<h2>${title}</h2>${rows}` : null;
}

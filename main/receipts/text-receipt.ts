// The payer's receipt, laid out in fixed columns for thermal paper: 80 mm rolls take 42 or 48
// columns, 58 mm rolls take 32. Training receipts say so on every copy; reprints say COPY.
import type { OperationView, ReceiptWidth } from '../../common/contract.ts';
import { formatMoney } from '../../common/money.ts';

const WORDS = {
  en: {
    title: 'CASH DESK RECEIPT',
    training: 'TRAINING',
    notReal: 'Not a real payment',
    copy: 'COPY',
    payin: 'Cash in (deposit)',
    payout: 'Cash out (withdrawal)',
    shop: 'Shop',
    terminal: 'Terminal',
    operator: 'Operator',
    operation: 'Operation',
    date: 'Date',
    method: 'Method',
    payer: 'Payer',
    amount: 'Amount',
    settlement: 'Settlement',
    status: 'Status',
    reference: 'Gateway ref.',
    correction: 'Correction',
    captured: 'Completed',
    created: 'Awaiting confirmation',
    keep: 'Keep this receipt',
  },
  ru: {
    title: 'КВИТАНЦИЯ КАССЫ',
    training: 'ОБУЧЕНИЕ',
    notReal: 'Не настоящий платёж',
    copy: 'КОПИЯ',
    payin: 'Внесение наличных',
    payout: 'Выдача наличных',
    shop: 'Магазин',
    terminal: 'Терминал',
    operator: 'Кассир',
    operation: 'Операция',
    date: 'Дата',
    method: 'Способ',
    payer: 'Плательщик',
    amount: 'Сумма',
    settlement: 'К расчёту',
    status: 'Статус',
    reference: 'Номер шлюза',
    correction: 'Корректировка',
    captured: 'Завершена',
    created: 'Ожидает подтверждения',
    keep: 'Сохраните квитанцию',
  },
} as const;

export type ReceiptInput = {
  operation: OperationView;
  shopName: string;
  width: ReceiptWidth;
  language: keyof typeof WORDS;
  /** Printed before: this one is a copy. */
  copy: boolean;
  timeZone?: string;
};

export function renderReceipt({
  operation: op,
  shopName,
  width,
  language,
  copy,
  timeZone,
}: ReceiptInput): string {
  const w = WORDS[language];
  const rule = '-'.repeat(width);
  const lines: string[] = [];
  const center = (text: string) =>
    wrap(text, width).map((l) => l.padStart(Math.floor((width + l.length) / 2)));
  const field = (label: string, value: string) => {
    const line = `${label}: ${value}`;
    if (line.length <= width) return [line];
    return [`${label}:`, ...wrap(value, width - 2).map((l) => `  ${l}`)];
  };
  const money = (label: string, amount: string, currency: string) => {
    const value = formatMoney(amount, currency, language);
    const gap = width - label.length - value.length;
    return gap >= 1 ? [`${label}${' '.repeat(gap)}${value}`] : [label, value.padStart(width)];
  };

  const trainingMark = op.training ? [...center(`*** ${w.training} ***`), ...center(w.notReal)] : [];
  lines.push(...trainingMark);
  lines.push(...center(w.title));
  if (copy) lines.push(...center(`*** ${w.copy} ***`));
  lines.push(rule);
  lines.push(...center(op.type === 'payin' ? w.payin : w.payout));
  lines.push(rule);
  lines.push(...field(w.shop, `${shopName} (${op.shopId})`));
  if (op.terminalId) lines.push(...field(w.terminal, op.terminalId));
  if (op.operator) lines.push(...field(w.operator, op.operator));
  lines.push(...field(w.operation, op.operationNumber));
  lines.push(...field(w.date, formatTime(op.registeredAt ?? op.createdAt, language, timeZone)));
  if (op.methodName) lines.push(...field(w.method, op.methodName));
  lines.push(...field(w.payer, op.payerId));
  if (op.isCorrection) lines.push(...field(w.correction, 'yes'));
  lines.push(rule);
  lines.push(...money(w.amount, op.amount, op.currency));
  if (op.settlementAmount && op.settlementCurrency) {
    lines.push(...money(w.settlement, op.settlementAmount, op.settlementCurrency));
  }
  lines.push(rule);
  const status =
    op.status === 'captured' ? w.captured : op.status === 'created' ? w.created : (op.status ?? '');
  lines.push(...field(w.status, status));
  if (op.gatewayId) lines.push(...field(w.reference, op.gatewayId));
  lines.push(rule);
  lines.push(...center(w.keep));
  lines.push(...trainingMark);
  return lines.map((l) => l.trimEnd()).join('\n');
}

function formatTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}

/** Breaks on spaces where it can, and hard-breaks words longer than a line (IDs, IBANs). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0; ) {
      const room = line ? width - line.length - 1 : width;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

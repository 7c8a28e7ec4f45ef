// The test print from Settings: shows whether the printer takes the paper's full printable width
// (the ruler) and prints a QR code a scanner reads back.
import type { Language, Paper } from '../../common/contract.ts';
import { formatTime, html, htmlDocument, row } from './html.ts';
import type { PrintI18n } from './print-words.ts';
import { qrSvg } from './qr.ts';

const CSS = `
.ruler { display: flex; border: 0.4mm solid #000; height: 5mm; margin: 2mm 0; }
.ruler span { flex: 1; border-right: 0.3mm solid #000; }
.ruler span:last-child { border-right: 0; }
.qr { display: block; width: var(--qr); height: var(--qr); margin: 2mm auto; }
`;

export function renderTestPage(input: {
  printer: string | null;
  paper: Paper;
  language: Language;
  i18n: PrintI18n;
  terminalId: string;
  printedAt: string;
  timeZone?: string;
}): string {
  const w = input.i18n.words(input.language);
  const body = html`
<h1>${w.t('test.title')}</h1>
${row(w.t('terminal'), input.terminalId)}
${row(w.t('test.printer'), input.printer ?? w.t('test.defaultPrinter'))}
${row(w.t('test.paper'), input.paper)}
${row(w.t('printed'), formatTime(input.printedAt, input.language, input.timeZone))}
<div class="ruler">${Array.from({ length: 8 }, () => html`<span></span>`)}</div>
<p>${w.t('test.check')}</p>
${qrSvg(`CashDesk test ${input.terminalId}`, w.t('test.title'))}
<div class="ruler">${Array.from({ length: 8 }, () => html`<span></span>`)}</div>
`;
  return htmlDocument({
    language: input.language,
    title: w.t('test.title'),
    paper: input.paper,
    css: CSS,
    body,
  });
}

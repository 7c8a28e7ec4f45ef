// The test print from Settings: shows whether the printer takes the paper's full printable width
// (the ruler) and prints a QR code a scanner reads back.
import type { Language, Paper } from '../../common/contract.ts';
import { formatTime, html, htmlDocument, row } from './html.ts';
import { qrSvg } from './qr.ts';
import { WORDS } from './words.ts';

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
  terminalId: string;
  printedAt: string;
  timeZone?: string;
}): string {
  const w = WORDS[input.language];
  const body = html`
<h1>${w.test.title}</h1>
${row(w.terminal, input.terminalId)}
${row(w.test.printer, input.printer ?? w.test.defaultPrinter)}
${row(w.test.paper, input.paper)}
${row(w.printed, formatTime(input.printedAt, input.language, input.timeZone))}
<div class="ruler">${Array.from({ length: 8 }, () => html`<span></span>`)}</div>
<p>${w.test.check}</p>
${qrSvg(`CashDesk test ${input.terminalId}`, w.test.title)}
<div class="ruler">${Array.from({ length: 8 }, () => html`<span></span>`)}</div>
`;
  return htmlDocument({ language: input.language, title: w.test.title, paper: input.paper, css: CSS, body });
}

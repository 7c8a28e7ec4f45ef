// The frame every printed document shares: a complete HTML page with its own CSP and inline
// styles, laid out at the paper's width in millimetres. Nothing is scaled to fit: type sizes are
// chosen per paper (never under 9 pt, the smallest a 58 mm thermal print keeps readable), and
// long values wrap instead of being cut.
import { type Language, localeOf, type Paper } from '../../common/contract.ts';
import { stampOptions } from '../../common/time-format.ts';
import { PAPER } from './paper.ts';

/** Every interpolated value passes through here: gateway strings reach the page as text only. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A fragment of markup already escaped, so templates can nest without escaping twice. */
export type Html = { readonly html: string };

/** Tagged template: interpolated strings and numbers are escaped, fragments and lists of them are not. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += fragment(value) + strings[i + 1]!;
  });
  return { html: out };
}

function fragment(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (typeof value === 'object' && 'html' in value) return (value as Html).html;
  return escapeHtml(value as string);
}

/** A label and its value on one line, the value moving below the label when both do not fit. */
export function row(label: string, value: string | Html, className = ''): Html {
  return html`<div class="row ${className}"><span class="label">${label}</span><span class="value">${value}</span></div>`;
}

/** Type sizes and margins per paper, in print units. */
const SIZES: Record<Paper, { base: string; big: string; title: string; pad: string; qr: string }> = {
  '80mm': { base: '10pt', big: '16pt', title: '12pt', pad: '4mm', qr: '30mm' },
  '58mm': { base: '9pt', big: '13pt', title: '10.5pt', pad: '5mm', qr: '26mm' },
  A4: { base: '10pt', big: '16pt', title: '12pt', pad: '0', qr: '30mm' },
};

const BASE_CSS = `
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body {
  font-family: Arial, 'Liberation Sans', 'DejaVu Sans', 'Noto Sans', sans-serif;
  font-size: var(--base); line-height: 1.3;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
body.roll { width: var(--paper); padding: 2mm var(--pad) 8mm; }
body.sheet main { max-width: var(--column); margin: 0 auto; }
h1 { font-size: var(--title); text-align: center; margin: 1.5mm 0 1mm; }
h2 {
  font-size: var(--base); text-transform: uppercase; margin: 2.5mm 0 1mm;
  padding-top: 1.5mm; border-top: 0.3mm dashed #000;
}
p { margin: 1mm 0; }
.center { text-align: center; }
.strong { font-weight: 700; }
.big { font-size: var(--big); font-weight: 700; text-align: center; overflow-wrap: anywhere; margin: 1mm 0; }
.mark {
  font-weight: 700; text-align: center; border: 0.6mm solid #000; padding: 1mm; margin: 1.5mm 0;
  font-size: var(--title);
}
.row { display: flex; flex-wrap: wrap; justify-content: space-between; column-gap: 2mm; }
.row > .label { min-width: 0; overflow-wrap: break-word; }
.row > .value { min-width: 0; margin-left: auto; text-align: right; font-weight: 700; overflow-wrap: break-word; }
.rule { border-top: 0.3mm dashed #000; margin: 2mm 0; }
`;

export function htmlDocument(options: {
  language: Language;
  title: string;
  paper: Paper;
  /** The widest a sheet's content runs; a receipt keeps to a column, a report takes the page. */
  sheetColumn?: string;
  css: string;
  body: Html;
}): string {
  const { paper } = options;
  const size = SIZES[paper];
  const spec = PAPER[paper];
  const page =
    spec.heightMm === null ? '@page { margin: 0; }' : `@page { size: ${paper}; margin: 10mm 14mm; }`;
  const vars = `:root { --base: ${size.base}; --big: ${size.big}; --title: ${size.title}; --pad: ${size.pad}; --qr: ${size.qr}; --paper: ${spec.widthMm}mm; --column: ${options.sheetColumn ?? 'none'}; }`;
  const kind = spec.heightMm === null ? 'roll' : 'sheet';
  // Loaded on its own for printing: no script, nothing fetched, only the inline styles below.
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(options.title)}</title>
<style>${page}${vars}${BASE_CSS}${options.css}</style>
</head>
<body class="${kind} paper-${paper}"><main>${options.body.html}</main></body>
</html>
`;
}

/** A time as the screens show it, in the paper's language, with its zone ("Nov 22, 2026, 02:05 PM GMT+5"). */
export function formatTime(iso: string, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    ...stampOptions(language),
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}

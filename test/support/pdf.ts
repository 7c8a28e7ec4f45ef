// Reading a printed PDF back the way a person would: its page sizes (pdfinfo), its text
// (pdftotext), where each word sits (pdftotext -bbox), a picture of it (pdftoppm), and what its
// QR code says (jsQR on that picture).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Points per millimetre: 80 mm is 226.8 pt. */
export const PT_PER_MM = 72 / 25.4;

export function pageSizes(pdf: string): { width: number; height: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '1000', pdf], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

/** The text, lines as laid out. */
export function pdfText(pdf: string): string {
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
}

export type Word = { text: string; xMin: number; xMax: number; yMin: number; yMax: number; page: number };

/** Every word with its box, in points from the page's top left. */
export function words(pdf: string): Word[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  const found: Word[] = [];
  let page = 0;
  for (const line of xhtml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (!m) continue;
    found.push({
      text: unescapeXml(m[5]!),
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      page,
    });
  }
  return found;
}

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The first page as a PNG at `dpi` (a thermal head prints about 203), beside `base`. */
export function renderPng(pdf: string, base: string, dpi = 203): string {
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', pdf, base]);
  return `${base}.png`;
}

/** What the QR code on the picture says, or null when none reads. */
export function readQr(png: string): string | null {
  const image = PNG.sync.read(readFileSync(png));
  // jsqr is CommonJS with its function also on `.default`, which is where its types put it.
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

// The receipt's QR code as inline SVG: the qrcode library encodes, and each dark module becomes one
// square of a single path, so the code stays sharp at any printer resolution.
import QRCode from 'qrcode';
import { type Html, html } from './html.ts';

/** The quiet zone scanners need around the code, in modules. */
const QUIET = 4;

export function qrSvg(text: string, label: string): Html {
  // M: up to 15 % of the code may be lost to a smudge or a fold and it still reads.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules.get(y, x)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  const box = size + 2 * QUIET;
  return html`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges" role="img" aria-label="${label}"><rect width="${box}" height="${box}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

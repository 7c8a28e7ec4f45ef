// The receipt's QR code as inline SVG: the qrcode library encodes, and common/qr-path.ts draws.
import QRCode from 'qrcode';
import { qrPath } from '../../common/qr-path.ts';
import { type Html, html } from './html.ts';

export function qrSvg(text: string, label: string): Html {
  // M: up to 15 % of the code may be lost to a smudge or a fold and it still reads.
  const { box, path } = qrPath(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules);
  return html`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges" role="img" aria-label="${label}"><rect width="${box}" height="${box}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

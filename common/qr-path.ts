// A QR code's modules as one SVG path: each dark module one square, so the code stays sharp at any
// printer resolution or screen zoom. The desk's receipts and the dashboard's reset code both draw
// with it; the qrcode library, imported by each, does the encoding.

/** The quiet zone scanners need around the code, in modules. */
const QUIET = 4;

/** What qrcode's create() gives as `modules`. */
export type QrModules = { size: number; get(row: number, col: number): number | boolean };

/** The SVG's side (viewBox) and its one path, quiet zone included. */
export function qrPath(modules: QrModules): { box: number; path: string } {
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  return { box: modules.size + 2 * QUIET, path };
}

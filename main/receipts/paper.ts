// The papers a document is laid out for, in millimetres. A thermal roll has no page height: the
// page is as long as what is printed on it, so a printer measures the laid-out document at the
// roll's width first and then asks for a page of exactly that length (pageSize).
import type { Paper } from '../../common/contract.ts';

type PaperSpec = {
  widthMm: number;
  /** What the print head reaches; the rest is the roll's unprintable edges. */
  printableMm: number;
  /** A sheet's fixed height; null for a roll, which is cut where the document ends. */
  heightMm: number | null;
};

export const PAPER: Record<Paper, PaperSpec> = {
  '80mm': { widthMm: 80, printableMm: 72, heightMm: null },
  '58mm': { widthMm: 58, printableMm: 48, heightMm: null },
  A4: { widthMm: 210, printableMm: 182, heightMm: 297 },
};

const MM_PER_CSS_PX = 25.4 / 96;

/** The width to lay a document out at, in CSS pixels (a window's or a page's viewport). */
export function layoutWidthPx(paper: Paper): number {
  return Math.ceil(PAPER[paper].widthMm / MM_PER_CSS_PX);
}

/**
 * The page for a document whose laid-out height is `contentHeightPx`. A roll's page ends 2 mm
 * below the content (text can wrap a little differently at print resolution; without the slack
 * the last line would start a second page); a sheet is a sheet.
 */
export function pageSizeMm(paper: Paper, contentHeightPx: number): { widthMm: number; heightMm: number } {
  const { widthMm, heightMm } = PAPER[paper];
  return { widthMm, heightMm: heightMm ?? Math.ceil(contentHeightPx * MM_PER_CSS_PX) + 2 };
}

/** webContents.print takes its pageSize in microns. */
export const micronsOf = (mm: number): number => Math.round(mm * 1000);

/** printToPDF takes its pageSize in inches. */
export const inchesOf = (mm: number): number => mm / 25.4;

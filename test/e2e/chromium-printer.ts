// The printer where Electron does not run (the tests and the browser preview): the same documents
// go through Chromium's page.pdf at the same size the Electron printer asks for, and each "print"
// is a PDF in `outDir`. A test can make the next prints fail or be cancelled, as a real printer's
// callback would report them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Paper, PrinterInfo, PrintResult } from '../../common/contract.ts';
import { layoutWidthPx, pageSizeMm } from '../../main/receipts/paper.ts';
import type { Printer, PrintJob } from '../../main/receipts/printer.ts';
import { launchChromium } from './harness.ts';

export const PREVIEW_PRINTER: PrinterInfo = { name: 'chromium-pdf', displayName: 'Chromium PDF (preview)' };

export type Printed = { job: PrintJob; html: string; pdf: string };

export type ChromiumPrinter = Printer & {
  /** Where prints and saved PDFs go. */
  readonly outDir: string;
  /** Prints the printer took, in order. */
  readonly printed: Printed[];
  /** The next prints answer these, one each, before printing works again. */
  answerNext(...results: PrintResult[]): void;
  /** The next save dialog is cancelled. */
  cancelNextSave(): void;
  close(): Promise<void>;
};

/** Lays the document out at the paper's width, measures it, and prints a page of that size. */
export async function renderPdf(browser: Browser, html: string, paper: Paper): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: layoutWidthPx(paper), height: 800 } });
  try {
    await page.setContent(html);
    const height = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    const size = pageSizeMm(paper, height);
    return await page.pdf({
      width: `${size.widthMm}mm`,
      height: `${size.heightMm}mm`,
      printBackground: true,
    });
  } finally {
    await page.close();
  }
}

export function createChromiumPrinter(outDir: string): ChromiumPrinter {
  mkdirSync(outDir, { recursive: true });
  let browser: Promise<Browser> | null = null;
  const answers: PrintResult[] = [];
  const printed: Printed[] = [];
  let cancelSave = false;
  /** The save dialog's answer: the file in `outDir`, unless this one is to be cancelled. */
  const chosen = (suggestedName: string): string | null => {
    if (!cancelSave) return join(outDir, suggestedName);
    cancelSave = false;
    return null;
  };
  const pdf = (html: string, paper: Paper) => {
    browser ??= launchChromium();
    return browser.then((b) => renderPdf(b, html, paper));
  };
  return {
    outDir,
    printed,
    answerNext: (...results) => answers.push(...results),
    cancelNextSave: () => {
      cancelSave = true;
    },
    list: async () => [PREVIEW_PRINTER],
    async print(html, job) {
      const bytes = await pdf(html, job.paper);
      const answer = answers.shift() ?? { printed: true };
      if (answer.printed) {
        const file = join(outDir, `print-${printed.length + 1}.pdf`);
        writeFileSync(file, bytes);
        printed.push({ job, html, pdf: file });
      }
      return answer;
    },
    printToPdf: pdf,
    choosePdfPath: async (suggestedName) => chosen(suggestedName),
    chooseCsvPath: async (suggestedName) => chosen(suggestedName),
    async close() {
      await (await browser)?.close();
    },
  };
}

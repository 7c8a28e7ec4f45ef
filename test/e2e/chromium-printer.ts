// The printer where Electron does not run (the tests and the browser preview): the same documents
// go through Chromium's page.pdf at the same size the Electron printer asks for, and each "print"
// is a PDF in `outDir`. A test can make the next prints fail or be cancelled, as a real printer's
// callback would report them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Paper, PrinterInfo, PrintResult } from '../../common/contract.ts';
import { layoutWidthPx, pageSizeMm } from '../../main/receipts/paper.ts';
import type { Printer, PrintJob } from '../../main/receipts/printer.ts';
import { launchChromium } from './chromium.ts';

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

/**
 * Lays the document out at the paper's width in `page`, measures it, and prints a page of that size.
 * A page is reused document after document (a new one costs a renderer process, several times the
 * print itself), so it takes one document at a time.
 */
export async function renderPdf(page: Page, html: string, paper: Paper): Promise<Buffer> {
  await page.setViewportSize({ width: layoutWidthPx(paper), height: 800 });
  await page.setContent(html);
  const height = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
  const size = pageSizeMm(paper, height);
  return page.pdf({
    width: `${size.widthMm}mm`,
    height: `${size.heightMm}mm`,
    printBackground: true,
  });
}

// Documents laid out on one page take turns, whichever printer sends them: a test file's printers
// share its one print page (shared-browser.ts), and a page holds one document at a time.
const turns = new WeakMap<Page, Promise<unknown>>();

function inTurn<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const done = (turns.get(page) ?? Promise.resolve()).then(work);
  turns.set(
    page,
    done.catch(() => undefined),
  );
  return done;
}

/**
 * `page`: where documents are laid out, a page someone else owns (a test file's print page), left
 * open on close. Without it the printer launches its own Chromium on the first print and closes it
 * with itself.
 */
export function createChromiumPrinter(outDir: string, page?: () => Promise<Page>): ChromiumPrinter {
  mkdirSync(outDir, { recursive: true });
  let own: Promise<Browser> | null = null;
  let ownPage: Promise<Page> | null = null;
  const printPage = (): Promise<Page> => {
    if (page) return page();
    own ??= launchChromium();
    ownPage ??= own.then((browser) => browser.newPage());
    return ownPage;
  };
  const answers: PrintResult[] = [];
  const printed: Printed[] = [];
  let cancelSave = false;
  /** The save dialog's answer: the file in `outDir`, unless this one is to be cancelled. */
  const chosen = (suggestedName: string): string | null => {
    if (!cancelSave) return join(outDir, suggestedName);
    cancelSave = false;
    return null;
  };
  // Every print this printer took, so that closing it waits for the last.
  let last: Promise<unknown> = Promise.resolve();
  const pdf = async (html: string, paper: Paper): Promise<Buffer> => {
    const on = await printPage();
    const bytes = inTurn(on, () => renderPdf(on, html, paper));
    last = bytes.catch(() => undefined);
    return bytes;
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
      await last;
      if (own) await (await own).close();
    },
  };
}

// The Electron printer: each document is loaded into its own hidden, locked-down window, measured
// at the paper's width, and printed silently to the printer chosen in Settings with a page of
// exactly that size in microns and no margins, or turned into a PDF. The callback's success flag
// is the only word on whether the printer took the job.
// Typed against Electron, but it takes the constructors it uses as arguments, so its logic runs
// (and is tested) under plain Node with stand-ins (test/integration/electron-print.test.ts).
import type { BrowserWindowConstructorOptions, Dialog, WebContents, WebContentsPrintOptions } from 'electron';
import type { Paper, PrinterInfo, PrintResult } from '../../common/contract.ts';
import { inchesOf, layoutWidthPx, micronsOf, pageSizeMm } from '../receipts/paper.ts';
import type { Printer, PrintJob } from '../receipts/printer.ts';

type PrintWindow = {
  webContents: Pick<WebContents, 'loadURL' | 'executeJavaScriptInIsolatedWorld' | 'print' | 'printToPDF'>;
  destroy(): void;
};

export type PrintShell = {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => PrintWindow;
  dialog: Pick<Dialog, 'showSaveDialog'>;
  /** The app's window, whose webContents lists the printers; null before it exists. */
  mainWindow: () => { webContents: Pick<WebContents, 'getPrintersAsync'> } | null;
};

/** An isolated world id of our own (Electron's contextIsolation uses 999). */
const MEASURE_WORLD = 1001;

/** A driver that never calls back must not hold the operation's print queue for ever. */
const NO_ANSWER_MS = 5 * 60_000;

/**
 * Hidden and as locked down as the app's own window; the document carries its own strict CSP.
 * The same webPreferences as index.ts's window, written out again on purpose: Electronegativity
 * checks a window's options only where they are literal (spread from a shared constant, index.ts's
 * window fails its CONTEXT_ISOLATION and SANDBOX checks), and electron-print.test.ts checks these.
 */
export function printWindowOptions(paper: Paper): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: layoutWidthPx(paper),
    height: 800,
    useContentSize: true,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

export function createElectronPrinter(shell: PrintShell, options: { noAnswerMs?: number } = {}): Printer {
  const noAnswerMs = options.noAnswerMs ?? NO_ANSWER_MS;

  /** Loads the document at the paper's width and gives the page it needs. */
  async function withDocument<T>(
    html: string,
    paper: Paper,
    use: (contents: PrintWindow['webContents'], page: { widthMm: number; heightMm: number }) => Promise<T>,
  ): Promise<T> {
    const window = new shell.BrowserWindow(printWindowOptions(paper));
    try {
      await window.webContents.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
      // From a world of its own: the document's CSP allows no script, and still it can be measured.
      const height = Number(
        await window.webContents.executeJavaScriptInIsolatedWorld(MEASURE_WORLD, [
          { code: 'document.documentElement.getBoundingClientRect().height' },
        ]),
      );
      return await use(window.webContents, pageSizeMm(paper, height));
    } finally {
      window.destroy();
    }
  }

  return {
    async list(): Promise<PrinterInfo[]> {
      const printers = (await shell.mainWindow()?.webContents.getPrintersAsync()) ?? [];
      return printers.map(({ name, displayName }) => ({ name, displayName: displayName || name }));
    },

    print(html: string, job: PrintJob): Promise<PrintResult> {
      return withDocument(html, job.paper, (contents, page) => {
        const settings: WebContentsPrintOptions = {
          silent: true,
          ...(job.deviceName && { deviceName: job.deviceName }),
          printBackground: true,
          copies: 1,
          margins: { marginType: 'none' },
          pageSize: { width: micronsOf(page.widthMm), height: micronsOf(page.heightMm) },
        };
        return new Promise<PrintResult>((resolve) => {
          const timer = setTimeout(
            () => resolve({ printed: false, reason: 'no_answer', message: '' }),
            noAnswerMs,
          );
          contents.print(settings, (success, failureReason) => {
            clearTimeout(timer);
            resolve(success ? { printed: true } : failed(failureReason));
          });
        });
      });
    },

    printToPdf(html: string, paper: Paper): Promise<Uint8Array> {
      return withDocument(html, paper, (contents, page) =>
        contents.printToPDF({
          pageSize: { width: inchesOf(page.widthMm), height: inchesOf(page.heightMm) },
          margins: { top: 0, bottom: 0, left: 0, right: 0 },
          printBackground: true,
        }),
      );
    },

    choosePdfPath: (suggestedName: string) =>
      choosePath(shell, suggestedName, { name: 'PDF', extensions: ['pdf'] }),
    chooseCsvPath: (suggestedName: string) =>
      choosePath(shell, suggestedName, { name: 'CSV', extensions: ['csv'] }),
  };
}

/** The native save dialog; it asks before it returns a file that exists. Null when cancelled. */
async function choosePath(
  shell: PrintShell,
  suggestedName: string,
  filter: { name: string; extensions: string[] },
): Promise<string | null> {
  const chosen = await shell.dialog.showSaveDialog({
    defaultPath: suggestedName,
    filters: [filter],
    properties: ['showOverwriteConfirmation'],
  });
  return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
}

/**
 * Electron says "Print job canceled" when the agent or the system cancelled it; any other reason is
 * the printer system's own words, and none at all is no answer (the renderer words it).
 */
function failed(failureReason: string): PrintResult {
  return /cancel/i.test(failureReason)
    ? { printed: false, reason: 'cancelled', message: failureReason }
    : failureReason
      ? { printed: false, reason: 'failed', message: failureReason }
      : { printed: false, reason: 'no_answer', message: '' };
}

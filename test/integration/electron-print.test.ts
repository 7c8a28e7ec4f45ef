// The Electron printer, run under Node with stand-ins for BrowserWindow and the dialog: what it
// asks webContents.print for (silent, the chosen printer, a page in microns, no margins), how it
// reads print's callback, and that a real core counts only what that callback calls a success.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElectronPrinter, type PrintShell, printWindowOptions } from '../../main/electron/print.ts';
import { layoutWidthPx } from '../../main/receipts/paper.ts';
import { checkout, startHarness } from '../support/core.ts';

// Electron's own types, reached through the printer's (only main/electron may import electron).
type BrowserWindowConstructorOptions = ConstructorParameters<PrintShell['BrowserWindow']>[0];
type Contents = InstanceType<PrintShell['BrowserWindow']>['webContents'];
type WebContentsPrintOptions = NonNullable<Parameters<Contents['print']>[0]>;
type PrintToPDFOptions = Parameters<Contents['printToPDF']>[0];

/** What print's callback says next: (success, failureReason), or nothing at all. */
type Answer = [boolean, string] | 'silence';

function standIns(answers: Answer[] = []) {
  type Record = {
    options: BrowserWindowConstructorOptions;
    loaded: string[];
    printed: WebContentsPrintOptions[];
    pdfs: PrintToPDFOptions[];
    destroyed: boolean;
  };
  const windows: Record[] = [];
  let saveAnswer: { canceled: boolean; filePath: string } = { canceled: false, filePath: '/tmp/r.pdf' };
  class BrowserWindow {
    readonly record: Record;
    readonly webContents;
    constructor(options: BrowserWindowConstructorOptions) {
      const record: Record = { options, loaded: [], printed: [], pdfs: [], destroyed: false };
      this.record = record;
      windows.push(record);
      this.webContents = {
        loadURL: async (url: string) => {
          record.loaded.push(url);
        },
        // The document's height in CSS pixels: 1134 px is 300 mm.
        executeJavaScriptInIsolatedWorld: async () => 1134,
        print: (options: WebContentsPrintOptions, callback: (success: boolean, reason: string) => void) => {
          record.printed.push(options);
          const answer = answers.shift() ?? [true, ''];
          if (answer !== 'silence') setTimeout(() => callback(...answer), 5);
        },
        printToPDF: async (options: PrintToPDFOptions) => {
          record.pdfs.push(options);
          return Buffer.from('%PDF-1.4 stand-in');
        },
      };
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  const shell = {
    BrowserWindow,
    dialog: { showSaveDialog: async () => saveAnswer },
    mainWindow: () => ({
      webContents: {
        getPrintersAsync: async () => [
          { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III', description: '', options: {} },
          { name: 'Office_A4', displayName: '', description: '', options: {} },
        ],
      },
    }),
  } as unknown as PrintShell;
  return {
    shell,
    windows,
    answerSave: (answer: typeof saveAnswer) => {
      saveAnswer = answer;
    },
  };
}

test('a print goes silently to the chosen printer, on a page of the paper and the document in microns', async () => {
  const { shell, windows } = standIns();
  const printer = createElectronPrinter(shell);
  const html = '<!doctype html><p>Receipt & co</p>';
  assert.deepEqual(await printer.print(html, { deviceName: 'EPSON_TM_T20III', paper: '80mm' }), {
    printed: true,
  });
  const [window] = windows;
  assert.equal(window!.options.width, layoutWidthPx('80mm'));
  assert.equal(window!.options.show, false);
  assert.deepEqual(window!.loaded, [`data:text/html;charset=utf-8,${encodeURIComponent(html)}`]);
  assert.deepEqual(window!.printed, [
    {
      silent: true,
      deviceName: 'EPSON_TM_T20III',
      printBackground: true,
      copies: 1,
      margins: { marginType: 'none' },
      // 1134 px is 300.04 mm, rounded up, and 2 mm more so the last line never starts a page.
      pageSize: { width: 80_000, height: 303_000 },
    },
  ]);
  assert.equal(window!.destroyed, true, 'each document gets its own window, closed after');

  await printer.print(html, { deviceName: null, paper: 'A4' });
  const a4 = windows[1]!.printed[0]!;
  assert.equal('deviceName' in a4, false, "no deviceName: the system's default printer");
  assert.deepEqual(a4.pageSize, { width: 210_000, height: 297_000 });
});

test("print's callback decides: success prints, a cancel is a cancel, anything else failed", async () => {
  const { shell } = standIns([
    [false, 'Print job canceled'],
    [false, 'Print job failed'],
    [false, ''],
    [true, ''],
  ]);
  const printer = createElectronPrinter(shell);
  const job = { deviceName: null, paper: '58mm' as const };
  assert.deepEqual(await printer.print('<p>x</p>', job), {
    printed: false,
    reason: 'cancelled',
    message: 'Print job canceled',
  });
  assert.deepEqual(await printer.print('<p>x</p>', job), {
    printed: false,
    reason: 'failed',
    message: 'Print job failed',
  });
  assert.equal((await printer.print('<p>x</p>', job)).printed, false);
  assert.deepEqual(await printer.print('<p>x</p>', job), { printed: true });
});

test('a printer that never answers is a print with no answer (worded by the renderer), and its window is closed', async () => {
  const { shell, windows } = standIns(['silence']);
  const printer = createElectronPrinter(shell, { noAnswerMs: 50 });
  const result = await printer.print('<p>x</p>', { deviceName: null, paper: '80mm' });
  assert.equal(result.printed === false && result.reason, 'no_answer');
  assert.equal(windows[0]!.destroyed, true);
});

test('a PDF is the same page in inches, without margins; the save dialog can be cancelled', async () => {
  const { shell, windows, answerSave } = standIns();
  const printer = createElectronPrinter(shell);
  await printer.printToPdf('<p>x</p>', '58mm');
  const [options] = windows[0]!.pdfs;
  assert.ok(Math.abs((options!.pageSize as { width: number }).width - 58 / 25.4) < 1e-9);
  assert.deepEqual(options!.margins, { top: 0, bottom: 0, left: 0, right: 0 });
  assert.equal(await printer.choosePdfPath('receipt.pdf'), '/tmp/r.pdf');
  answerSave({ canceled: true, filePath: '' });
  assert.equal(await printer.choosePdfPath('receipt.pdf'), null);
});

test('the CSV export asks the same native dialog, which confirms an overwrite itself', async () => {
  const { shell, answerSave } = standIns();
  const asked: unknown[] = [];
  const dialog = shell.dialog;
  shell.dialog = {
    showSaveDialog: (options: unknown) => {
      asked.push(options);
      return dialog.showSaveDialog(options as never);
    },
  } as never;
  const printer = createElectronPrinter(shell);
  answerSave({ canceled: false, filePath: '/tmp/history.csv' });
  assert.equal(await printer.chooseCsvPath('history-shift-3.csv'), '/tmp/history.csv');
  assert.deepEqual(asked, [
    {
      defaultPath: 'history-shift-3.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
      properties: ['showOverwriteConfirmation'],
    },
  ]);
  answerSave({ canceled: true, filePath: '' });
  assert.equal(await printer.chooseCsvPath('history-shift-3.csv'), null);
});

test('the printer list comes from getPrintersAsync, named as people know them', async () => {
  const printer = createElectronPrinter(standIns().shell);
  assert.deepEqual(await printer.list(), [
    { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III' },
    { name: 'Office_A4', displayName: 'Office_A4' },
  ]);
});

test('the print window is as locked down as the app window', () => {
  const { webPreferences } = printWindowOptions('80mm');
  assert.equal(webPreferences?.sandbox, true);
  assert.equal(webPreferences?.contextIsolation, true);
  assert.equal(webPreferences?.nodeIntegration, false);
  assert.equal(webPreferences?.webSecurity, true);
  assert.equal(webPreferences?.preload, undefined);
});

test('through the core, only what the callback calls a success counts', async (t) => {
  const { shell, windows } = standIns([
    [false, 'Print job canceled'],
    [true, ''],
    [false, 'Print job failed'],
    [true, ''],
  ]);
  const h = await startHarness(t, { printer: createElectronPrinter(shell) });
  const view = await checkout(h);
  const print = () => h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  const counts: number[] = [];
  for (let i = 0; i < 4; i++) counts.push((await print()).operation.printCount);
  assert.deepEqual(counts, [0, 1, 1, 2]);
  const second = decodeURIComponent(windows[3]!.loaded[0]!);
  assert.match(second, /COPY 1/);
  assert.doesNotMatch(decodeURIComponent(windows[1]!.loaded[0]!), /COPY/);
});

// The one thing printing needs from its runtime: a way to put a document on paper or into a PDF.
// The Electron shell gives webContents.print and printToPDF (electron/print.ts); the tests and the
// browser preview give Chromium's page.pdf at the same size. The counting above it is the same code.
import type { Paper, PrinterInfo, PrintResult } from '../../common/contract.ts';

export type PrintJob = {
  /** The printer's system name; null for the system's default printer. */
  deviceName: string | null;
  paper: Paper;
};

export type Printer = {
  list(): Promise<PrinterInfo[]>;
  /**
   * Resolves with whether the printer took the job: never rejects for a refused or cancelled one.
   * An implementation that throws is treated as a failed print.
   */
  print(html: string, job: PrintJob): Promise<PrintResult>;
  printToPdf(html: string, paper: Paper): Promise<Uint8Array>;
  /** Where the agent wants a PDF (a save dialog in the shell); null when they cancel. */
  choosePdfPath(suggestedName: string): Promise<string | null>;
  /**
   * Where the supervisor wants the history as CSV, the same way: the shell's save dialog, whose
   * own overwrite question is the only consent to replace a file. Null when they cancel.
   */
  chooseCsvPath(suggestedName: string): Promise<string | null>;
};

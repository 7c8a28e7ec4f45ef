import type { EventPayload, Request } from '../../common/contract.ts';

/** Main lays out, prints and counts; the renderer only asks and shows what happened. */
export const receiptsApi = {
  print: (request: Request<'receipts.print'>) => window.cashdesk.receipts.print(request),
  savePdf: (request: Request<'receipts.savePdf'>) => window.cashdesk.receipts.savePdf(request),
  printers: () => window.cashdesk.receipts.printers({}),
  testPrint: () => window.cashdesk.receipts.testPrint({}),
  printReport: (request: Request<'receipts.printReport'>) => window.cashdesk.receipts.printReport(request),
  saveReportPdf: (request: Request<'receipts.saveReportPdf'>) =>
    window.cashdesk.receipts.saveReportPdf(request),
  /** Every print, the automatic ones included. */
  onPrinted: (listener: (report: EventPayload<'receipts.printed'>) => void) =>
    window.cashdesk.on('receipts.printed', listener),
};

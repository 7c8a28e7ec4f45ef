// The X and Z reports on paper or as a PDF, laid out by renderShiftReport at the paper set in
// Settings, in the desk's language. Unlike a receipt a report is not counted: printing it again
// later prints the same report, and the support log records each print.
import type { PrintResult, XReport, ZReport } from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Log } from '../log.ts';
import { placeFile } from '../placed-file.ts';
import type { SettingsService } from '../settings/service.ts';
import { createPrintI18n } from './print-words.ts';
import type { Printer } from './printer.ts';
import { sendToPrinter } from './send.ts';
import { renderShiftReport } from './shift-report-template.ts';

/** The shift service's reports: the open shift's X (refused with no shift open), a closed shift's Z. */
export type ShiftReports = { x(): XReport; z(shiftId: number): ZReport };

export type ReportRequest = { kind: 'X' } | { kind: 'Z'; shiftId: number };

type Deps = {
  settings: SettingsService;
  log: Log;
  printer: Printer | undefined;
  reports: ShiftReports;
  /** The desk's zone, which every printed time is in. */
  timeZone: string;
  /** What the desk journal's Z entry says of the upload to the head office (null: not enrolled). */
  headOffice?: (shiftId: number) => { waiting: number; lastReachedAt: string | null } | null;
};

export function createReportPrinting(deps: Deps) {
  const { settings, printer, timeZone } = deps;
  const i18n = createPrintI18n();

  /** The report laid out at the paper set now; the PDF is made at that same paper. */
  function render(request: ReportRequest) {
    const {
      language,
      printing: { paper },
    } = settings.get();
    if (request.kind === 'X') {
      const report = deps.reports.x();
      return {
        html: renderShiftReport({ kind: 'X', report, paper, language, i18n, timeZone }),
        shiftId: report.shift.id,
        paper,
      };
    }
    const report = deps.reports.z(request.shiftId);
    return {
      html: renderShiftReport({
        kind: 'Z',
        report,
        paper,
        language,
        i18n,
        timeZone,
        headOffice: deps.headOffice?.(request.shiftId) ?? null,
      }),
      shiftId: request.shiftId,
      paper,
    };
  }

  return {
    async print(request: ReportRequest): Promise<PrintResult> {
      const { html, shiftId } = render(request);
      const result = await sendToPrinter(printer, settings, html);
      deps.log.info('report_printed', { kind: request.kind, shiftId, result });
      return result;
    },

    async savePdf(request: ReportRequest): Promise<{ path: string | null }> {
      if (!printer) throw new AgentError('conflict', refusal('receipts.noPdf'));
      // Rendered before the dialog opens, so a report that does not exist is refused first.
      const { html, shiftId, paper } = render(request);
      const name = request.kind === 'X' ? `x-report-shift-${shiftId}.pdf` : `z-report-shift-${shiftId}.pdf`;
      const path = await printer.choosePdfPath(name);
      if (!path) return { path: null };
      const pdf = await printer.printToPdf(html, paper);
      await placeFile(path, (file) => file.writeFile(pdf), { replace: true });
      deps.log.info('report_pdf_saved', { kind: request.kind, shiftId });
      return { path };
    },
  };
}

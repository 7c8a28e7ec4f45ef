// The receipt channels, and automatic printing: the printing service follows every operation
// change, so it is told of them here, where the feature is wired.
import type { EventName, OperationView } from '../../common/contract.ts';
import type { Clock } from '../clock.ts';
import type { Emit } from '../events.ts';
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { Printer } from './printer.ts';
import { createReceiptPrinting } from './printing.ts';
import { createReportPrinting, type ShiftReports } from './report-printing.ts';

export type { Printer } from './printer.ts';

type Listener = (event: EventName, payload: unknown) => void;

type ReceiptChannel =
  | 'receipts.print'
  | 'receipts.savePdf'
  | 'receipts.printers'
  | 'receipts.testPrint'
  | 'receipts.printReport'
  | 'receipts.saveReportPdf';

export function createReceiptsFeature(deps: {
  store: Pick<Store, 'operations'>;
  journal: Journal;
  settings: SettingsService;
  log: Log;
  printer: Printer | undefined;
  emit: Emit;
  /** Subscribes to the core's events: automatic printing follows every operation change. */
  on: (listener: Listener) => unknown;
  operator: () => string | null;
  reports: ShiftReports;
  clock: Pick<Clock, 'now'>;
  /** The desk's zone, which every printed time is in. */
  timeZone: string;
  headOffice?: (shiftId: number) => { waiting: number; lastReachedAt: string | null } | null;
}): Feature<HandlerTable<ReceiptChannel>> {
  const printing = createReceiptPrinting({ ...deps, announce: deps.emit });
  const reports = createReportPrinting(deps);
  deps.on((event, payload) => {
    if (event === 'operation.changed') printing.operationChanged(payload as OperationView);
  });
  const handlers: HandlerTable<ReceiptChannel> = {
    'receipts.print': ({ localId, copy }) => printing.print(localId, copy),
    'receipts.savePdf': ({ localId, copy }) => printing.savePdf(localId, copy),
    'receipts.printers': () => printing.printers(),
    'receipts.testPrint': () => printing.testPrint(),
    'receipts.printReport': (request) => reports.print(request),
    'receipts.saveReportPdf': (request) => reports.savePdf(request),
  };
  return { handlers };
}

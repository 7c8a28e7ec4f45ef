// Printing an operation's receipt and counting it. Only a print the printer took counts: the
// first of a document is the original, every later one COPY n. A print that failed or was
// cancelled says so, is logged on the operation, and changes no count.
//
// A receipt states the operation's status, so one printed after the status changed (the final
// receipt after a Pending one) is a new document, and its first print is again the original.

import { basename } from 'node:path';
import { statusWord } from '../../common/cash-rules/status-word.ts';
import type {
  Language,
  OperationEvent,
  OperationView,
  PrintDocument,
  PrintReport,
  PrintResult,
} from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { isTrainingShopName } from '../../common/training-shops.ts';
import { AgentError } from '../app-error.ts';
import { type Clock, isoNow } from '../clock.ts';
import { createKeyedSerial } from '../keyed-serial.ts';
import type { Log } from '../log.ts';
import type { Journal } from '../operations/operation-journal.ts';
import { placeFile } from '../placed-file.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import { createPrintI18n } from './print-words.ts';
import type { Printer } from './printer.ts';
import { renderReceipt } from './receipt-template.ts';
import { sendToPrinter } from './send.ts';
import { renderTestPage } from './test-page-template.ts';

export type Copy = 'payer' | 'agent';

/** The event each document's successful print writes to the operation's log. */
const PRINTED: Record<PrintDocument, string> = {
  receipt: 'receipt_printed',
  agent_copy: 'agent_copy_printed',
  lookup_slip: 'lookup_slip_printed',
};
const PRINT_FAILED = 'print_failed';

type Deps = {
  store: Pick<Store, 'operations'>;
  journal: Journal;
  settings: SettingsService;
  log: Log;
  /** Absent where nothing can print: every print then reports `unavailable`. */
  printer: Printer | undefined;
  announce: (event: 'receipts.printed', report: PrintReport) => void;
  /** Who is at the desk when it prints: each print event names them. */
  operator: () => string | null;
  /** When a document printed, as its event records. */
  clock: Pick<Clock, 'now'>;
  /** The desk's zone, which every printed time is in. */
  timeZone: string;
};

export function createReceiptPrinting(deps: Deps) {
  const { store, journal, settings, printer } = deps;
  const i18n = createPrintI18n();
  // One print at a time per operation: two at once would both be the original.
  const perOperation = createKeyedSerial<number>();

  const send = (html: string) => sendToPrinter(printer, settings, html);

  /**
   * The operation and its view, when the answer lets a paper print now (meaning.receipt.print);
   * refused otherwise, with the cash advice the answer gives.
   */
  function printable(localId: number): { record: OperationRecord; view: OperationView } {
    const record = store.operations.get(localId);
    if (!record) throw new AgentError('not_found', refusal('checkout.noSuchOperation', { localId }));
    const view = journal.view(record);
    if (view.meaning.receipt.print === 'none') {
      throw new AgentError('conflict', refusal('receipts.none'), { localId, cash: view.cash });
    }
    return { record, view };
  }

  /** The answer's paper: a slip for another desk's operation, whatever was asked for. */
  function documentFor(view: OperationView, copy: Copy): PrintDocument {
    if (view.meaning.receipt.print === 'slip') return 'lookup_slip';
    return copy === 'agent' ? 'agent_copy' : 'receipt';
  }

  function copyNumber(record: OperationRecord, document: PrintDocument): number {
    return store.operations
      .events(record.localId)
      .filter((e) => e.kind === PRINTED[document] && e.status === record.status).length;
  }

  /**
   * The payer's receipt speaks the language chosen for it on the confirm step, every print of it.
   * The agent's copy and a lookup slip stay in the desk's: the copy is the desk's own record, read
   * by its agents and supervisor, and a slip is of an operation run elsewhere, whose choice this
   * desk never saw.
   */
  function languageOf(view: OperationView, document: PrintDocument, desk: Language): Language {
    const record = document === 'receipt' ? store.operations.get(view.localId) : undefined;
    return record?.receiptLanguage ?? desk;
  }

  function render(view: OperationView, document: PrintDocument, copy: number): string {
    const current = settings.get();
    return renderReceipt({
      operation: view,
      document,
      shop: { id: view.shopId, name: shopName(current.shops, view) },
      terminalId: view.ownDesk ? view.terminalId : current.terminalId,
      operator: view.operator ?? view.custody?.operator ?? null,
      shiftNumber: view.shiftId ?? null,
      paper: current.printing.paper,
      language: languageOf(view, document, current.language),
      i18n,
      copyNumber: copy,
      printedAt: isoNow(deps.clock),
      timeZone: deps.timeZone,
    });
  }

  async function printNow(localId: number, copy: Copy, automatic: boolean) {
    const { record, view } = printable(localId);
    const document = documentFor(view, copy);
    const number = copyNumber(record, document);
    const result = await send(render(view, document, number));
    const operator = deps.operator();
    const how = automatic ? ', automatic' : '';
    const by = operator ? `, by ${operator}` : '';
    const saved = result.printed
      ? journal.save(localId, document === 'receipt' ? { printCount: record.printCount + 1 } : {}, {
          kind: PRINTED[document],
          detail: `${number === 0 ? 'original' : `COPY ${number}`}${how}${by}`,
        })
      : journal.save(
          localId,
          {},
          { kind: PRINT_FAILED, detail: `${document}: ${result.reason}${how}: ${result.message}${by}` },
        );
    const report: PrintReport = {
      localId,
      document,
      copyNumber: number,
      status: view.status,
      automatic,
      result,
    };
    deps.announce('receipts.printed', report);
    return { ...report, operation: journal.view(saved) };
  }

  function print(localId: number, copy: Copy, automatic = false) {
    // Refused before queueing, so an operation with no receipt answers at once.
    printable(localId);
    return perOperation.run(localId, () => printNow(localId, copy, automatic));
  }

  /** The payer's receipt, then the agent's copy if Settings ask for one and the first went through. */
  async function printSet(localId: number, automatic: boolean) {
    const first = await print(localId, 'payer', automatic);
    if (first.result.printed && first.document === 'receipt' && settings.get().printing.agentCopy) {
      await print(localId, 'agent', automatic);
    }
  }

  /**
   * Automatic printing: the Pending receipt right after the gateway created the operation, and the
   * final one at the moment the answer first allows it on a completed operation (a payin's capture
   * after the cash was taken, a payout's hand-over after its capture). Decided from the answer and
   * the operation's own log, so a restart or a repeated event never prints twice, and an old
   * operation looked at again never prints at all.
   */
  function operationChanged(view: OperationView) {
    const { autoPrint } = settings.get().printing;
    const { print } = view.meaning.receipt;
    if (!(autoPrint.pending || autoPrint.final) || (print !== 'pending' && print !== 'final')) return;
    const events = store.operations.events(view.localId);
    const due =
      (autoPrint.pending && print === 'pending' && justCreated(view, events)) ||
      (autoPrint.final && print === 'final' && justFinal(view, events));
    if (!due) return;
    printSet(view.localId, true).catch((error: unknown) =>
      deps.log.warn('auto_print_failed', { localId: view.localId, error }),
    );
  }

  async function savePdf(localId: number, copy: Copy): Promise<{ path: string | null }> {
    const { record, view } = printable(localId);
    if (!printer) throw new AgentError('conflict', refusal('receipts.noPdf'), { localId });
    const document = documentFor(view, copy);
    const path = await printer.choosePdfPath(
      `${document}-${view.operationNumber.replace(/[^\w-]/g, '_')}.pdf`,
    );
    if (!path) return { path: null };
    const pdf = await printer.printToPdf(
      render(view, document, copyNumber(record, document)),
      settings.get().printing.paper,
    );
    await placeFile(path, (file) => file.writeFile(pdf), { replace: true });
    journal.save(localId, {}, { kind: 'pdf_saved', detail: `${document}: ${basename(path)}` });
    return { path };
  }

  async function testPrint(): Promise<PrintResult> {
    const current = settings.get();
    const { printer: deviceName, paper } = current.printing;
    const result = await send(
      renderTestPage({
        printer: deviceName,
        paper,
        language: current.language,
        i18n,
        terminalId: current.terminalId,
        printedAt: isoNow(deps.clock),
        timeZone: deps.timeZone,
      }),
    );
    deps.log.info('test_print', { printer: deviceName, paper, result });
    return result;
  }

  return {
    print,
    savePdf,
    testPrint,
    operationChanged,
    printers: async () => ({ printers: printer ? await printer.list() : [] }),
  };
}

/** The receipts' printing service; `Printing` is the settings' printing part (common/printing.ts). */
export type ReceiptPrinting = ReturnType<typeof createReceiptPrinting>;

/** The only event since the gateway took the operation is the one that recorded it. */
function justCreated(view: OperationView, events: OperationEvent[]): boolean {
  return view.meaning.status.word === 'pending' && events.filter((e) => e.phase === 'created').length === 1;
}

/** Completed, and the latest event is the one that made its final receipt due: the cash recorded, or the capture. */
function justFinal(view: OperationView, events: OperationEvent[]): boolean {
  if (!view.meaning.status.completed) return false;
  const last = events.at(-1);
  const before = events.at(-2);
  if (!last) return false;
  if (last.kind === 'cash_received' || last.kind === 'cash_handed_over') return true;
  const completedBy = (status: string | null | undefined) => statusWord(status ?? null) === 'completed';
  return completedBy(last.status) && !completedBy(before?.status);
}

/** The shop's name as a payer reads it; a Live receipt never prints a training gateway's name. */
function shopName(shops: readonly { id: number; name: string }[], view: OperationView): string {
  const name = shops.find((s) => s.id === view.shopId)?.name ?? '';
  return !view.training && isTrainingShopName(name) ? '' : name;
}

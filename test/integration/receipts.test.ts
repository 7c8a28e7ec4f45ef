// Printing through the real core on a real sandbox, with Chromium as the printer (page.pdf at the
// paper's size, as the browser preview prints): what counts as printed, what each print says
// (original, COPY n, agent copy, lookup slip), automatic printing, Save as PDF and the settings.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import type { Printing } from '../../common/contract.ts';
import { receiptCode } from '../../common/receipt-code.ts';
import { createChromiumPrinter, PREVIEW_PRINTER } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { RESULTS_DIR } from '../e2e/stack.ts';
import {
  checkout,
  foreignOperation,
  type Harness,
  HarnessError,
  openSession,
  requisitesFor,
  SHOP,
  startHarness,
  until,
} from '../support/core.ts';
import { PT_PER_MM, pageSizes, pdfText, readQr, renderPng } from '../support/pdf.ts';

const OUT = join(RESULTS_DIR, 'receipts');

async function printing(t: TestContext) {
  const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-printed-')), sharedPrintPage);
  t.after(() => printer.close());
  const h = await startHarness(t, { printer });
  return { h, printer };
}

async function setPrinting(h: Harness, patch: Partial<Printing>) {
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await h.call('settings.save', { ...rest, printing: { ...settings.printing, ...patch } });
}

/** Keeps a printed PDF, and its picture, among the test results. */
function keep(pdf: string, name: string): string {
  mkdirSync(OUT, { recursive: true });
  copyFileSync(pdf, join(OUT, `${name}.pdf`));
  return renderPng(join(OUT, `${name}.pdf`), join(OUT, name));
}

const flat = (pdf: string) => pdfText(pdf).replace(/\s+/g, ' ');

test('only a print the printer took counts; a cancelled or failed one says so; later ones are COPY n', async (t) => {
  const { h, printer } = await printing(t);
  const view = await checkout(h, { type: 'payin', amount: '1500' });

  const first = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.deepEqual(first.result, { printed: true });
  assert.equal(first.document, 'receipt');
  assert.equal(first.copyNumber, 0);
  assert.equal(first.operation.printCount, 1);

  printer.answerNext({ printed: false, reason: 'cancelled', message: 'Print job canceled' });
  const cancelled = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(cancelled.result.printed, false);
  assert.equal(cancelled.result.printed === false && cancelled.result.reason, 'cancelled');
  assert.equal(cancelled.operation.printCount, 1);

  printer.answerNext({ printed: false, reason: 'failed', message: 'Out of paper' });
  const failed = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(failed.result.printed === false && failed.result.reason, 'failed');
  assert.equal(failed.operation.printCount, 1);

  const copy1 = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  const copy2 = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.deepEqual([copy1.copyNumber, copy2.copyNumber], [1, 2]);
  assert.equal(copy2.operation.printCount, 3);

  assert.equal(printer.printed.length, 3);
  const [original, , last] = printer.printed.map((p) => p.pdf);
  assert.doesNotMatch(flat(original!), /COPY/);
  assert.match(flat(last!), /COPY 2/);
  const png = keep(last!, 'receipt-copy2-printed');
  assert.equal(readQr(png), receiptCode(SHOP, view.operationNumber));

  const { events } = await h.call('history.get', { localId: view.localId });
  const prints = events.filter((e) => e.kind === 'receipt_printed' || e.kind === 'print_failed');
  assert.deepEqual(
    prints.map((e) => [e.kind, e.detail]),
    [
      ['receipt_printed', 'original, by Training'],
      ['print_failed', 'receipt: cancelled: Print job canceled, by Training'],
      ['print_failed', 'receipt: failed: Out of paper, by Training'],
      ['receipt_printed', 'COPY 1, by Training'],
      ['receipt_printed', 'COPY 2, by Training'],
    ],
  );
  const pushed = h.events.filter((e) => e.event === 'receipts.printed');
  assert.equal(pushed.length, 5);
});

test('prints of one operation never run at once: a double click gives an original and COPY 1', async (t) => {
  const { h } = await printing(t);
  const view = await checkout(h);
  const both = await Promise.all([
    h.call('receipts.print', { localId: view.localId, copy: 'payer' }),
    h.call('receipts.print', { localId: view.localId, copy: 'payer' }),
  ]);
  assert.deepEqual(both.map((p) => p.copyNumber).sort(), [0, 1]);
});

test('the final receipt after a Pending one is a new original; the agent copy has the settlement', async (t) => {
  const { h, printer } = await printing(t);
  const view = await checkout(h, { type: 'payin', amount: '1500' });
  const pending = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(pending.status, 'created', 'the report says which status the paper states');
  assert.match(flat(printer.printed[0]!.pdf), /Pending — not a final confirmation/);

  await h.call('checkout.confirmTraining', { localId: view.localId });
  // Completed at the gateway, but the cash is not taken yet: no receipt may say it was.
  await assert.rejects(
    h.call('receipts.print', { localId: view.localId, copy: 'payer' }),
    (e) => e instanceof HarnessError && e.error.kind === 'conflict' && e.error.cash === 'accept',
  );
  await h.call('checkout.recordCash', { localId: view.localId });
  const final = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(final.copyNumber, 0);
  assert.equal(final.status, 'captured');
  assert.match(flat(printer.printed[1]!.pdf), /Status Completed/);
  assert.doesNotMatch(flat(printer.printed[1]!.pdf), /COPY/);

  const agent = await h.call('receipts.print', { localId: view.localId, copy: 'agent' });
  assert.equal(agent.document, 'agent_copy');
  assert.equal(agent.operation.printCount, 2, "the agent's copy is not the payer's receipt");
  const text = flat(printer.printed[2]!.pdf);
  assert.match(text, /RECEIPT — AGENT COPY/);
  assert.ok(agent.operation.settlementAmount);
  assert.match(text, /Settlement amount/);
  assert.match(text, /Payer's signature/);
});

test("the payer's receipt prints in the language chosen at confirm, reprints too; the agent copy in the desk's", async (t) => {
  const { h, printer } = await printing(t);
  const session = await openSession(h, { type: 'payin', amount: '1500' });
  await assert.rejects(
    h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
      receiptLanguage: 'de',
    } as never),
    (e) => e instanceof HarnessError && e.error.kind === 'invalid_input',
    'a language the app has no words for is refused at the boundary',
  );
  const view = await h.call('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
    receiptLanguage: 'kk',
  });
  const stored = (localId: number) => ({
    ...h.probe.sql(`SELECT receipt_language AS language FROM operations WHERE local_id = ${localId}`)[0]!,
  });
  assert.deepEqual(stored(view.localId), { language: 'kk' }, 'kept with the operation');

  await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  await h.call('receipts.print', { localId: view.localId, copy: 'agent' });
  const [original, reprint, agent] = printer.printed.map((p) => flat(p.pdf));
  assert.match(original!, /ТҮБІРТЕК/);
  assert.match(original!, /Қолма-қол ақша енгізу/);
  assert.doesNotMatch(original!, /RECEIPT|Cash in/);
  assert.match(reprint!, /КӨШІРМЕ 1/);
  assert.match(agent!, /RECEIPT — AGENT COPY/);

  // Without a choice (an older client, a test) the receipt is in the desk's language.
  const plain = await checkout(h, { type: 'payin', amount: '700' });
  assert.deepEqual(stored(plain.localId), { language: null });
  await h.call('receipts.print', { localId: plain.localId, copy: 'payer' });
  assert.match(flat(printer.printed[3]!.pdf), /RECEIPT/);
});

test('on 58 mm paper the printed page is 58 mm wide', async (t) => {
  const { h, printer } = await printing(t);
  await setPrinting(h, { paper: '58mm', printer: PREVIEW_PRINTER.name });
  const view = await checkout(h, { type: 'payout', amount: '5000' });
  await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(printer.printed[0]!.job.deviceName, PREVIEW_PRINTER.name);
  assert.equal(printer.printed[0]!.job.paper, '58mm');
  const [page] = pageSizes(printer.printed[0]!.pdf);
  assert.ok(Math.abs(page!.width - 58 * PT_PER_MM) < 1, `${page!.width} pt`);
});

test("another desk's operation, found by lookup, gets a lookup slip and never a receipt", async (t) => {
  const { h, printer } = await printing(t);
  await foreignOperation(h.sandbox, 'T99-261122-0001');
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'T99-261122-0001' });
  assert.equal(found.state, 'found');
  const localId = found.state === 'found' ? found.operation.localId : 0;
  for (const copy of ['payer', 'agent'] as const) {
    const slip = await h.call('receipts.print', { localId, copy });
    assert.equal(slip.document, 'lookup_slip');
    assert.equal(slip.operation.printCount, 0);
  }
  const text = flat(printer.printed[0]!.pdf);
  assert.match(text, /LOOKUP SLIP — NOT A RECEIPT/);
  assert.doesNotMatch(text, /signature|Cash received/);
  keep(printer.printed[0]!.pdf, 'lookup-slip-printed');
  const { events } = await h.call('history.get', { localId });
  assert.equal(events.filter((e) => e.kind === 'lookup_slip_printed').length, 2);
});

test('there is no receipt for an attempt the gateway does not hold', async (t) => {
  const { h, printer } = await printing(t);
  const session = await openSession(h, { type: 'payin', amount: '1500' });
  for (const call of [
    () => h.call('receipts.print', { localId: session.localId, copy: 'payer' }),
    () => h.call('receipts.savePdf', { localId: session.localId, copy: 'payer' }),
  ]) {
    await assert.rejects(call, (e) => e instanceof HarnessError && e.error.kind === 'conflict');
  }
  assert.equal(printer.printed.length, 0);
  assert.equal((await h.call('history.get', { localId: session.localId })).operation.printCount, 0);
});

test('automatic printing: the Pending receipt on creation, the final one once completed and cash recorded', async (t) => {
  const { h, printer } = await printing(t);
  await setPrinting(h, { agentCopy: true, autoPrint: { pending: true, final: true } });
  const automatic = () => h.events.filter((e) => e.event === 'receipts.printed' && e.payload.automatic);

  const payin = await checkout(h, { type: 'payin', amount: '1500' });
  await h.waitFor('receipts.printed', (p) => p.localId === payin.localId && p.document === 'agent_copy');
  assert.deepEqual(
    printer.printed.map((p) => /Pending — not a final confirmation/.test(flat(p.pdf))),
    [true, true],
  );
  await h.call('checkout.recordCash', { localId: payin.localId });
  await h.call('checkout.confirmTraining', { localId: payin.localId });
  await h.waitFor(
    'receipts.printed',
    (p) => p.localId === payin.localId && p.document === 'agent_copy' && printer.printed.length === 4,
  );
  const final = flat(printer.printed[2]!.pdf);
  assert.match(final, /Status Completed/);
  assert.match(final, /Cash received/);
  assert.doesNotMatch(final, /COPY/);
  keep(printer.printed[2]!.pdf, 'receipt-auto-final-payin');

  // Looking at it again prints nothing more.
  await h.call('history.refresh', { localId: payin.localId });
  await h.call('checkout.recordCash', { localId: payin.localId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(automatic().length, 4);

  // A payout's final receipt comes when the cash is handed over, after the capture.
  const payout = await checkout(h, { type: 'payout', amount: '5000' });
  await h.waitFor('receipts.printed', (p) => p.localId === payout.localId && p.document === 'agent_copy');
  await h.call('checkout.confirmTraining', { localId: payout.localId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(printer.printed.length, 6, 'not yet: the cash is not handed over');
  await h.call('checkout.recordCash', { localId: payout.localId });
  await until(() => printer.printed.length === 8, 'the final payout receipts');
  assert.match(flat(printer.printed[6]!.pdf), /Cash handed over/);
});

test('a failed automatic print is reported and not retried, and counts nothing', async (t) => {
  const { h, printer } = await printing(t);
  await setPrinting(h, { autoPrint: { pending: true, final: false } });
  printer.answerNext({ printed: false, reason: 'failed', message: 'Printer offline' });
  const view = await checkout(h);
  const report = await h.waitFor('receipts.printed', (p) => p.localId === view.localId);
  assert.deepEqual(report.result, { printed: false, reason: 'failed', message: 'Printer offline' });
  assert.equal(report.automatic, true);
  await h.call('history.refresh', { localId: view.localId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(printer.printed.length, 0);
  assert.equal((await h.call('history.get', { localId: view.localId })).operation.printCount, 0);
});

test('Save as PDF writes the receipt where the agent chose, and is no print', async (t) => {
  const { h, printer } = await printing(t);
  const view = await checkout(h);
  const saved = await h.call('receipts.savePdf', { localId: view.localId, copy: 'payer' });
  assert.ok(saved.path && existsSync(saved.path));
  assert.match(flat(saved.path), new RegExp(view.operationNumber));
  printer.cancelNextSave();
  assert.deepEqual(await h.call('receipts.savePdf', { localId: view.localId, copy: 'payer' }), {
    path: null,
  });
  const { operation, events } = await h.call('history.get', { localId: view.localId });
  assert.equal(operation.printCount, 0);
  assert.equal(events.filter((e) => e.kind === 'pdf_saved').length, 1);
});

test('the printer list and the test print', async (t) => {
  const { h, printer } = await printing(t);
  assert.deepEqual(await h.call('receipts.printers', {}), { printers: [PREVIEW_PRINTER] });
  assert.deepEqual(await h.call('receipts.testPrint', {}), { printed: true });
  assert.match(flat(printer.printed[0]!.pdf), /TEST PRINT/);
  printer.answerNext({ printed: false, reason: 'failed', message: 'No paper' });
  assert.deepEqual(await h.call('receipts.testPrint', {}), {
    printed: false,
    reason: 'failed',
    message: 'No paper',
  });
});

test('where nothing can print, a print says so and counts nothing', async (t) => {
  const h = await startHarness(t);
  const view = await checkout(h);
  const report = await h.call('receipts.print', { localId: view.localId, copy: 'payer' });
  assert.equal(report.result.printed === false && report.result.reason, 'unavailable');
  assert.equal(report.operation.printCount, 0);
  assert.deepEqual(await h.call('receipts.printers', {}), { printers: [] });
});

// Which receipt may print, what it says, and the status words: the answer's receipt and status
// parts (main/operations/receipt-answer.ts), through the real core on a real sandbox, with Chromium
// as the printer. A final receipt only once the cash is recorded; a status word the same on the
// receipt, in English, Russian and Kazakh, final or not as the answer says; a non-cash payout never
// worded as cash, on its receipt or on the X and Z reports.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import type { Language, OperationView, Printing } from '../../common/contract.ts';
import { printEn } from '../../common/i18n/print.en.ts';
import { printKk } from '../../common/i18n/print.kk.ts';
import { printRu } from '../../common/i18n/print.ru.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import {
  checkout,
  type Harness,
  HarnessError,
  openSession,
  requisitesFor,
  SHOP,
  startHarness,
} from '../support/core.ts';
import { pdfText } from '../support/pdf.ts';

/** The training gateway's card payout (instrument bank_transfer): no cash at this desk. */
const CARD_KZT_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000202';
const WORDS = { en: printEn, ru: printRu, kk: printKk } as const;

async function printing(t: TestContext) {
  const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-answer-')), sharedPrintPage);
  t.after(() => printer.close());
  const h = await startHarness(t, { printer });
  return { h, printer };
}

const flat = (pdf: string) => pdfText(pdf).replace(/\s+/g, ' ');

async function refreshed(h: Harness, localId: number, until: (v: OperationView) => boolean) {
  await h.call('history.refresh', { localId });
  return h.waitFor('operation.changed', (v) => v.localId === localId && until(v));
}

async function noReceipt(h: Harness, localId: number) {
  await assert.rejects(
    h.call('receipts.print', { localId, copy: 'payer' }),
    (e) => e instanceof HarnessError && e.error.kind === 'conflict',
  );
}

async function setDesk(h: Harness, patch: { language?: Language; printing?: Partial<Printing> }) {
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await h.call('settings.save', {
    ...rest,
    ...(patch.language ? { language: patch.language } : {}),
    printing: { ...settings.printing, ...patch.printing },
  });
}

test("a payout's final receipt prints only once its cash is handed over, never before", async (t) => {
  const { h, printer } = await printing(t);
  const payout = await checkout(h, { type: 'payout', amount: '30000' });
  assert.deepEqual(payout.meaning.receipt, { print: 'pending', wording: 'cash_out' });
  const captured = await h.call('checkout.confirmTraining', { localId: payout.localId });
  assert.equal(captured.meaning.custody.action, 'handed_over');
  assert.deepEqual(captured.meaning.receipt, { print: 'none', wording: 'cash_out' });
  assert.deepEqual(captured.meaning.status, { word: 'completed', final: true, completed: true });
  await noReceipt(h, payout.localId);
  assert.equal(printer.printed.length, 0, 'no paper says the cash moved before it has');

  const handed = await h.call('checkout.recordCash', { localId: payout.localId });
  assert.equal(handed.meaning.receipt.print, 'final');
  const final = await h.call('receipts.print', { localId: payout.localId, copy: 'payer' });
  assert.equal(final.document, 'receipt');
  const text = flat(printer.printed[0]!.pdf);
  assert.match(text, /Cash out \(withdrawal\)/);
  assert.match(text, /Status Completed/);
  assert.match(text, /Cash handed over/);
  assert.doesNotMatch(text, /does not confirm/);
});

test('a payin cancelled after its cash was given back reads final and ended, the same in en, ru and kk', async (t) => {
  const { h, printer } = await printing(t);
  let shiftId: number | null = null;
  for (const [i, language] of (['en', 'ru', 'kk'] as const).entries()) {
    const session = await openSession(h, { type: 'payin', amount: '6000' });
    const payin = await h.call('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
      receiptLanguage: language,
    });
    await h.call('checkout.recordCash', { localId: payin.localId });
    assert.ok(h.sandbox.setStatus(SHOP, payin.operationNumber, 'cancelled'));
    const cancelled = await refreshed(h, payin.localId, (v) => v.status === 'cancelled');
    assert.deepEqual(cancelled.meaning.status, { word: 'ended', final: true, completed: false });
    assert.equal(cancelled.final, true, 'the status answer and the operation agree');
    assert.equal(cancelled.meaning.receipt.print, 'none', 'the cash is still to give back');
    await noReceipt(h, payin.localId);
    const returned = await h.call('checkout.recordCash', { localId: payin.localId, action: 'returned' });
    assert.equal(returned.meaning.receipt.print, 'final');
    shiftId = returned.shiftId;
    await h.call('receipts.print', { localId: payin.localId, copy: 'payer' });
    const text = flat(printer.printed[i]!.pdf);
    const w = WORDS[language];
    // The gateway's word in the paper's language: "cancelled" stays English only on an English receipt.
    const ended = w.statusEnded.replace('{{status}}', w.gatewayStatus.cancelled);
    assert.ok(text.includes(ended), `${language}: ${text}`);
    if (language !== 'en') assert.ok(!text.includes('cancelled'), `${language}: ${text}`);
    assert.ok(!text.includes(w.pendingNote), `${language}: a final receipt is no Pending one`);
    assert.ok(text.includes(w.cashReturned), language);
  }

  // The CSV rows read the status as the receipt does: ended, final.
  const csv = await h.call('history.exportCsv', { shiftId: shiftId! });
  const [header, ...rows] = readFileSync(csv.path!, 'utf8')
    .slice(1)
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  const column = (row: string[], name: string) => row[header!.indexOf(name)];
  assert.equal(rows.length, 3);
  for (const row of rows) {
    assert.deepEqual(
      [column(row, 'status'), column(row, 'status_word'), column(row, 'status_final')],
      ['cancelled', 'ended', 'true'],
    );
  }
});

test('a card payout is never worded as cash: its receipt and the X and Z reports say no cash at this desk', async (t) => {
  const { h, printer } = await printing(t);
  const payout = await checkout(h, { type: 'payout', methodId: CARD_KZT_OUT, amount: '12000' });
  assert.deepEqual(payout.meaning.receipt, { print: 'pending', wording: 'no_cash' });
  const captured = await h.call('checkout.confirmTraining', { localId: payout.localId });
  assert.equal(captured.meaning.receipt.print, 'final', 'no cash to hand over here: final at once');
  await h.call('receipts.print', { localId: payout.localId, copy: 'payer' });
  const receipt = flat(printer.printed[0]!.pdf);
  assert.match(receipt, /Non-cash payment out/);
  assert.match(receipt, /No cash at this desk/);
  assert.doesNotMatch(receipt, /Cash out|withdrawal|Cash handed over/);

  const x = await h.call('shift.report', {});
  const line = x.totals.find((l) => l.methodId === CARD_KZT_OUT);
  assert.equal(line?.wording, 'no_cash');
  assert.equal(line?.capturedCount, 1);

  await setDesk(h, { language: 'kk' });
  const z = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '0' }] });
  assert.deepEqual(await h.call('receipts.printReport', { kind: 'Z', shiftId: z.shift.id }), {
    printed: true,
  });
  const report = flat(printer.printed.at(-1)!.pdf);
  assert.ok(report.includes(`${printKk.noCash.payout} · Card payout KZT`), report);
  assert.ok(!report.includes(`${printKk.type.payout} · Card payout KZT`), 'never under cash out');
});

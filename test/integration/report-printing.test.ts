// The X and Z reports printed through the real core, with Chromium as the printer: the X report of
// the open shift, the Z report of a closed one (its number, count and variance), both at the
// paper set in Settings, as a PDF where the agent chose, and refusals when there is no report.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import type { AppError, Result } from '../../common/contract.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { RESULTS_DIR } from '../e2e/stack.ts';
import { checkout, startHarness } from '../support/core.ts';
import { OPERATOR_PIN } from '../support/desk.ts';
import { PT_PER_MM, pageSizes, pdfText, renderPng } from '../support/pdf.ts';

const OUT = join(RESULTS_DIR, 'reports');

async function printing(t: TestContext) {
  const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-reports-')), sharedPrintPage);
  t.after(() => printer.close());
  const h = await startHarness(t, { printer });
  return { h, printer };
}

/** Keeps a printed report, and its picture, among the test results. */
function keep(pdf: string, name: string): void {
  mkdirSync(OUT, { recursive: true });
  copyFileSync(pdf, join(OUT, `${name}.pdf`));
  renderPng(join(OUT, `${name}.pdf`), join(OUT, name));
}

const flat = (pdf: string) => pdfText(pdf).replace(/\s+/g, ' ');

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

test('the X report of the open shift and the Z report of a closed one print at the paper set', async (t) => {
  const { h, printer } = await printing(t);
  const operator = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
  await h.call('shift.open', {
    operatorId: operator.id,
    pin: OPERATOR_PIN,
    float: [{ currency: 'KZT', denominations: [{ value: '5000', count: 4 }] }],
  });
  const payin = await checkout(h, { type: 'payin', amount: '7000' });
  await h.call('checkout.recordCash', { localId: payin.localId });

  assert.deepEqual(await h.call('receipts.printReport', { kind: 'X' }), { printed: true });
  const x = printer.printed.at(-1)!;
  assert.equal(x.job.paper, '80mm');
  assert.ok(Math.abs(pageSizes(x.pdf)[0]!.width - 80 * PT_PER_MM) < 1, '80 mm wide');
  const xText = flat(x.pdf);
  assert.match(xText, /X REPORT/);
  assert.match(xText, /Aigerim/);
  assert.match(xText, /KZT\s?27,000\.00/, 'the expected cash: float 20,000 + received 7,000');
  assert.match(xText, /TRAINING/);
  keep(x.pdf, 'x-report-80mm');

  // 600 short of the 27,000 expected, over KZT's 500: the note goes on the printed report.
  const z = await h.call('shift.close', {
    counted: [{ currency: 'KZT', total: '26400' }],
    note: 'Short 600: change given twice',
  });
  assert.equal(refusal(await h.invoke('receipts.printReport', { kind: 'X' })).kind, 'conflict');
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await h.call('settings.save', { ...rest, printing: { ...settings.printing, paper: 'A4' } });
  assert.deepEqual(await h.call('receipts.printReport', { kind: 'Z', shiftId: z.shift.id }), {
    printed: true,
  });
  const printed = printer.printed.at(-1)!;
  assert.equal(printed.job.paper, 'A4');
  const zText = flat(printed.pdf);
  assert.match(zText, new RegExp(`Z REPORT No. ${z.number}`));
  assert.match(zText, /Counted/);
  assert.match(zText, /Variance Short by KZT\s?600\.00 \(over the allowed\)/);
  assert.match(zText, /Note: Short 600: change given twice/);
  keep(printed.pdf, 'z-report-A4');

  const saved = await h.call('receipts.saveReportPdf', { kind: 'Z', shiftId: z.shift.id });
  assert.ok(saved.path && existsSync(saved.path), 'the PDF where the agent chose');
  assert.equal(printer.printed.length, 2, 'a saved PDF is no print');
  printer.cancelNextSave();
  assert.deepEqual(await h.call('receipts.saveReportPdf', { kind: 'Z', shiftId: z.shift.id }), {
    path: null,
  });
  assert.equal(
    refusal(await h.invoke('receipts.printReport', { kind: 'Z', shiftId: z.shift.id + 1 })).kind,
    'not_found',
  );
});

test('receipts, slips and reports print the desk’s local time with its zone, not the process’s UTC', async (t) => {
  // The tests' machine runs in UTC, as the core's utility process read the time; the shell names Almaty.
  const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-zone-')), sharedPrintPage);
  t.after(() => printer.close());
  const h = await startHarness(t, { printer, timeZone: 'Asia/Almaty' });
  const payin = await checkout(h, { type: 'payin' });
  await h.call('checkout.recordCash', { localId: payin.localId });
  await h.call('receipts.print', { localId: payin.localId, copy: 'payer' });
  await h.call('receipts.printReport', { kind: 'X' });
  const moved = await h.call('shift.cashMovement', {
    kind: 'added',
    currency: 'KZT',
    amount: '1000',
    reason: 'Change for the morning',
  });
  assert.deepEqual(moved.slip, { printed: true });
  const texts = printer.printed.slice(-3).map((p) => flat(p.pdf));
  assert.equal(texts.length, 3);
  for (const text of texts) {
    assert.match(text, /GMT\+5/, text.slice(0, 200));
    assert.doesNotMatch(text, /\bUTC\b/);
  }
});

test('a printer that refuses a report says so, and where nothing prints the report says that', async (t) => {
  const { h, printer } = await printing(t);
  await checkout(h, { type: 'payin', amount: '1500' });
  printer.answerNext({ printed: false, reason: 'failed', message: 'Out of paper' });
  assert.deepEqual(await h.call('receipts.printReport', { kind: 'X' }), {
    printed: false,
    reason: 'failed',
    message: 'Out of paper',
  });

  const bare = await startHarness(t);
  await checkout(bare, { type: 'payin', amount: '1500' });
  const result = await bare.call('receipts.printReport', { kind: 'X' });
  assert.equal(result.printed === false && result.reason, 'unavailable');
});

// Receipts are laid out at paper width and checked the way the GUIDE asks: rendered to a PDF of
// that width in real Chromium, then read back with pdftotext.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { RECEIPT_WIDTHS } from '../../common/contract.ts';
import { checkout, HarnessError, METHODS, openSession, SHOP, startHarness } from '../support/core.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test('a receipt fits every paper width, says TRAINING, and reprints say COPY', async (t) => {
  const h = await startHarness(t);
  const view = await checkout(h, { type: 'payout', amount: '5000' });
  h.sandbox.capture(SHOP, view.operationNumber);
  await h.call('checkout.confirmTraining', { localId: view.localId });

  for (const width of RECEIPT_WIDTHS) {
    const { text, copy } = await h.call('receipts.render', { localId: view.localId, width });
    assert.equal(copy, false);
    for (const line of text.split('\n')) assert.ok(line.length <= width, `${width}: "${line}"`);
    assert.match(text, /TRAINING/);
    assert.match(text, new RegExp(view.operationNumber));
    assert.match(text, /5,000\.00/);
    assert.match(text, /Completed/);
    assert.doesNotMatch(text, /COPY/);
  }

  const printed = await h.call('receipts.markPrinted', { localId: view.localId });
  assert.equal(printed.printCount, 1);
  const reprint = await h.call('receipts.render', { localId: view.localId, width: 42 });
  assert.equal(reprint.copy, true);
  assert.match(reprint.text, /\*\*\* COPY \*\*\*/);
  const { events } = await h.call('history.get', { localId: view.localId });
  assert.ok(events.some((e) => e.kind === 'receipt_printed'));
});

test('the receipt follows the language setting', async (t) => {
  const h = await startHarness(t);
  const view = await checkout(h, { type: 'payin', amount: '1500' });
  const state = await h.call('app.getState', {});
  const { mode: _mode, ...settings } = state.settings;
  await h.call('settings.save', { ...settings, language: 'ru' });
  const { text } = await h.call('receipts.render', { localId: view.localId, width: 32 });
  assert.match(text, /ОБУЧЕНИЕ/);
  assert.match(text, /Ожидает подтверждения/);
});

test('there is no receipt for an attempt the gateway does not hold', async (t) => {
  const h = await startHarness(t);
  const session = await openSession(h, { type: 'payin', amount: '1500' });
  await assert.rejects(
    h.call('receipts.render', { localId: session.localId, width: 42 }),
    (e) => e instanceof HarnessError && e.error.kind === 'conflict',
  );
  await assert.rejects(
    h.call('receipts.markPrinted', { localId: session.localId }),
    (e) => e instanceof HarnessError && e.error.kind === 'conflict',
  );
  assert.equal((await h.call('history.get', { localId: session.localId })).operation.printCount, 0);
});

test('on 80 mm and 58 mm paper the PDF keeps every line whole', async (t) => {
  const h = await startHarness(t);
  const view = await checkout(h, { type: 'payin', amount: '12345.67', methodId: METHODS.bankTryIn });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  t.after(() => browser.close());
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-receipt-'));
  for (const [paper, width] of [
    ['80mm', 42],
    ['58mm', 32],
  ] as const) {
    const { text } = await h.call('receipts.render', { localId: view.localId, width });
    const page = await browser.newPage();
    await page.setContent(
      `<style>@page{margin:2mm} body{margin:0;font:9pt/1.2 monospace} pre{margin:0;white-space:pre}</style><pre></pre>`,
    );
    await page.$eval('pre', (pre, content) => (pre.textContent = content), text);
    const pdf = join(dir, `receipt-${paper}.pdf`);
    writeFileSync(pdf, await page.pdf({ width: paper, height: '200mm', printBackground: true }));
    const squash = (line: string) => line.trim().replace(/\s+/g, ' ');
    const read = new Set(
      execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\n').map(squash),
    );
    for (const line of text.split('\n').filter((l) => l.trim())) {
      assert.ok(read.has(squash(line)), `${paper}: "${line.trim()}" is cut or wrapped in the PDF`);
    }
  }
});

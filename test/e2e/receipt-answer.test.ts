// Which receipt the screens offer and the status words they show, in Chromium against the real core
// and sandbox: the answer's receipt and status parts (main/operations/receipt-answer.ts). A captured
// payout's hand-over screen offers only the hand-over, and its final receipt says the cash was
// handed over; a payout cancelled after the hand-over can be read again from Completed and reads
// ended; a payin cancelled after its cash was given back reads final and ended on every part of the
// screen, in English, Russian and Kazakh. Screenshots: test-results/screens/receipt-answer-*/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { XReport } from '../../common/contract.ts';
import { printEn } from '../../common/i18n/print.en.ts';
import { printKk } from '../../common/i18n/print.kk.ts';
import { printRu } from '../../common/i18n/print.ru.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { REQUISITE_VALUES, SHOP, until } from '../support/core.ts';
import { pdfText } from '../support/pdf.ts';
import { confirmPhone, custodyButton, openHome, startCashPayin } from './flows.ts';
import { startE2E } from './harness.ts';

const CATALOGUES = { en, ru, kk } as const;
const PRINTED = { en: printEn, ru: printRu, kk: printKk } as const;

/** A KZT 30,000 cash payout, through the screens, to the gateway's capture. */
async function capturedPayout(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Cash out/ }).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('30000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('PAYER-OUT');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(REQUISITE_VALUES.fullName!);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm (training)' }).click();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  return page.getByTestId('operation-number').innerText();
}

test('the hand-over screen offers only the hand-over; the final receipt comes after it and says so', async (t) => {
  const h = await startE2E(t, 'receipt-answer-handover');
  const { page } = h;
  await openHome(page, h.url);
  await capturedPayout(page);
  await custodyButton(page, 'Cash handed to the payer: KZT\u00a030,000.00').waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Hand the cash to the payer/);
  assert.equal(await page.getByTestId('finish').count(), 0, 'nothing finishes over the cash owed');
  assert.equal(await page.getByRole('button', { name: /Print/ }).count(), 0, 'no receipt before the cash');
  await h.screen('cash-due');

  await custodyButton(page, 'Cash handed to the payer: KZT\u00a030,000.00').click();
  const finish = page.getByTestId('finish');
  await finish.getByText('Print receipt and finish').waitFor();
  await finish.click();
  await page.locator('.tile-payin').waitFor();
  assert.equal(h.printer.printed.length, 1);
  const receipt = pdfText(h.printer.printed[0]!.pdf).replace(/\s+/g, ' ');
  assert.match(receipt, /Status Completed/);
  assert.match(receipt, /Cash handed over/);
});

test('a payout cancelled after the hand-over is read again from Completed, reads ended, and no report counts it completed', async (t) => {
  const h = await startE2E(t, 'receipt-answer-cancelled-payout');
  const { page } = h;
  await openHome(page, h.url);
  const number = await capturedPayout(page);
  await custodyButton(page, 'Cash handed to the payer: KZT\u00a030,000.00').click();
  await page.getByTestId('finish').getByText('Print receipt and finish').waitFor();
  assert.ok(h.sandbox.setStatus(SHOP, number, 'cancelled'));

  await page.getByRole('button', { name: 'Refresh status' }).click();
  const ended = en.status.ended.replace('{{status}}', 'cancelled');
  await page.getByRole('heading', { name: ended }).waitFor();
  assert.equal(await page.getByTestId('operation-status').innerText(), ended);
  assert.doesNotMatch(await page.locator('.screen').innerText(), /not final|^Completed$/m);
  await h.screen('ended');

  const x = await h.core.invoke('shift.report', {});
  assert.ok(x.ok);
  const report = x.value as XReport;
  assert.deepEqual(
    report.totals.filter((l) => l.type === 'payout').map((l) => l.capturedCount),
    [0],
  );
  assert.deepEqual(
    report.openCash.map((o) => o.reason),
    ['handed_over_not_captured'],
  );
});

test('a payin cancelled after its cash was given back reads final and ended everywhere on the screen, in en, ru and kk', async (t) => {
  const h = await startE2E(t, 'receipt-answer-cancelled-payin');
  const { page } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-BACK');
  await confirmPhone(page);
  await custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00').click();
  await page.getByRole('button', { name: 'Confirm (training)' }).waitFor();
  const number = await page.getByTestId('operation-number').innerText();
  assert.ok(h.sandbox.setStatus(SHOP, number, 'cancelled'));
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await custodyButton(page, 'Cash given back to the payer: KZT\u00a05,000.00').click();
  await page.getByTestId('finish').waitFor();

  for (const language of ['en', 'ru', 'kk'] as const) {
    const words = CATALOGUES[language];
    if (language !== 'en') {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
      await until(
        async () => (await page.evaluate(() => document.documentElement.lang)) === language,
        language,
      );
    }
    // The gateway's word in the screen's language, as the receipt prints it.
    const ended = words.status.ended.replace('{{status}}', PRINTED[language].gatewayStatus.cancelled);
    await page.getByRole('heading', { name: ended }).waitFor();
    assert.equal(await page.getByTestId('operation-status').innerText(), ended, language);
    const notFinal = words.status.unknown.replace('{{status}}', 'cancelled');
    assert.ok(!(await page.locator('.screen').innerText()).includes(notFinal), language);
    await h.screen(`${language}-ended`);
  }
});

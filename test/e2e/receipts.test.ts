// Receipts at the counter, in Chromium against the real core: the printing settings with a test
// print, a print the agent cancelled (said, and not counted), and the Lookup screen opening what a
// keyboard-wedge scanner types from a receipt's QR code; and an automatic set of two papers,
// both confirmed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { AppState, OperationView } from '../../common/contract.ts';
import { receiptCode } from '../../common/receipt-code.ts';
import type { Core } from '../../main/core.ts';
import { REQUISITE_VALUES } from '../support/core.ts';
import { pdfText } from '../support/pdf.ts';
import { PREVIEW_PRINTER } from './chromium-printer.ts';
import { openSettings, settingsPart } from './day-flows.ts';
import {
  cashInButton,
  confirmPhone,
  createThroughCore,
  custodyButton,
  openHome,
  startCashPayin,
} from './flows.ts';
import { startE2E } from './harness.ts';

/** The printing part of Settings, on a training desk without a supervisor PIN. */
async function openPrintingSettings(page: Page): Promise<void> {
  await openSettings(page);
  await settingsPart(page, 'Printing');
}

async function printingNow(core: Pick<Core, 'invoke'>): Promise<AppState['settings']['printing']> {
  const state = await core.invoke('app.getState', {});
  assert.ok(state.ok);
  return (state.value as AppState).settings.printing;
}

test('Settings choose the printer, the paper and the copies, and print a test page', async (t) => {
  const h = await startE2E(t, 'printing-settings');
  const { page } = h;
  await openHome(page, h.url);
  await openPrintingSettings(page);
  const panel = page.getByRole('form', { name: 'Printing' });
  await panel.getByRole('combobox', { name: 'Printer' }).selectOption(PREVIEW_PRINTER.name);
  await panel.getByRole('radio', { name: '58 mm thermal roll' }).check();
  await panel.getByRole('checkbox', { name: /Also print a copy for the agent/ }).check();
  await panel.getByRole('checkbox', { name: /final receipt automatically/ }).check();
  await panel.getByRole('button', { name: 'Save printing settings' }).click();
  await panel.getByText('Printing settings saved.').waitFor();
  assert.deepEqual(await printingNow(h.core), {
    printer: PREVIEW_PRINTER.name,
    paper: '58mm',
    agentCopy: true,
    autoPrint: { pending: false, final: true },
  });

  await panel.getByRole('button', { name: 'Test print' }).click();
  await panel.getByText(/The test page was printed/).waitFor();
  await panel.scrollIntoViewIfNeeded();
  await h.screen('settings-printing');
  assert.equal(h.printer.printed[0]!.job.paper, '58mm');
  assert.match(pdfText(h.printer.printed[0]!.pdf), /TEST PRINT/);

  // Saving the general settings leaves the printing settings as they are.
  await settingsPart(page, 'Mode, gateway and tokens');
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await page.getByText('Settings saved.', { exact: true }).waitFor();
  assert.equal((await printingNow(h.core)).paper, '58mm');
});

test('a cancelled print says so and counts nothing; the next one is the original', async (t) => {
  const h = await startE2E(t, 'receipt-cancelled');
  const { page } = h;
  const view = await createThroughCore(h.core, {
    type: 'payin',
    shopId: 1001,
    amount: '5000',
    payerId: 'P-1',
  });
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'History' }).click();
  await page
    .getByRole('button', { name: new RegExp(view.operationNumber) })
    .first()
    .click();
  await page.getByRole('heading', { name: new RegExp(view.operationNumber) }).waitFor();

  h.printer.answerNext({ printed: false, reason: 'cancelled', message: 'Print job canceled' });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await page
    .getByText('Receipt: printing was cancelled. Nothing was counted; print again when ready.')
    .waitFor();
  await h.screen('print-cancelled');
  assert.equal(h.printer.printed.length, 0);

  await page.getByRole('button', { name: 'Print receipt' }).click();
  await page.getByText('Receipt (Pending) printed: the original.').waitFor();
  await page.getByRole('button', { name: 'Print the receipt again' }).waitFor();
  await h.screen('printed');
  assert.doesNotMatch(pdfText(h.printer.printed[0]!.pdf), /COPY/);
});

test("Lookup opens the operation a scanner types from a receipt's QR code, then Enter", async (t) => {
  const h = await startE2E(t, 'lookup-scanner');
  const { page } = h;
  const view: OperationView = await createThroughCore(h.core, {
    type: 'payin',
    shopId: 1002,
    amount: '5000',
    payerId: 'P-2',
  });
  await openHome(page, h.url);
  for (const typed of [
    receiptCode(1002, view.operationNumber),
    // The same keys with the Russian layout on.
    `СВ1Ж1002Ж${view.operationNumber.replace('T', 'Е')}`,
  ]) {
    await page.getByRole('button', { name: 'Lookup' }).click();
    const field = page.getByRole('textbox', { name: 'Operation number' });
    await field.waitFor();
    // A wedge scanner types fast into the focused field and ends with Enter.
    await page.keyboard.type(typed, { delay: 2 });
    await page.keyboard.press('Enter');
    await page.getByTestId('lookup-result').getByText(view.operationNumber).first().waitFor();
    assert.equal(await field.inputValue(), view.operationNumber);
    assert.equal(await page.getByRole('combobox', { name: 'Shop' }).inputValue(), '1002');
    await page.getByRole('button', { name: 'Back' }).click();
  }
  await page.getByRole('button', { name: 'Lookup' }).click();
  await page.keyboard.type(receiptCode(1002, view.operationNumber));
  await page.keyboard.press('Enter');
  await page.getByTestId('lookup-result').getByText(view.operationNumber).first().waitFor();
  await h.screen('lookup-scanned');
});

test("an automatic set confirms both papers: the payer's receipt and the agent copy, each with its status", async (t) => {
  const h = await startE2E(t, 'receipt-auto-set');
  const { page } = h;
  const state = await h.core.invoke('app.getState', {});
  assert.ok(state.ok);
  const { mode: _mode, ...settings } = (state.value as AppState).settings;
  const saved = await h.core.invoke('settings.save', {
    ...settings,
    printing: { ...settings.printing, agentCopy: true, autoPrint: { pending: false, final: true } },
  });
  assert.ok(saved.ok);
  await openHome(page, h.url);
  await cashInButton(page).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('P-AUTO');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00').click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at /)
    .waitFor();
  await page.getByRole('button', { name: 'Confirm (training)' }).click();

  const outcome = page.locator('.receipt-outcome');
  await outcome.getByText('Automatic print: Agent copy (Completed) printed: the original.').waitFor();
  assert.deepEqual(await outcome.locator('p').allInnerTexts(), [
    'Automatic print: Receipt (Completed) printed: the original.',
    'Automatic print: Agent copy (Completed) printed: the original.',
  ]);
  await h.screen('auto-set-printed');
  assert.equal(h.printer.printed.length, 2);
});

test("a payin on an English screen with the payer's receipt in Kazakh: every print of it, the agent copy in English", async (t) => {
  const h = await startE2E(t, 'receipt-payer-language');
  const { page } = h;
  const state = await h.core.invoke('app.getState', {});
  assert.ok(state.ok);
  const { mode: _mode, ...settings } = (state.value as AppState).settings;
  const saved = await h.core.invoke('settings.save', {
    ...settings,
    printing: { ...settings.printing, agentCopy: true },
  });
  assert.ok(saved.ok);
  await openHome(page, h.url);
  await startCashPayin(page, 'P-KK');
  const language = page.getByRole('combobox', { name: 'Receipt language' });
  assert.equal(await language.inputValue(), 'en', "the screen's language unless the payer asks");
  await language.selectOption({ label: 'Қазақша' });
  await h.screen('confirm-receipt-kazakh');
  await confirmPhone(page);
  await custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00').click();
  await page.getByRole('button', { name: 'Confirm (training)' }).click();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();

  await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
  await page.getByText('Receipt (Completed) printed: the original.').waitFor();
  await page.getByRole('button', { name: 'Print the receipt again' }).click();
  await page.getByText('Receipt (Completed) printed as COPY 1.').waitFor();
  await page.getByRole('button', { name: 'Print agent copy' }).click();
  await page.getByText('Agent copy (Completed) printed: the original.').waitFor();
  await h.screen('receipt-kazakh-printed');

  const [original, reprint, agent] = h.printer.printed.map((p) => pdfText(p.pdf).replace(/\s+/g, ' '));
  assert.match(original!, /ТҮБІРТЕК/);
  assert.match(original!, /Қолма-қол ақша енгізу/);
  assert.match(original!, /Аяқталды/);
  assert.doesNotMatch(original!, /RECEIPT|Cash in/);
  assert.match(reprint!, /КӨШІРМЕ 1/);
  assert.match(agent!, /RECEIPT — AGENT COPY/);
  // The screen stays in English throughout.
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
});

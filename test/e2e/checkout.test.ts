// The payin and payout flows at the counter, in Chromium, against the real core and sandbox.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { REQUISITE_VALUES } from '../support/core.ts';
import { pdfText } from '../support/pdf.ts';
import { cashInButton, countedPayin, custodyButton, openHome, startCashPayin } from './flows.ts';
import { startE2E } from './harness.ts';
import { INTERACTIONS_FILE, RESULTS_DIR } from './stack.ts';

test('a payin goes from Home to Completed', async (t) => {
  const h = await startE2E(t, 'payin');
  const { page } = h;
  await openHome(page, h.url);
  await h.screen('home');

  await cashInButton(page).click();
  await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
  await page.getByRole('button', { name: /^Cash KZT/ }).waitFor();
  await h.screen('methods');
  await page.getByRole('button', { name: /^Cash KZT/ }).click();

  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('12 500');
  await page.getByText('KZT\u00a012,500.00').waitFor();
  await h.screen('amount');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('PAYER-7781');
  await h.screen('payer');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The payer's details and the figures on one screen: what is created is in view when confirmed.
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();
  assert.match(await page.getByRole('timer').innerText(), /Session expires in \d+:\d\d/);
  await page.getByText('KZ-ALA-0042').waitFor();
  await page.getByRole('button', { name: 'Copy Cash point code' }).waitFor();
  assert.equal(await page.getByTestId('summary-amount').innerText(), 'KZT\u00a012,500.00');
  assert.equal(await page.getByTestId('summary-caption').innerText(), 'Cash in');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await h.screen('session');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  assert.equal(await page.getByTestId('live-status').innerText(), 'Created, not yet confirmed');
  assert.match(await page.locator('.cash-banner').innerText(), /Take the cash from the payer/);
  await h.screen('waiting');
  await page.getByRole('button', { name: 'Confirm (training)' }).click();

  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  assert.equal(await page.getByTestId('operation-status').innerText(), 'Completed');
  await h.screen('completed');

  // Completed, but the cash is not taken yet: no receipt says it was, and nothing finishes over it.
  assert.equal(await page.getByRole('button', { name: /Print/ }).count(), 0);
  assert.equal(await page.getByTestId('finish').count(), 0);
  await custodyButton(page, 'Cash received from the payer: KZT\u00a012,500.00').click();

  // The receipt: printed once (on the preview's Chromium printer), after which the button offers it again.
  await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
  await page.getByText('Receipt (Completed) printed: the original.').waitFor();
  await page.getByRole('button', { name: 'Print the receipt again' }).waitFor();
  const receipt = pdfText(h.printer.printed[0]!.pdf).replace(/\s+/g, ' ');
  assert.match(receipt, /TRAINING — NOT A PAYMENT/);
  assert.match(receipt, /KZT 12,500\.00/);

  await page.getByRole('button', { name: 'Done' }).click();
  await cashInButton(page).waitFor();
  assert.equal(h.sandbox.operationCount(), 1);
});

test('a payout goes to Completed, and cash is handed over only then', async (t) => {
  const h = await startE2E(t, 'payout');
  const { page } = h;
  await openHome(page, h.url);
  await page.getByRole('button', { name: /^Cash out/ }).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).waitFor();
  await h.screen('methods');
  await page.getByRole('button', { name: /^Cash KZT/ }).click();

  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('20000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('PAYER-0042');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(REQUISITE_VALUES.fullName!);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  assert.equal(await page.getByTestId('summary-caption').innerText(), 'Cash out');
  assert.doesNotMatch(await page.locator('.cash-banner').innerText(), /Hand the cash/);
  await h.screen('session');
  // A double click is one create: the button is disabled the moment the first one lands.
  await page.getByRole('button', { name: 'Confirm', exact: true }).dblclick();

  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  assert.match(
    await page.locator('.cash-banner').innerText(),
    /Do not give or take cash\s+Hand over the cash only once the status reads Completed\./,
  );
  // The caption over the amount never says "hand over" while the banner says hold.
  assert.equal(await page.getByTestId('summary-caption').innerText(), 'Cash out');
  await h.screen('waiting');
  assert.equal(h.sandbox.requests('createOperation').length, 1);

  await page.getByRole('button', { name: 'Confirm (training)' }).click();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Hand the cash to the payer/);
  assert.equal(await page.getByTestId('summary-caption').innerText(), 'Cash out · hand it over now');
  await h.screen('completed');

  // The agent hands the cash over and says so, once; the screen then says when, and advises nothing.
  await custodyButton(page, 'Cash handed to the payer: KZT\u00a020,000.00').click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash handed over at /)
    .waitFor();
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  // No receipt is printed by itself here: the next action prints it and finishes.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Print receipt and finish');
  assert.equal(await page.getByTestId('summary-caption').innerText(), 'Cash out');
  await h.screen('completed-handed-over');
});

test('an amount outside the limits cannot go on, and nothing is sent', async (t) => {
  const h = await startE2E(t, 'amount-limits');
  const { page } = h;
  await openHome(page, h.url);
  await cashInButton(page).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  const amount = page.getByRole('textbox', { name: 'Amount in KZT', exact: true });
  const problem = page.getByTestId('amount-problem');
  const next = page.getByRole('button', { name: 'Continue' });

  await amount.fill('100');
  assert.equal(await problem.innerText(), 'Below the minimum of KZT\u00a0500.00');
  assert.equal(await next.isDisabled(), true);
  await h.screen('below-minimum');

  await amount.fill('750000');
  assert.equal(await problem.innerText(), 'Above the maximum of KZT\u00a0500,000.00');
  assert.equal(await next.isDisabled(), true);
  await amount.press('Enter');
  await h.screen('above-maximum');

  await amount.fill('12a');
  assert.equal(await problem.innerText(), 'Enter an amount like 150 or 150.50');
  // The grouping the app shows is taken; a tiyn, which no drawer holds, is not.
  await amount.fill('1,500.50');
  assert.equal(
    await problem.innerText(),
    'The drawer has no KZT note or coin below KZT\u00a01.00: enter a multiple of KZT\u00a01.00.',
  );
  assert.equal(await next.isDisabled(), true);
  await amount.fill('1,500.00');
  assert.equal(await problem.innerText(), '');
  assert.equal(await next.isDisabled(), false);

  // The on-screen keypad edits the same value.
  await amount.fill('');
  for (const key of ['5', '0', '0']) await page.getByRole('button', { name: key, exact: true }).click();
  assert.equal(await amount.inputValue(), '500');
  assert.equal(await problem.innerText(), '');
  assert.equal(await next.isDisabled(), false);
  await h.screen('at-minimum-by-keypad');
  assert.equal(h.sandbox.requests('openSession').length, 0);
});

test('after the session expires nothing can be submitted, and a fresh session is offered', async (t) => {
  // The core refuses to submit within 5 s of expiry, so a 9 s session leaves about 4 s on screen.
  const h = await startE2E(t, 'session-expiry', { sandbox: { sessionTtlSeconds: 9 } });
  const { page } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-EXP');
  await page.getByRole('timer').waitFor();
  await h.screen('session-counting-down');

  await page.getByTestId('session-expired').waitFor({ timeout: 15_000 });
  assert.equal(await page.getByRole('textbox', { name: 'Phone number', exact: true }).count(), 0);
  assert.equal(await page.getByRole('timer').count(), 0);
  await h.screen('session-expired');
  assert.equal(h.sandbox.requests('createOperation').length, 0);

  await page.getByRole('button', { name: 'Start a new session' }).click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).waitFor();
  await page.getByRole('timer').waitFor();
  await h.screen('fresh-session');
  assert.equal(h.sandbox.requests('openSession').length, 2);
});

test('a payin can be done with the keyboard alone', async (t) => {
  const h = await startE2E(t, 'keyboard-payin');
  const { page } = h;
  const { keyboard } = page;
  await openHome(page, h.url);
  // The first line of what the focused control shows: a tile's title, a button's label.
  const focused = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.split('\n')[0] ?? '');

  // Focus starts on Cash in; Tab walks the rest of Home in reading order.
  assert.equal(await focused(), 'Cash in');
  const order: string[] = [];
  for (let i = 0; i < 5; i++) {
    await keyboard.press('Tab');
    order.push(await focused());
  }
  assert.deepEqual(order, ['Cash out', 'Lookup', 'History', 'Shifts', 'Settings']);
  for (let i = 0; i < 5; i++) await keyboard.press('Shift+Tab');
  await h.screen('home-focus');
  await keyboard.press('Enter');

  await page.getByRole('button', { name: /^Cash KZT/ }).waitFor();
  assert.equal(await focused(), 'Cash KZT');
  await keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).waitFor();
  // Esc goes back a step, and Enter comes forward again.
  await keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
  await keyboard.press('Enter');

  await keyboard.type('5000');
  await h.screen('amount-typed');
  await keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).waitFor();
  // A barcode scanner is a keyboard that types fast and ends with Enter.
  await keyboard.type('SCAN-4242', { delay: 5 });
  await keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).waitFor();
  await keyboard.type(REQUISITE_VALUES.phone!);
  await h.screen('session-typed');
  // Enter in the last field confirms: the figures were on the same screen.
  await keyboard.press('Enter');
  // The gateway holds the payin: the cash is taken, and recorded as received by a deliberate press.
  // Focus starts on it, which takes no press for its first second and says so, so the Enter that
  // confirmed cannot record cash.
  await page.getByTestId('record-cash').waitFor();
  assert.equal(await focused(), 'Cash received from the payer: KZT\u00a05,000.00');
  await h.screen('waiting-focus');
  await custodyButton(page).focus();
  await keyboard.press('Enter');
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at /)
    .waitFor();
  assert.equal(await focused(), 'Confirm (training)');
  await keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  assert.equal(await focused(), 'Print receipt and finish');
  await h.screen('completed-focus');
  // Enter prints the payer's receipt and finishes.
  await keyboard.press('Enter');
  await cashInButton(page).waitFor();
  assert.equal(h.printer.printed.length, 1);
  assert.equal(h.sandbox.operationCount(), 1);
});

// 7 before the desk recorded custody, and 8 with it; 7 again since the details and the review share a screen.
test('a payin with one method and one requisite takes at most 8 clicks and Enters', async (t) => {
  const h = await startE2E(t, 'payin-interactions');
  await openHome(h.page, h.url);
  await h.screen('home');
  const count = await countedPayin(h.page, (step) => h.screen(step));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(INTERACTIONS_FILE, `${JSON.stringify({ 'flow.payin_interactions': count })}\n`);
  assert.ok(count <= 8, `a payin took ${count} interactions`);
  assert.equal(h.sandbox.operationCount(), 1);
});

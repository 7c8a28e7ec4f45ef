// Issue 18, in Chromium against the real core and sandbox: the agent reads the core's own reason
// where the kind's title would hide it (defect 3), and the counter's flow defects (defect 7):
// cancelling goes Home, the Payer ID step shows the amount and says what a Payer ID is, the training
// confirmation is explained, Lookup says how to type a number, and History reads day.month.year.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMoney } from '../../common/money.ts';
import { cashInButton, confirmPhone, openHome, toPayerStep } from './flows.ts';
import { startE2E } from './harness.ts';

/** A day `days` from today in local time, written day.month.year. */
function dotted(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(day.getDate())}.${two(day.getMonth() + 1)}.${day.getFullYear()}`;
}

test('the core’s reason is the main line of an alert, with the kind’s next step', async (t) => {
  const h = await startE2E(t, 'flow-defects-reasons');
  const { page } = h;
  await openHome(page, h.url);
  // A new training desk has no supervisor PIN: Settings open without one, on the gateway's part.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('textbox', { name: 'Update URL', exact: true }).fill('https://updates.example.com/cd');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const alert = page.locator('.alert-danger').filter({ hasText: 'update URL' });
  await alert.waitFor();
  assert.equal(
    await alert.innerText(),
    'Set a supervisor PIN before setting an update URL. Enter the PIN, or ask a supervisor.',
  );
  assert.equal(await page.getByText('Already in progress').count(), 0);
  await h.screen('conflict-reason');

  // A guessable supervisor PIN: the core says why, not "Check the entry".
  await page.getByLabel('New supervisor PIN').fill('111111');
  await page.getByLabel('The same PIN again').fill('111111');
  await page.getByRole('button', { name: 'Save the supervisor PIN' }).click();
  const refusal = page.getByTestId('supervisor-panel').locator('.alert-danger');
  await refusal.waitFor();
  assert.equal(
    await refusal.innerText(),
    'Choose a PIN that is not one digit repeated or a straight run. Correct it and try again.',
  );
  await h.screen('validation-reason');
});

test('the counter’s flow: amount and Payer ID explained, cancel goes Home, training confirmation explained', async (t) => {
  const h = await startE2E(t, 'flow-defects-counter');
  const { page, core } = h;
  await openHome(page, h.url);

  await toPayerStep(page);
  assert.equal(
    await page.getByTestId('payer-amount').innerText(),
    `Amount: ${formatMoney('5000', 'KZT', 'en')}`,
  );
  await page.getByText(/^The payer’s own ID with the shop, their account or customer number/).waitFor();
  await h.screen('payer-step');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('CANCEL-1');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();

  // A phone in the wrong format: the caution, and the format it should have.
  const phone = page.getByRole('textbox', { name: 'Phone number', exact: true });
  await phone.fill('8 701 123');
  assert.equal(
    await page.getByTestId('note-phone').innerText(),
    'Check it with the payer: a phone number has 10 to 15 digits. Digits with the country code, e.g. +77011234567.',
  );

  // "Yes, cancel the payment" gives the payment up: Home, not the Payer ID step.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await cashInButton(page).waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Payer ID', exact: true }).count(), 0);
  const history = await core.invoke('history.search', { limit: 1 });
  const rows = history.ok ? (history.value as { rows: { phase: string }[] }).rows : [];
  assert.equal(rows[0]?.phase, 'abandoned', 'the session was given up at the core');

  // In training, the button that plays the payer's confirmation says so.
  await toPayerStep(page);
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('TRAINING-1');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();
  await confirmPhone(page);
  await page.getByRole('button', { name: 'Confirm (training)' }).waitFor();
  assert.equal(
    await page.getByTestId('training-note').innerText(),
    'In training there is no real payer: this button plays the payer’s confirmation.',
  );
  await h.screen('training-note');
});

test('Lookup says how to type a number, and its not-found words match how letter case is read', async (t) => {
  const h = await startE2E(t, 'flow-defects-lookup-dates');
  const { page } = h;
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'Lookup' }).click();
  const number = page.getByRole('textbox', { name: 'Operation number', exact: true });
  await number.fill('T01 261125 0002');
  await page.keyboard.press('Enter');
  const bad = page.getByTestId('lookup-bad-number');
  await bad.waitFor();
  assert.match(
    await bad.innerText(),
    /^“T01 261125 0002” is not an operation number: .* like T01-261125-0002\.$/,
  );
  assert.doesNotMatch(await page.getByTestId('lookup-result').innerText(), /Go back/);
  await h.screen('lookup-bad-number');
  await number.fill('branch9-0001');
  await page.keyboard.press('Enter');
  const notFound = page.getByTestId('lookup-result').locator('.alert-warning');
  await notFound.waitFor();
  assert.equal(await bad.count(), 0);
  assert.doesNotMatch(await notFound.innerText(), /letter case included/);
});

test('History reads a day typed day.month.year on the English screen, and says at once when it cannot', async (t) => {
  const h = await startE2E(t, 'flow-defects-dates');
  const { page } = h;
  await openHome(page, h.url);
  // One operation today; the English screen writes days month first, the agent types day first.
  await toPayerStep(page);
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('DATES-1');
  await page.keyboard.press('Enter');
  await confirmPhone(page);
  await page.getByRole('button', { name: 'Confirm (training)' }).waitFor();
  await page.getByRole('button', { name: 'Home (the desk keeps checking)' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const rows = page.getByTestId('history-row');
  await rows.first().waitFor();
  const from = page.getByLabel('From', { exact: true });
  assert.equal(await from.getAttribute('placeholder'), 'MM/DD/YYYY');
  await from.fill(dotted(1));
  await rows.first().waitFor({ state: 'detached' });
  assert.equal(await from.getAttribute('aria-invalid'), 'false');
  await from.fill(dotted(0));
  await rows.first().waitFor();
  // A day that cannot be read is said at once, while the field still has the focus.
  await from.fill('31.02.2026');
  await page
    .getByText('“31.02.2026” cannot be read as a date, so it is not applied. Enter a date like 11/22/2026.')
    .waitFor();
  assert.equal(await from.getAttribute('aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('placeholder')), 'MM/DD/YYYY');
  await rows.first().waitFor();
  await h.screen('history-dotted-dates');
});

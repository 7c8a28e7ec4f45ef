// Issue 18, in Chromium against the real core and sandbox: the agent reads the core's own reason
// where the kind's title would hide it (defect 3).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openHome } from './flows.ts';
import { startE2E } from './harness.ts';

test('the core’s reason is the main line of an alert, with the kind’s next step', async (t) => {
  const h = await startE2E(t, 'flow-defects-reasons');
  const { page } = h;
  await openHome(page, h.url);
  // A new training desk has no supervisor PIN: Settings open without one, on the gateway's part.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const terminal = page.getByRole('textbox', { name: 'Terminal ID', exact: true });
  await terminal.fill('T02');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const alert = page.locator('.alert-danger').filter({ hasText: 'terminal ID' });
  await alert.waitFor();
  assert.equal(
    await alert.innerText(),
    'The terminal ID cannot change while a shift is open. Do what it says first, then try again.',
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

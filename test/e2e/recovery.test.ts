// When things go wrong at the counter: a lost reply, a lost connection, a rejected token.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMIT_THEN_DROP } from '../../main/sandbox/server.ts';
import { until } from '../support/core.ts';
import { cashInButton, confirmPhone, createThroughCore, openHome, startCashPayin } from './flows.ts';
import { startE2E } from './harness.ts';

test('an unknown outcome is never resent, and a lookup resolves it', async (t) => {
  // The core's own resolving lookup fails and then waits a minute, so the agent's lookup is the one
  // that settles it.
  const h = await startE2E(t, 'unknown-outcome', {
    lookups: { failureDelayMs: 60_000, failureMaxDelayMs: 60_000 },
  });
  const { page } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-LOST');
  h.sandbox.inject('createOperation', COMMIT_THEN_DROP);
  h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, 2);
  await confirmPhone(page);

  await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Do not give or take cash/);
  await page.getByText('Do not start the same payment again.').waitFor();
  await until(() => h.sandbox.requests('getOperation').length >= 2, 'the core to try its own lookup');
  await h.screen('outcome-unknown');

  await page.getByRole('button', { name: 'Look it up now' }).click();
  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  assert.equal(await page.getByTestId('live-status').innerText(), 'Created, not yet confirmed');
  await h.screen('resolved-created');
  assert.equal(h.sandbox.requests('createOperation').length, 1);
  assert.equal(h.sandbox.operationCount(), 1);

  await page.getByRole('button', { name: 'Confirm (training)' }).click();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  await h.screen('completed');
});

test('lookups queue while offline and drain when the connection returns', async (t) => {
  const h = await startE2E(t, 'offline-lookups');
  const { page } = h;
  const first = await createThroughCore(h.core, {
    type: 'payin',
    shopId: 1001,
    amount: '5000',
    payerId: 'P-1',
  });
  const second = await createThroughCore(h.core, {
    type: 'payout',
    shopId: 1001,
    amount: '2000',
    payerId: 'P-2',
  });
  // Both confirmed, so once the answers are in nothing is left to look up and the queue empties.
  h.sandbox.capture(1001, first.operationNumber);
  h.sandbox.capture(1001, second.operationNumber);
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'Lookup' }).click();
  const number = page.getByRole('textbox', { name: 'Operation number', exact: true });
  await number.waitFor();
  await h.screen('lookup');

  await h.sandbox.goOffline();
  for (const operation of [first, second]) {
    await number.fill(operation.operationNumber);
    await page.keyboard.press('Enter');
    await page.getByText(`the lookup of ${operation.operationNumber} is queued`).waitFor();
  }
  const indicator = page.getByTestId('connectivity');
  await indicator.getByText('Offline').waitFor();
  assert.match(await indicator.innerText(), /Queued lookups: [2-9]/);
  await h.screen('queued-offline');

  await h.sandbox.goOnline();
  await page.getByTestId('lookup-notice').nth(1).waitFor();
  const notices = await page.getByTestId('lookup-notice').allInnerTexts();
  assert.ok(notices.some((text) => text.includes(`${first.operationNumber} at shop 1001 — Completed`)));
  assert.ok(notices.some((text) => text.includes(`${second.operationNumber} at shop 1001 — Completed`)));
  // The screen that queued the lookup shows its answer in place.
  await page.getByTestId('operation-status').getByText('Completed').waitFor();
  await indicator.getByText('Online').waitFor();
  await until(async () => !(await indicator.innerText()).includes('Queued'), 'the queue to drain');
  await h.screen('drained-online');
});

test('in training, refusals of the token pass by themselves: no supervisor, no Settings', async (t) => {
  const h = await startE2E(t, 'token-rejected');
  const { page } = h;
  await openHome(page, h.url);
  // The training gateway refuses three times, then answers again.
  h.sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 401 }, 3);
  for (let refusal = 1; refusal <= 3; refusal++) {
    await cashInButton(page).click();
    await page.getByRole('heading', { name: 'Training gateway refused' }).waitFor();
    await page.getByText('The training gateway refused; the desk tries again by itself.').waitFor();
    assert.equal(await page.getByText(/supervisor|Settings/).count(), 0, 'no Settings advice in training');
    assert.equal(await page.getByRole('button', { name: 'Open Settings' }).count(), 0);
    assert.doesNotMatch(await page.locator('.cash-banner').innerText(), /Take the cash|Hand the cash/);
    if (refusal === 1) await h.screen('error-training-refused');

    await page.getByRole('button', { name: 'Home', exact: true }).click();
    await cashInButton(page).waitFor();
    assert.equal(await page.getByText(/new token/).count(), 0);
    assert.equal(await cashInButton(page).isDisabled(), false);
    assert.equal(await page.getByRole('button', { name: /^Cash out/ }).isDisabled(), false);
  }
  await h.screen('home-after-refusals');
  // The gateway answers again: the payment goes on as ever, and the header is back online.
  await cashInButton(page).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).waitFor();
  await until(async () => (await page.getByTestId('connectivity').innerText()).includes('Online'), 'online');
  // The gateway and its tokens change only with no shift open: the practice shift ends first.
  const closed = await h.core.invoke('shift.close', { counted: [] });
  assert.ok(closed.ok, JSON.stringify(closed));
  await openHome(page, h.url);

  // No supervisor PIN on this training desk yet: Settings open, and say a PIN should be set.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
  await page
    .getByTestId('supervisor-panel')
    .getByText(/^No supervisor PIN is set yet/)
    .waitFor();
  await h.screen('settings');

  // Only https reaches a remote gateway; the contract's own schema says so on screen.
  const url = page.getByRole('textbox', { name: 'Gateway URL' });
  await url.fill('http://gateway.example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Check the highlighted fields.').waitFor();
  await h.screen('settings-invalid-url');
  await url.fill('https://gateway.example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  // The token field is write-only: a password field, empty, never filled from the core.
  const token = page.getByLabel(/New token for shop 1001/);
  assert.equal(await token.getAttribute('type'), 'password');
  assert.equal(await token.inputValue(), '');
  await h.screen('settings-saved-with-tokens');

  // Live needs a supervisor PIN first, and the page says so before asking anything (the mode
  // switches only between shifts: the training shift was closed above).
  await page.getByText('No shift open').first().waitFor();
  await page.getByRole('button', { name: 'Switch to Live' }).click();
  await page
    .getByTestId('live-needs-supervisorPin')
    .getByText(/^Live needs a supervisor PIN/)
    .waitFor();
  await h.screen('settings-live-blocked');
});

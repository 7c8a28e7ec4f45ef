// A supervisor's Settings, in Chromium against the real core: operators (a new PIN, a lock-out
// lifted, one removed), the desk's lock and backups, the history as CSV, the diagnostics zip behind
// the PIN, the update URL, and on Home the update offer. Screens in test-results/screens/supervisor/.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { AppState, Operator } from '../../common/contract.ts';
import { until } from '../support/core.ts';
import { SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { addOperator, openSettings, setSupervisorPin, settingsPart } from './day-flows.ts';
import { cashInButton, createThroughCore, openHome } from './flows.ts';
import { startE2E } from './harness.ts';

test('a supervisor looks after operators, the drawer, backups, exports, diagnostics and updates', async (t) => {
  // PIN waits of a millisecond, so ten wrong tries lock an operator out at once.
  // No shift at first, so every wrong PIN at sign-in is checked.
  const h = await startE2E(t, 'supervisor', {
    day: { pins: { delayMs: 1, maxDelayMs: 1 } },
    trainingShift: false,
  });
  const { page, core } = h;
  await openHome(page, h.url);
  await openSettings(page);
  await setSupervisorPin(page);

  // The update URL, saved with the rest of the general settings.
  await page.getByRole('textbox', { name: 'Update URL' }).fill('https://updates.example.com/cashdesk');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  const state = await core.invoke('app.getState', {});
  assert.equal(
    state.ok && (state.value as AppState).settings.updateUrl,
    'https://updates.example.com/cashdesk',
  );

  // Operators: two added; one forgets her PIN, the other is locked out, then removed.
  await settingsPart(page, 'Operators');
  await addOperator(page, 'Aigerim');
  await addOperator(page, 'Daniyar', SECOND_OPERATOR_PIN);
  const listed = await core.invoke('operators.list', {});
  const daniyar = (listed.ok ? (listed.value as { operators: Operator[] }).operators : []).find(
    (o) => o.name === 'Daniyar',
  )!;
  // Ten wrong PINs at sign-in (no shift is open yet, so each one is checked).
  for (let i = 0; i < 10; i++) {
    await core.invoke('shift.open', { operatorId: daniyar.id, pin: '0000', float: [] });
    await new Promise((done) => setTimeout(done, 5));
  }
  // Now something to export: a payin, in the training shift the agent starts by hand.
  assert.ok((await core.invoke('shift.openTraining', {})).ok);
  const payin = await createThroughCore(core, {
    type: 'payin',
    shopId: 1001,
    amount: '5000',
    payerId: 'P-CSV',
  });
  await settingsPart(page, 'Lock, drawer and backups');
  await settingsPart(page, 'Operators');
  const row = (name: string) => page.getByTestId('operator-row').filter({ hasText: name });
  await row('Daniyar').getByText('Locked out').waitFor();
  await h.screen('operators-locked-out');
  await row('Daniyar').getByRole('button', { name: 'Lift the lock-out' }).click();
  await row('Daniyar').getByText('Locked out').waitFor({ state: 'detached' });
  await row('Aigerim').getByRole('button', { name: 'New PIN' }).click();
  await row('Aigerim').getByLabel('New PIN for Aigerim').fill('9182');
  await h.screen('operator-new-pin');
  await row('Aigerim').getByRole('button', { name: 'Save the PIN' }).click();
  await row('Aigerim').getByLabel('New PIN for Aigerim').waitFor({ state: 'detached' });
  await row('Daniyar').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await row('Daniyar').waitFor({ state: 'detached' });

  // The desk's lock, KZT's allowed variance and a backup folder; then a backup on demand.
  await settingsPart(page, 'Lock, drawer and backups');
  const folder = mkdtempSync(join(tmpdir(), 'cashdesk-backups-'));
  await page.getByRole('textbox', { name: 'Lock after (minutes idle)' }).fill('10');
  await page.getByRole('textbox', { name: 'KZT' }).fill('1000');
  await page.getByRole('textbox', { name: 'Backup folder' }).fill(folder);
  await page.getByRole('textbox', { name: 'Copies kept' }).fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await page
    .getByTestId('backup-state')
    .getByText(/^Last backup /)
    .waitFor();
  assert.equal(readdirSync(folder).filter((f) => f.endsWith('.sqlite')).length, 1);
  const desk = await core.invoke('desk.state', {});
  assert.deepEqual(desk.ok && (desk.value as { settings: unknown }).settings, {
    lockAfterMinutes: 10,
    varianceThresholds: [{ currency: 'KZT', amount: '1000' }],
    backupFolder: folder,
    backupsKept: 3,
  });
  await h.screen('drawer-and-backups');

  // The history of the open (training) shift as CSV, then the diagnostics zip behind the PIN.
  await settingsPart(page, 'Exports and support');
  // No path to type: main's save dialog asks (the test printer answers it in its own folder).
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exported = page.getByText(/^Exported: 1 operations, to .+history-shift-\d+\.csv$/);
  await exported.waitFor();
  const csv = readdirSync(h.printer.outDir).find((name) => name.endsWith('.csv'));
  assert.ok(csv, 'the CSV is where the dialog said');
  assert.match(readFileSync(join(h.printer.outDir, csv), 'utf8'), /P-CSV/);
  // A cancelled dialog writes nothing and says nothing.
  h.printer.cancelNextSave();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await exported.waitFor({ state: 'detached' });
  await page.getByLabel('Supervisor PIN').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Export diagnostics' }).click();
  await page.getByText(/^Saved .+diagnostics-\d{4}-\d\d-\d\d\.zip \(\d+ KB\)\.$/).waitFor();
  const suggested = /exports[\\/]diagnostics-\d{4}-\d\d-\d\d\.zip$/;
  const zipPath = page.getByRole('textbox', { name: 'Save to' });
  assert.match(await zipPath.inputValue(), suggested);
  assert.ok(existsSync(await zipPath.inputValue()));
  await h.screen('exports');

  // Everything above, newest first, in the desk's audit trail.
  await settingsPart(page, 'Changes');
  const changes = page.getByTestId('audit-entries');
  await changes.getByText('Diagnostics exported with the supervisor PIN').waitFor();
  await changes.getByText('Operator removed').waitFor();
  await changes.getByText(/Update address: — → https:\/\/updates\.example\.com\/cashdesk/).waitFor();
  assert.match((await changes.getByRole('listitem').first().innerText()) ?? '', /^Diagnostics exported/);
  await h.screen('settings-changes');

  // An update downloaded while the desk idles on Home is offered there, once nothing is open, and
  // installs on a yes.
  await core.invoke('checkout.recordCash', { localId: payin.localId });
  h.sandbox.capture(1001, payin.operationNumber);
  let installed = false;
  core.updates.setInstaller(() => {
    installed = true;
    return true;
  });
  await page.keyboard.press('Escape');
  await cashInButton(page).waitFor();
  await until(async () => (await page.getByTestId('tray-row').count()) === 0, 'the payin to settle');
  core.updates.available('0.2.0');
  const offer = page.getByTestId('update-offer');
  await offer.getByText('Update ready: version 0.2.0. Install it now? The app restarts by itself.').waitFor();
  await h.screen('home-update-offer');
  await offer.getByRole('button', { name: 'Install now' }).click();
  await offer.getByText('Installing… the app restarts in a moment.').waitFor();
  assert.equal(installed, true);
});

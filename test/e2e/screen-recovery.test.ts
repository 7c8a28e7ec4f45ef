// After a crash or a hang, main reloads the screen with ?recovered=1 (main/electron/recovery.ts):
// the agent reads that nothing was lost, and can dismiss it. And the errors the page does not catch
// reach main's support log through app.reportError.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { until } from '../support/core.ts';
import { cashInButton, openHome } from './flows.ts';
import { startE2E } from './harness.ts';

const BANNER = 'CashDesk restarted this screen after a problem. Nothing was lost: every operation is kept.';

test('a screen main restarted says nothing was lost, until the agent dismisses it', async (t) => {
  const h = await startE2E(t, 'screen-recovered');
  const { page } = h;
  await openHome(page, h.url);
  assert.equal(await page.getByTestId('recovered-banner').count(), 0, 'no banner on a normal start');

  await page.goto(`${h.url}index.html?recovered=1`);
  await cashInButton(page).waitFor();
  const banner = page.getByTestId('recovered-banner');
  assert.equal(await banner.getByRole('status').innerText(), BANNER);
  await h.screen('recovered-banner');

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await banner.waitFor({ state: 'detached' });
  await h.screen('banner-dismissed');
});

test('an error thrown in a listener and a rejection nobody awaited reach main’s log', async (t) => {
  const h = await startE2E(t, 'window-errors');
  const { page } = h;
  await openHome(page, h.url);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown in a listener');
    }, 0);
    void Promise.reject(new Error('nobody awaited this'));
  });
  const logged = () =>
    h.core.log
      .files()
      .map((file) => readFileSync(file, 'utf8'))
      .join('')
      .split('\n')
      .filter((line) => line.includes('"renderer_error"'));
  await until(() => logged().length >= 2, 'both errors in the log');
  const lines = logged().map((line) => JSON.parse(line) as { detail: { message: string; where: string } });
  assert.deepEqual(lines.map((l) => [l.detail.where, l.detail.message]).sort(), [
    ['window.error', 'Error: thrown in a listener'],
    ['window.unhandledrejection', 'Error: nobody awaited this'],
  ]);
});

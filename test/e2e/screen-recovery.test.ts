// After a crash or a hang, main reloads the screen with ?recovered=1 (main/electron/recovery.ts):
// the agent reads that nothing was lost, and can dismiss it. And the errors the page does not catch
// reach main's support log through app.reportError, where the build's source maps read them back.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepSourceMaps, readStack } from '../../scripts/sourcemaps.ts';
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

test('a screen that throws shows the crash screen, and the error and its component reach main’s log', async (t) => {
  const h = await startE2E(t, 'crash-guard');
  const { page } = h;
  await openHome(page, h.url);
  // A tray push the contract would never let through (main parses what it pushes): rendering it throws.
  await page.evaluate(() => {
    (window as unknown as { __cashdeskEmit(event: string, payload: unknown): void }).__cashdeskEmit(
      'tray.changed',
      { rows: [{ reason: 'hand_over', operation: null }] },
    );
  });
  await page.getByRole('heading', { name: 'Something went wrong in the desk' }).waitFor();
  const logged = () =>
    h.core.log
      .files()
      .map((file) => readFileSync(file, 'utf8'))
      .join('')
      .split('\n')
      .filter((line) => line.includes('"renderer_error"') && line.includes('"CrashGuard"'));
  await until(() => logged().length >= 1, 'the CrashGuard report in the log');
  const line = JSON.parse(logged()[0]!) as { detail: { message: string; stack: string } };
  assert.match(line.detail.message, /^TypeError: /);
  // Minified frames, read back with the build's source maps as support would (docs/support.md).
  const maps = mkdtempSync(join(tmpdir(), 'cashdesk-maps-'));
  t.after(() => rmSync(maps, { recursive: true, force: true }));
  keepSourceMaps(fileURLToPath(new URL('../../dist/', import.meta.url)), maps);
  const frames = readStack(line.detail.stack, maps);
  assert.ok(
    frames.some((frame) => frame.includes('→ renderer/home/components/OpenTray.tsx:')),
    `the stack reads back to the tray that threw:\n${frames.join('\n')}`,
  );
});

// The core's own process killed in the middle of a checkout: the agent sees "Reconnecting…" over a
// desk that cannot be touched, the core comes back by itself, and the screen is the same operation,
// settled by the restarted core's lookup. Nothing is lost and nothing is doubled: one create at the
// gateway, one operation there, one custody record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryRow, OperationView, Result } from '../../common/contract.ts';
import { until } from '../support/core.ts';
import { confirmPhone, custodyButton, openHome, startCashPayin } from './flows.ts';
import { startE2E } from './harness.ts';

test('a SIGKILL of the core mid-checkout loses nothing, and the agent is back on the same operation', async (t) => {
  const h = await startE2E(t, 'core-crash');
  const { page } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-KILLED');
  // The gateway creates the operation and holds its answer: the core dies while it waits.
  h.sandbox.inject('createOperation', { kind: 'hang', afterCommit: true });
  const restart = h.holdRestart();
  await confirmPhone(page);
  await until(() => h.sandbox.requests('createOperation').length === 1, 'the create at the gateway');
  const killed = h.core.pid!;
  process.kill(killed, 'SIGKILL');

  const banner = page.getByTestId('connection-banner');
  await banner.getByText(/^Reconnecting…/).waitFor();
  // Underneath, the create's answer is unknown: no cash moves, and nothing on the desk can be pressed.
  await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Do not give or take cash/);
  assert.equal(await page.locator('.app').getAttribute('inert'), '');
  await h.screen('reconnecting');

  restart.release();
  await banner.waitFor({ state: 'detached' });
  assert.notEqual(h.core.pid, killed, 'a new core process');
  // The restarted core looked the operation up: it was created, and the screen follows it.
  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  assert.equal(await page.getByTestId('live-status').innerText(), 'Created, not yet confirmed');
  assert.equal(await page.locator('.app').getAttribute('inert'), null);
  const found = (await h.core.invoke('history.search', { text: 'PAYER-KILLED' })) as Result<{
    rows: HistoryRow[];
  }>;
  assert.ok(found.ok);
  assert.equal(found.value.rows.length, 1, 'one operation at the desk');
  const [row] = found.value.rows;
  await page.getByText(row!.operationNumber!).first().waitFor();
  await h.screen('back-on-the-operation');

  await custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00').click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at /)
    .waitFor();
  await h.screen('cash-recorded');

  const detail = (await h.core.invoke('history.get', { localId: row!.localId })) as Result<{
    operation: OperationView;
    custody: unknown[];
  }>;
  assert.ok(detail.ok);
  assert.equal(detail.value.custody.length, 1, 'custody recorded once');
  assert.equal(h.sandbox.requests('createOperation').length, 1, 'never posted again');
  assert.equal(h.sandbox.operationCount(), 1, 'one operation at the gateway');
});

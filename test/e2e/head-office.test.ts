// Two desks and the head office, in Chromium: two real cores on one real sandbox gateway,
// each enrolled in its Settings at a real HQ on a real PostgreSQL, and the HQ dashboard. A day at
// both desks is seen live at the head office; a payout started at desk A is left open at A's Z
// report, A refuses it, and desk B hands it over after the head office confirms. Screens of each
// desk and of the dashboard, each checked by axe.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_DIR } from '../../hq/server/app.ts';
import type { Sandbox } from '../../main/sandbox/server.ts';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { enrolmentCodeFor, startTestHq, type TestHq } from '../hq/support.ts';
import { until } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';
import {
  goLiveInSettings,
  livePayin,
  openSettings,
  settingsPart,
  signIn,
  startCashPayout,
} from './day-flows.ts';
import { custodyButton, openHome } from './flows.ts';
import { sharedBrowser, sharedPrintPage } from './shared-browser.ts';
import { openPage, pageProblems, type Stack, screenRecorder, startStack, WINDOW } from './stack.ts';

const money = (amount: string) => `KZT\u00a0${amount}`;

let pg: Postgres;
before(async () => {
  if (!existsSync(join(DASHBOARD_DIR, 'index.html')))
    throw new Error('dist/hq is missing: run `npm run build` first');
  pg = await startPostgres();
});
after(() => pg.stop());

/** A new desk taken to Live against `gateway`, enrolled at HQ in its Settings, and Aigerim's shift open. */
async function deskAt(browser: Browser, hq: TestHq, stack: Stack, terminalId: string, gateway: Sandbox) {
  const { page, problems } = await openPage(browser, stack);
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const shot = screenRecorder(page, `head-office-${terminalId}`, problems);
  await openHome(page, stack.url);
  await goLiveInSettings(page, { sandbox: gateway, terminalId });
  const { code } = await enrolmentCodeFor(hq, terminalId);
  await openSettings(page);
  await settingsPart(page, 'Head office');
  await shot('settings-head-office-not-enrolled');
  await page.getByLabel('Head office address').fill(hq.url);
  await page.getByLabel('One-time enrolment code').fill(code);
  await page.getByRole('button', { name: 'Enrol this desk' }).click();
  await page.getByText(/This desk is enrolled at the head office/).waitFor();
  await shot('settings-head-office-enrolled');
  await page.getByRole('button', { name: 'Lock Settings now' }).click();
  await page.getByRole('button', { name: 'Open Settings' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('shift-panel').waitFor();
  await signIn(page, 'Aigerim', { '5000': 4 });
  return { page, shot };
}

/** HQ's line in the desk's top bar says it is up to date. */
const upToDate = (page: Page) =>
  page
    .getByTestId('head-office')
    .getByText(/Head office: up to date/)
    .waitFor();

test('two desks and the dashboard: a day at each seen live; a payout of desk A handed over at desk B after A’s Z report', async (t) => {
  const a = await startStack({ trainingShift: false, printPage: sharedPrintPage });
  const b = await startStack({ trainingShift: false, printPage: sharedPrintPage });
  const browser = await sharedBrowser();
  t.after(async () => {
    await a.close();
    await b.close();
  });
  const hq = await startTestHq(t, pg);

  const deskA = await deskAt(browser, hq, a, 'TA', a.sandbox);
  const deskB = await deskAt(browser, hq, b, 'TB', a.sandbox);

  // The day at both desks.
  await livePayin(deskA.page, a.sandbox, { amount: '3000', payerId: 'PAYER-A1', shown: money('3,000.00') });
  await livePayin(deskB.page, a.sandbox, { amount: '4500', payerId: 'PAYER-B1', shown: money('4,500.00') });
  await upToDate(deskA.page);
  await upToDate(deskB.page);
  await deskA.shot('home-up-to-date');

  // Seen at the head office: both desks of the branch, each with its shift open.
  const context = await browser.newContext(WINDOW);
  const [name, value] = hq.admin.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: hq.url }]);
  const dashboard = await context.newPage();
  dashboard.setDefaultTimeout(15_000);
  const hqShot = screenRecorder(dashboard, 'head-office-dashboard', pageProblems(dashboard));
  await dashboard.goto(hq.url);
  await dashboard.getByRole('link', { name: 'Central' }).click();
  const rowA = dashboard.locator('tbody tr', { hasText: 'TA' });
  const rowB = dashboard.locator('tbody tr', { hasText: 'TB' });
  await until(
    async () => /Aigerim/.test(await rowA.innerText()) && /Aigerim/.test(await rowB.innerText()),
    'both shifts at HQ',
  );
  await hqShot('branch-two-desks-open');

  // Desk A: a cash payout captured, its cash not handed over; then A's Z report lists it.
  const number = await startCashPayout(deskA.page, '7000', 'PAYER-A2');
  a.sandbox.capture(1001, number);
  await custodyButton(deskA.page, `Cash handed to the payer: ${money('7,000.00')}`).waitFor();
  const closed = await a.core.invoke('shift.close', { counted: [{ currency: 'KZT', total: '23000' }] });
  assert.ok(closed.ok, JSON.stringify(closed).slice(0, 300));
  await openHome(deskA.page, a.url);
  await upToDate(deskA.page);

  // At desk B: the lookup finds A's payout; B asks HQ, then hands the cash over.
  await deskB.page.getByRole('button', { name: 'Lookup' }).click();
  await deskB.page.getByLabel('Operation number').fill(number);
  await deskB.page.getByRole('button', { name: 'Look up', exact: true }).click();
  const claim = deskB.page.getByRole('button', { name: 'Hand over at this desk' });
  await claim.waitFor();
  await deskB.shot('lookup-another-desks-payout');
  await claim.click();
  const handOver = custodyButton(deskB.page, `Cash handed to the payer: ${money('7,000.00')}`);
  await handOver.waitFor();
  await deskB.page.getByText(/the head office confirmed that its cash is handed over at this desk/).waitFor();
  await deskB.shot('lookup-claimed-hand-over');
  await handOver.click();
  await deskB.page
    .locator('.cash-banner')
    .getByText(/^Cash handed over at /)
    .waitFor();
  await deskB.shot('lookup-handed-over');
  await upToDate(deskB.page);

  // Back at desk A: paid at another desk of the branch, and no advice to hand it over anywhere, in
  // Live and in training alike.
  const seenAtA = async (shot: string) => {
    await openHome(deskA.page, a.url);
    await deskA.page.getByRole('button', { name: 'History' }).click();
    await deskA.page.getByTestId('history-row').filter({ hasText: number }).click();
    await deskA.page
      .getByText('Paid out at another desk of the branch: give no cash here.')
      .first()
      .waitFor();
    assert.equal(await deskA.page.getByText('Hand the cash to the payer').count(), 0);
    await deskA.shot(shot);
    await openHome(deskA.page, a.url);
    await deskA.page.getByRole('button', { name: 'History' }).waitFor();
    assert.equal(await deskA.page.getByText('Completed: hand over the cash').count(), 0);
  };
  await seenAtA('operation-paid-at-another-desk');
  for (const [channel, request] of [
    ['supervisor.unlock', { pin: SUPERVISOR_PIN }],
    ['settings.setMode', { mode: 'training' }],
  ] as const) {
    const done = await a.core.invoke(channel, request);
    assert.ok(done.ok, JSON.stringify(done).slice(0, 300));
  }
  await seenAtA('operation-paid-at-another-desk-training');

  // The dashboard's search: started at A, handed over at B.
  await dashboard.goto(`${hq.url}/#/search`);
  await dashboard.fill('#operation-number', number);
  await dashboard.getByRole('button', { name: 'Find', exact: true }).click();
  const found = dashboard.locator('tbody tr', { hasText: number });
  await until(async () => /TB/.test(await found.innerText()), 'the hand-over at B in HQ search');
  assert.match(await found.innerText(), /TA/);
  await hqShot('search-handed-over-at-b');
  await context.close();
});

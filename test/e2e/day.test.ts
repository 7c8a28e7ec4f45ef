// One day at a live desk, in Chromium against the real core and sandbox, screen by screen as a
// branch manager would read it the next morning: the supervisor sets the desk up for Live, an
// operator signs in and counts the float, three payins and two payouts with their cash recorded,
// a cash drop to the safe, the X report (printed), a lock and an unlock with a payin half typed,
// the close with a variance the supervisor approves, and the Z report (printed). Screenshots of
// every screen go to test-results/screens/day/, the printed reports beside them.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { renderPng } from '../support/pdf.ts';
import { countKzt, goLiveInSettings, livePayin, livePayout, signIn } from './day-flows.ts';
import { cashInButton, openHome } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';
import { RESULTS_DIR } from './stack.ts';

const SHOTS = join(RESULTS_DIR, 'screens', 'day');
const money = (amount: string) => `KZT\u00a0${amount}`;

/** The same screen on a 1024×768 counter display, then back to the harness's size. */
async function smallScreen(h: E2E, step: string): Promise<void> {
  const size = h.page.viewportSize();
  await h.page.setViewportSize({ width: 1024, height: 768 });
  await h.screen(`${step}-1024x768`);
  if (size) await h.page.setViewportSize(size);
}

/** The last print, kept as a PDF and a picture beside the screenshots. */
function keepPrint(h: E2E, name: string): string {
  const last = h.printer.printed.at(-1);
  assert.ok(last, `${name} was printed`);
  copyFileSync(last.pdf, join(SHOTS, `${name}.pdf`));
  return renderPng(join(SHOTS, `${name}.pdf`), join(SHOTS, name));
}

test('one day at the counter: sign in, payments, a cash drop, X, lock, close with a variance, Z', async (t) => {
  // A new desk: no shift open yet, so the supervisor can set it up for Live.
  const h = await startE2E(t, 'day', { trainingShift: false });
  const { page, sandbox } = h;
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHome(page, h.url);
  await h.screen('home-new-desk');

  // The supervisor's morning: the desk set up for Live, in Settings.
  await goLiveInSettings(page, { sandbox, operators: ['Aigerim', 'Daniyar'], shot: h.screen });
  assert.equal(await cashInButton(page).isDisabled(), true, 'no payment in Live outside a shift');
  await h.screen('home-live-no-shift');

  // 09:00 Aigerim signs in: 50,000 in 5,000s, 20,000 in 1,000s, 5,000 in 500s.
  await signIn(page, 'Aigerim', { '5000': 10, '1000': 20, '500': 10 }, async (step) => {
    await page.getByTestId('count-KZT').getByTestId('count-total').getByText(money('75,000.00')).waitFor();
    await h.screen(step);
    await smallScreen(h, step);
  });
  await page.getByTestId('shift-panel').getByText('Shift 1 · Aigerim').waitFor();
  await h.screen('home-shift-open');

  await livePayin(
    page,
    sandbox,
    { amount: '12000', payerId: 'PAYER-0101', shown: money('12,000.00') },
    h.screen,
  );
  await livePayin(page, sandbox, { amount: '7500', payerId: 'PAYER-0102', shown: money('7,500.00') });
  await livePayin(page, sandbox, { amount: '25000', payerId: 'PAYER-0103', shown: money('25,000.00') });
  await livePayout(
    page,
    sandbox,
    { amount: '20000', payerId: 'PAYER-0201', shown: money('20,000.00') },
    h.screen,
  );
  await livePayout(page, sandbox, { amount: '8000', payerId: 'PAYER-0202', shown: money('8,000.00') });

  // Midday: 50,000 to the safe, with the supervisor's PIN.
  await page.getByRole('button', { name: 'Cash to safe or drawer' }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT' }).fill('50000');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Cash drop to safe');
  await page.getByLabel('Supervisor PIN').fill(SUPERVISOR_PIN);
  await page.getByText(`Expected in the drawer now: ${money('91,500.00')}`).waitFor();
  await h.screen('cash-drop');
  await page.getByRole('button', { name: 'Record cash taken to the safe' }).click();
  await page
    .getByTestId('movement-done')
    .getByText(`Taken to the safe: ${money('50,000.00')}.`)
    .waitFor();
  await page.getByText(`Expected in the drawer now: ${money('41,500.00')}.`).waitFor();
  await h.screen('cash-drop-recorded');
  await page.getByRole('button', { name: 'Home', exact: true }).click();

  // The X report: 75,000 + 44,500 received − 28,000 handed over − 50,000 to the safe = 41,500.
  await page.getByRole('button', { name: 'X report' }).click();
  const drawer = page.getByTestId('drawer-table');
  await drawer.waitFor();
  assert.deepEqual((await drawer.getByRole('row').allInnerTexts()).slice(1), [
    `Opening float\t${money('75,000.00')}`,
    `Received\t${money('44,500.00')}`,
    `Handed over\t${money('28,000.00')}`,
    `To the safe\t${money('50,000.00')}`,
    `Expected\t${money('41,500.00')}`,
  ]);
  await h.screen('x-report');
  await smallScreen(h, 'x-report');
  await page.getByRole('button', { name: 'Print the X report' }).click();
  await page.getByText('X report printed.').waitFor();
  keepPrint(h, 'x-report-printed');

  // A payin half typed when Aigerim steps away: the desk locks, and the amount is still there after.
  await page.keyboard.press('Escape');
  await cashInButton(page).click();
  const amount = page.getByRole('textbox', { name: 'Amount in KZT', exact: true });
  await amount.fill('3000');
  await page.getByRole('button', { name: 'Lock' }).click();
  const lock = page.getByRole('dialog', { name: 'Desk locked' });
  await lock.waitFor();
  await h.screen('lock-screen');
  await lock.getByLabel('PIN of Aigerim').fill('1111');
  await lock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await lock.getByTestId('pin-refusal').getByText('Wrong PIN.').waitFor();
  await h.screen('lock-wrong-pin');
  await smallScreen(h, 'lock-wrong-pin');
  // Two more wrong: the third in a row makes the next try wait, and the screen counts it down.
  for (const wrong of ['2222', '3333']) {
    await lock.getByLabel('PIN of Aigerim').fill(wrong);
    await lock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.waitForTimeout(200);
  }
  await lock.getByText(/the next try is checked in 0:0\d\.$/).waitFor();
  assert.equal(await lock.getByRole('button', { name: 'Unlock', exact: true }).isDisabled(), true);
  await h.screen('lock-wait');
  await lock.getByText('The wait is over: try again.').waitFor({ timeout: 10_000 });
  await lock.getByLabel('PIN of Aigerim').fill(OPERATOR_PIN);
  await lock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await lock.waitFor({ state: 'detached' });
  assert.equal(await amount.inputValue(), '3000', 'the payin in progress is where it was');
  await h.screen('unlocked-payin-kept');
  // Back through the method to Home: nothing was sent for it.
  for (let step = 0; step < 3 && !(await cashInButton(page).isVisible()); step += 1) {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForTimeout(100);
  }
  await cashInButton(page).waitFor();

  // 18:00 the close: 600 short of the 41,500 expected, over the 500 allowed.
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByTestId('count-KZT').waitFor();
  await countKzt(page, { '10000': 2, '5000': 3, '1000': 5, '500': 1, '200': 2 });
  await page.getByTestId('count-KZT').getByTestId('count-total').getByText(money('40,900.00')).waitFor();
  await h.screen('close-count');
  await page.getByRole('button', { name: 'Check the count' }).click();
  const variance = page.getByTestId('variance-table');
  await variance.waitFor();
  assert.match(
    await variance.innerText(),
    /KZT\s+KZT\u00a041,500\.00\s+KZT\u00a040,900\.00\s+Short by KZT\u00a0600\.00\s+Over the KZT\u00a0500\.00 allowed/,
  );
  await page.getByLabel('Note for the Z report').fill('Short 600: change given twice to one payer');
  await page.getByLabel('Supervisor PIN').fill(SUPERVISOR_PIN);
  await h.screen('close-variance-approval');
  await smallScreen(h, 'close-variance-approval');
  await page.getByRole('button', { name: /^Close the shift/ }).click();

  // The Z report: reconciled, no findings, the variance with its note and approval.
  await page.getByRole('heading', { name: 'Z report No. 1' }).waitFor();
  await page.getByTestId('reconciliation').getByText('Reconciled with the gateway').waitFor();
  await page.getByText('The gateway and this desk’s cash records agree.').waitFor();
  await page.getByTestId('close-facts').getByText('Short 600: change given twice to one payer').waitFor();
  assert.deepEqual((await page.getByTestId('drawer-table').getByRole('row').allInnerTexts()).slice(-3), [
    `Expected\t${money('41,500.00')}`,
    `Counted\t${money('40,900.00')}`,
    `Variance\tShort by ${money('600.00')} (over the allowed)`,
  ]);
  await h.screen('z-report');
  await smallScreen(h, 'z-report');
  await page.getByRole('button', { name: 'Print the Z report' }).click();
  await page.getByText('Z report printed.').waitFor();
  keepPrint(h, 'z-report-printed');
  assert.equal(await page.getByTestId('shift-bar').getByText('No shift open').count(), 1);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Shifts', exact: true }).click();
  // Z numbers restart per terminal and per mode: the row names both, and its times carry the date and zone.
  const row = page.getByTestId('shift-row').first();
  await row.getByRole('button', { name: /^T\d+ · Live · Z No\. 1$/ }).waitFor();
  const [terminal, mode, , opened, closed] = await row.getByRole('cell').allInnerTexts();
  assert.match(terminal!, /^T\d+$/);
  assert.equal(mode, 'Live');
  for (const time of [opened!, closed!])
    assert.match(time, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M \S+$/);
  await h.screen('shift-list');

  // The same in Russian: the shift list, the Z report, and the lock and sign-in of the next shift.
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByRole('heading', { name: 'Смены и Z-отчёты' }).waitFor();
  await h.screen('shift-list-ru');
  await page.getByRole('button', { name: /^T\d+ · Рабочий · Z № 1$/ }).click();
  await page.getByRole('heading', { name: 'Z-отчёт № 1' }).waitFor();
  await h.screen('z-report-ru');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Войти и открыть смену' }).click();
  await page.getByRole('radio', { name: 'Daniyar' }).check();
  await h.screen('sign-in-ru');
});

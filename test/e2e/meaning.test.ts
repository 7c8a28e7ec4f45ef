// What an operation means at this desk, as the screens show the core's one answer, in
// Chromium against the real core and sandbox: training money seen in Live, a non-cash payout, cash
// to give back, custody after its shift closed, an operation never created started again, and a
// double Enter that must not record cash. Every case is shown in English and in Russian.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { CustodyRecord, OperationView, Settings, XReport, ZReport } from '../../common/contract.ts';
import type { Core } from '../../main/core.ts';
import { REQUISITE_VALUES, until } from '../support/core.ts';
import { goLive, must } from '../support/desk.ts';
import {
  cashInButton,
  confirmPhone,
  createThroughCore,
  custodyButton,
  openHome,
  startCashPayin,
} from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

type Detail = { operation: OperationView; custody: CustodyRecord[] };

const detailOf = (core: Pick<Core, 'invoke'>, localId: number) =>
  must<Detail>(core.invoke, 'history.get', { localId });

/** Asks the gateway again until the operation reads `status` here. */
async function untilStatus(core: Pick<Core, 'invoke'>, localId: number, status: string): Promise<void> {
  await until(async () => {
    await core.invoke('history.refresh', { localId });
    return (await detailOf(core, localId)).operation.status === status;
  }, `status ${status}`);
}

/** The screen now showing, in English, then in Russian once `russian` shows, then English again. */
async function bothLanguages(h: E2E, step: string, russian: string | RegExp): Promise<void> {
  const { page } = h;
  await h.screen(`${step}-en`);
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByText(russian).first().waitFor();
  await h.screen(`${step}-ru`);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByRole('button', { name: 'RU', exact: true }).waitFor();
}

const trayRow = (page: Page, operation: OperationView) =>
  page.getByTestId('tray-row').filter({ hasText: operation.operationNumber });

const banner = (page: Page) => page.locator('.cash-banner');

test('training money seen in Live: marked TRAINING everywhere, no hand-over advice, no custody', async (t) => {
  const h = await startE2E(t, 'meaning-training-in-live');
  const { page, core, sandbox } = h;
  const payout = await createThroughCore(core, {
    type: 'payout',
    shopId: 1001,
    amount: '20000',
    payerId: 'PAYER-TRAINING',
  });
  // The training shift closes before Live, as the app requires; then Live, set up as a supervisor does.
  await must(core.invoke, 'shift.close', { counted: [] });
  const { settings } = await must<{ settings: Settings }>(core.invoke, 'app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await goLive(
    core.invoke,
    { ...rest, gatewayUrl: sandbox.url },
    { tokens: [{ shopId: 1001, token: sandbox.token }] },
  );
  // The payer confirms at the training gateway after the desk went Live.
  sandbox.capture(1001, payout.operationNumber);
  await untilStatus(core, payout.localId, 'captured');

  await openHome(page, h.url);
  const row = trayRow(page, payout);
  await row.waitFor();
  assert.equal(await row.getByTestId('money-mark').innerText(), 'TRAINING – NO REAL MONEY');
  assert.doesNotMatch(await row.innerText(), /hand over/i);
  assert.match(await row.innerText(), /Training money: no real cash moves in Live/);
  await bothLanguages(h, 'home-tray', 'УЧЕБНАЯ — НЕ НАСТОЯЩИЕ ДЕНЬГИ');

  await row.click();
  const mark = page.getByTestId('money-mark');
  await mark.waitFor();
  assert.equal((await mark.innerText()).replace(/\s+/g, ' '), 'TRAINING – NO REAL MONEY');
  // Above the fold: the mark is in the first screenful, above the cash banner.
  const markBox = await mark.boundingBox();
  const bannerBox = await banner(page).boundingBox();
  assert.ok(markBox && bannerBox && markBox.y < bannerBox.y && markBox.y + markBox.height < 860);
  assert.equal(await banner(page).getAttribute('data-cash'), 'none');
  assert.match(await banner(page).innerText(), /Training money: no real cash moves in Live\./);
  assert.doesNotMatch(await banner(page).innerText(), /Hand the cash/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  assert.equal(
    await page.getByTestId('custody-refused').innerText(),
    'Training money: no real cash moves in Live.',
  );
  await bothLanguages(h, 'detail', 'Учебные деньги: в рабочем режиме настоящие наличные не передаются.');
  assert.deepEqual((await detailOf(core, payout.localId)).custody, []);
});

test('a bank-transfer payout never advises cash, shows its requisites, and offers no custody', async (t) => {
  const h = await startE2E(t, 'meaning-bank-transfer');
  const { page, core, sandbox } = h;
  await openHome(page, h.url);
  await page.getByRole('button', { name: /^Cash out/ }).click();
  await page.getByRole('button', { name: /^Bank transfer GEL/ }).click();
  await page.getByRole('textbox', { name: 'Amount in GEL', exact: true }).fill('150');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('PAYER-BANK');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(REQUISITE_VALUES.fullName!);
  await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill(REQUISITE_VALUES.iban!);
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  assert.equal(await banner(page).getAttribute('data-cash'), 'none');
  assert.match(await banner(page).innerText(), /Not a cash method: no cash at this desk/);
  // The requisites the payer is paid to, as entered.
  const summary = page.locator('.summary');
  await summary.getByText(REQUISITE_VALUES.fullName!).waitFor();
  await summary.getByText('IBAN', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  assert.equal(await page.getByTestId('custody-refused').count(), 0);
  await bothLanguages(h, 'waiting', 'Способ не наличный: на кассе наличные не передаются.');

  // Captured: still no cash, still nothing to record.
  const [operation] = (await must<{ rows: { operation: OperationView }[] }>(core.invoke, 'history.open', {}))
    .rows;
  assert.ok(operation);
  const number = operation.operation.operationNumber;
  sandbox.capture(1001, number);
  // The desk keeps looking the status up by itself: the step moves on when the capture arrives.
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  assert.equal(await banner(page).getAttribute('data-cash'), 'none');
  assert.match(await banner(page).innerText(), /Not a cash method/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await summary.getByText(REQUISITE_VALUES.fullName!).waitFor();
  await bothLanguages(h, 'completed', 'Способ не наличный: на кассе наличные не передаются.');
  assert.deepEqual((await detailOf(core, operation.operation.localId)).custody, []);
});

test('a payin cancelled after the cash was received: give it back, recorded once, then settled', async (t) => {
  const h = await startE2E(t, 'meaning-return-cash');
  const { page, core, sandbox } = h;
  const payin = await createThroughCore(core, {
    type: 'payin',
    shopId: 1001,
    amount: '3000',
    payerId: 'PAYER-BACK',
  });
  await must(core.invoke, 'checkout.recordCash', { localId: payin.localId, action: 'received' });
  sandbox.setStatus(1001, payin.operationNumber, 'cancelled');
  await untilStatus(core, payin.localId, 'cancelled');

  await openHome(page, h.url);
  const row = trayRow(page, payin);
  await row.waitFor();
  assert.equal(await row.getAttribute('data-reason'), 'return_cash');
  assert.match(await row.innerText(), /Cancelled: give KZT\u00a03,000\.00 back to the payer/);
  await bothLanguages(h, 'home-tray', 'Отменена: верните плательщику');

  await row.click();
  await banner(page).getByText('Give the cash back to the payer: KZT\u00a03,000.00').waitFor();
  assert.equal(await banner(page).getAttribute('data-cash'), 'return');
  const giveBack = custodyButton(page, 'Cash given back to the payer: KZT\u00a03,000.00');
  await giveBack.waitFor();
  await bothLanguages(h, 'detail-give-back', 'Наличные возвращены плательщику: 3');
  await giveBack.click();
  await banner(page)
    .getByText(/^Cash given back at /)
    .waitFor();
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await page.getByTestId('custody-records').getByText('Cash given back: KZT\u00a03,000.00').waitFor();
  await bothLanguages(h, 'detail-given-back', 'Наличные возвращены в');

  const kinds = (await detailOf(core, payin.localId)).custody.map((record) => record.kind);
  assert.deepEqual(kinds, ['received', 'returned']);
  await page.keyboard.press('Escape');
  await cashInButton(page).waitFor();
  await until(async () => (await trayRow(page, payin).count()) === 0, 'the payin to settle');
});

test('custody after its shift closed: refused without a shift, recorded in the next one', async (t) => {
  const h = await startE2E(t, 'meaning-custody-next-shift');
  const { page, core, sandbox } = h;
  const payout = await createThroughCore(core, {
    type: 'payout',
    shopId: 1001,
    amount: '20000',
    payerId: 'PAYER-LATE',
  });
  const first = await must<ZReport>(core.invoke, 'shift.close', { counted: [] });
  assert.ok(first.waiting.some((open) => open.operation.operationNumber === payout.operationNumber));
  sandbox.capture(1001, payout.operationNumber);
  await untilStatus(core, payout.localId, 'captured');

  // No shift: Home offers Start training and no operation can start; the payout's cash waits.
  await page.goto(h.url);
  await page.getByTestId('start-training').waitFor();
  assert.equal(await cashInButton(page).isDisabled(), true);
  await page.getByText('Start training first: no operation can start without a shift.').waitFor();
  await bothLanguages(h, 'home-no-shift', 'Начать обучение');

  await trayRow(page, payout).click();
  const refused = page.getByTestId('custody-refused');
  await refused.waitFor();
  assert.match(await refused.innerText(), /^Start training to open a shift first/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  assert.equal(await banner(page).getAttribute('data-cash'), 'hand_over');
  await bothLanguages(h, 'detail-no-shift', 'Сначала начните обучение');

  // The next training shift: the hand-over is recorded in it.
  await refused.getByRole('button', { name: 'Start training' }).click();
  const handOver = custodyButton(page, 'Cash handed to the payer: KZT\u00a020,000.00');
  await handOver.click();
  await banner(page)
    .getByText(/^Cash handed over at /)
    .waitFor();
  await bothLanguages(h, 'detail-handed-over', 'Наличные выданы в');
  const report = await must<XReport>(core.invoke, 'shift.report', {});
  assert.notEqual(report.shift.id, first.shift.id);
  assert.equal(report.cash.find((line) => line.currency === 'KZT')?.handedOver, '20000.00');
  const [record] = (await detailOf(core, payout.localId)).custody;
  assert.equal(record?.shiftId, report.shift.id);
});

test('never created: "Not created: no money moved", and Start again gives a new number', async (t) => {
  // A short session (still past the desk's 5 s margin), so the gateway's own clock soon says the lost
  // create can never land.
  const h = await startE2E(t, 'meaning-start-again', { sandbox: { sessionTtlSeconds: 7 } });
  const { page, sandbox } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-AGAIN');
  const first = await page.getByTestId('operation-number').innerText();
  // The create never reaches the gateway's ledger, and its reply is lost (a retry too).
  sandbox.inject('createOperation', { kind: 'reset' }, 3);
  await confirmPhone(page);

  await page.getByRole('heading', { name: 'Not created: no money moved' }).waitFor();
  sandbox.clearFaults();
  assert.equal(await page.getByText('Do not start the same payment again').count(), 0);
  assert.equal(await page.getByText(/^Outcome unknown/).count(), 0);
  assert.match(await banner(page).innerText(), /Do not give or take cash\s+Not created: no money moved/);
  const again = page.getByRole('button', { name: 'Start again with the same details' });
  await again.waitFor();
  await bothLanguages(h, 'not-created', 'Не создана: деньги не переводились');

  // The same figures under a new number; the session is short, so the phone goes in at once.
  await again.click();
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();
  const second = await page.getByTestId('operation-number').innerText();
  assert.notEqual(second, first);
  await page.getByTestId('summary-amount').filter({ hasText: 'KZT\u00a05,000.00' }).waitFor();
  await confirmPhone(page);
  await page.getByTestId('record-cash').waitFor();
  assert.equal(await page.getByTestId('operation-number').innerText(), second);
  assert.equal(sandbox.operationCount(), 1);
  await bothLanguages(h, 'started-again', 'Наличные приняты от плательщика');
});

test('a double Enter when the custody step appears records nothing; a deliberate press records once', async (t) => {
  const h = await startE2E(t, 'meaning-double-enter');
  const { page, core } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-DOUBLE');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await page.keyboard.press('Enter');
  const button = page.getByTestId('record-cash');
  await button.waitFor();
  // The Enter that confirmed, pressed twice more, 250 ms apart, and a click at once: none is taken.
  await page.keyboard.press('Enter');
  await page.waitForTimeout(250);
  await page.keyboard.press('Enter');
  const armedWhenClicked = await button.evaluate((element: HTMLElement) => {
    const armed = element.dataset.armed;
    element.click();
    return armed;
  });
  assert.equal(armedWhenClicked, 'false');
  const number = await page.getByTestId('operation-number').innerText();
  const { rows } = await must<{ rows: { operation: OperationView }[] }>(core.invoke, 'history.open', {});
  const localId = rows.find((row) => row.operation.operationNumber === number)?.operation.localId;
  assert.ok(localId);
  assert.deepEqual((await detailOf(core, localId)).custody, []);
  assert.equal(await banner(page).getAttribute('data-custody'), null);
  await bothLanguages(h, 'custody-step', 'Наличные приняты от плательщика');

  // After its second, a deliberate press records it, once.
  await custodyButton(page).focus();
  await page.keyboard.press('Enter');
  await banner(page)
    .getByText(/^Cash received at /)
    .waitFor();
  const records = (await detailOf(core, localId)).custody;
  assert.deepEqual(
    records.map((record) => record.kind),
    ['received'],
  );
  await bothLanguages(h, 'cash-received', 'Наличные приняты в');
});

test('the same payer twice: their open operation is shown first, and a new one is a deliberate step', async (t) => {
  const h = await startE2E(t, 'meaning-same-payer');
  const { page, core } = h;
  const waiting = await createThroughCore(core, {
    type: 'payout',
    shopId: 1001,
    amount: '20000',
    payerId: 'PAYER-TWICE',
  });
  await openHome(page, h.url);
  await page.getByRole('button', { name: /^Cash out/ }).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('7000');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('PAYER-TWICE');
  await page.keyboard.press('Enter');

  const notice = page.getByTestId('same-payer');
  await notice
    .getByText(
      `PAYER-TWICE has a KZT\u00a020,000.00 cash out waiting (${waiting.operationNumber}). Open it, or start a new one anyway.`,
    )
    .waitFor();
  // Opening it is where focus starts: the Enter of a scanner never starts a second one.
  assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /^Open it/);
  await bothLanguages(h, 'same-payer', 'Всё равно начать новую');
  await notice.getByRole('button', { name: /^Open it/ }).press('Enter');
  await page.getByRole('heading', { name: `Operation ${waiting.operationNumber}` }).waitFor();
  await page.keyboard.press('Escape');

  await notice.getByRole('button', { name: 'Start a new one anyway' }).click();
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();
  assert.notEqual(await page.getByTestId('operation-number').innerText(), waiting.operationNumber);
});

test('a supervisor reverses a cash record made by mistake, with its reason', async (t) => {
  const h = await startE2E(t, 'meaning-reversal');
  const { page, core } = h;
  const payin = await createThroughCore(core, {
    type: 'payin',
    shopId: 1001,
    amount: '5000',
    payerId: 'PAYER-OOPS',
  });
  await must(core.invoke, 'checkout.recordCash', { localId: payin.localId, action: 'received' });
  await openHome(page, h.url);
  await trayRow(page, payin).click();
  const records = page.getByTestId('custody-records');
  await records.getByText('Cash received: KZT\u00a05,000.00').waitFor();

  const reverse = page.getByTestId('reverse-custody');
  await reverse.getByText('Reverse the cash record').first().click();
  await reverse.getByRole('textbox', { name: 'Reason' }).fill('Recorded for the wrong payer');
  await bothLanguages(h, 'reverse', 'Отменить запись о наличных');
  await reverse.getByRole('button', { name: 'Reverse the cash record' }).click();
  // Nothing is left to reverse: the action goes, and the records list says what was done and why.
  await reverse.waitFor({ state: 'detached' });
  await records.getByText('Reason: Recorded for the wrong payer').waitFor();
  await bothLanguages(h, 'reversed', 'Отменено старшим кассиром');
  const kinds = (await detailOf(core, payin.localId)).custody.map((record) => record.kind);
  assert.deepEqual(kinds, ['received', 'reversal']);
});

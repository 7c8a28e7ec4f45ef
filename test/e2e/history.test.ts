// History (virtualised, paged, searchable) and switching language, in Chromium against the real core.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationView, Response } from '../../common/contract.ts';
import { until } from '../support/core.ts';
import { cashInButton, createThroughCore, openHome } from './flows.ts';
import { startE2E } from './harness.ts';

/** More than one page (50), so reaching the oldest row needs the cursor. */
const FILLERS = 52;

function localDay(offsetDays: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

test('history pages, searches and filters, and shows an operation in full', async (t) => {
  const h = await startE2E(t, 'history');
  const { page, core, sandbox } = h;
  const made = async (view: Promise<OperationView>, capture: boolean) => {
    const operation = await view;
    if (capture) sandbox.capture(operation.shopId, operation.operationNumber);
    return operation;
  };
  await made(
    createThroughCore(core, { type: 'payin', shopId: 1001, amount: '5000', payerId: 'ALICE-1' }),
    false,
  );
  const bob = await made(
    createThroughCore(core, { type: 'payout', shopId: 1001, amount: '2000', payerId: 'BOB-2' }),
    true,
  );
  await made(
    createThroughCore(core, { type: 'payin', shopId: 1002, amount: '7000', payerId: 'CAROL-3' }),
    false,
  );
  // Ended by the gateway without capturing, and a status the desk does not know.
  const dave = await made(
    createThroughCore(core, { type: 'payin', shopId: 1001, amount: '4000', payerId: 'DAVE-4' }),
    false,
  );
  sandbox.setStatus(1001, dave.operationNumber, 'cancelled');
  const eve = await made(
    createThroughCore(core, { type: 'payin', shopId: 1001, amount: '3000', payerId: 'EVE-5' }),
    false,
  );
  sandbox.setStatus(1001, eve.operationNumber, 'on_hold');
  // Cash received, then the gateway ended it: the cash is given back, and the row says so.
  const frank = await made(
    createThroughCore(core, { type: 'payin', shopId: 1001, amount: '6000', payerId: 'FRANK-6' }),
    false,
  );
  const cash = async (request: object) => assert.ok((await core.invoke('checkout.recordCash', request)).ok);
  await cash({ localId: frank.localId });
  sandbox.setStatus(1001, frank.operationNumber, 'cancelled');
  await core.invoke('history.refresh', { localId: frank.localId });
  await until(async () => {
    const result = await core.invoke('history.get', { localId: frank.localId });
    return result.ok && (result.value as { operation: OperationView }).operation.cash === 'return';
  }, 'the cancelled payin to ask for its cash back');
  await cash({ localId: frank.localId, action: 'returned' });
  for (let i = 0; i < FILLERS; i++) {
    await made(
      createThroughCore(core, { type: 'payin', shopId: 1001, amount: '1000', payerId: `FILL-${i}` }),
      true,
    );
  }
  await until(async () => {
    const result = await core.invoke('history.get', { localId: bob.localId });
    return result.ok && (result.value as { operation: OperationView }).operation.status === 'captured';
  }, 'the payout to read captured');
  const seen = async (filter: object) => {
    const result = await core.invoke('history.search', filter);
    assert.ok(result.ok);
    return result.value as Response<'history.search'>;
  };
  await until(async () => {
    const { totals } = await seen({});
    const unknown = (await seen({ state: 'unknown' })).rows.map((r) => r.payerId);
    return (
      totals?.training.payin.count === FILLERS &&
      totals.training.open.count === 3 &&
      unknown.join() === 'EVE-5'
    );
  }, 'every status read back');

  await openHome(page, h.url);
  await page.getByRole('button', { name: 'History' }).click();
  const rows = page.getByTestId('history-row');
  await rows.first().waitFor();
  // Newest first, and only the rows in view are in the DOM.
  assert.match(await rows.first().innerText(), /FILL-51/);
  assert.ok((await rows.count()) < 40, `${await rows.count()} rows rendered`);
  await h.screen('history');
  // By type, completed only (captured); the open ones apart; the cancelled payins add to nothing.
  // All of it training money: none of it is Live cash in or out, and none of it Live still open.
  const total = async (which: string) => page.getByTestId(`history-total-${which}`).innerText();
  assert.match(await page.getByTestId('history-totals').innerText(), /Operations found\s*58/);
  assert.match(await total('payin'), /Cash in, completed: 0\s*—/);
  assert.match(await total('payout'), /Cash out, completed: 0\s*—/);
  assert.match(await total('open'), /Still open: 0\s*—/);
  assert.match(
    await total('training-payin'),
    /Training in, completed \(no real money\): 52\s*KZT.52,000\.00/,
  );
  assert.match(
    await total('training-payout'),
    /Training out, completed \(no real money\): 1\s*KZT.2,000\.00/,
  );
  assert.match(await total('training-open'), /Training still open \(no real money\): 3\s*KZT.15,000\.00/);
  assert.equal(await page.getByTestId('history-total-other-payin').count(), 0, 'no other instrument');

  const scroller = page.locator('.history-scroll');
  const alice = rows.filter({ hasText: 'ALICE-1' });
  await until(async () => {
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    return (await alice.count()) === 1;
  }, 'the oldest row, on the second page');
  await h.screen('history-scrolled-to-oldest');

  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill('BOB-2');
  await until(
    async () => (await rows.count()) === 1 && /BOB-2/.test(await rows.first().innerText()),
    'the search',
  );
  await h.screen('history-search-payer');
  await search.fill('FRANK-6');
  await until(
    async () => (await rows.count()) === 1 && /FRANK-6/.test(await rows.first().innerText()),
    'the payin given back',
  );
  assert.match(await rows.first().getByTestId('history-custody').innerText(), /^Given back /);
  assert.doesNotMatch(await rows.first().innerText(), /Received/);
  await search.fill(bob.operationNumber.slice(0, -1));
  await until(async () => (await rows.count()) >= 1, 'a search by number prefix');
  await search.fill('');

  const type = page.getByRole('combobox', { name: 'Type' });
  const status = page.getByRole('combobox', { name: 'Status' });
  await type.selectOption('payout');
  await until(async () => (await rows.count()) === 1, 'the type filter');
  await status.selectOption('captured');
  await until(
    async () => (await rows.count()) === 1 && /Completed/.test(await rows.first().innerText()),
    'both',
  );
  await type.selectOption('payin');
  await status.selectOption('created');
  await until(async () => (await rows.count()) === 2, 'payins not yet confirmed');
  assert.deepEqual(
    (await rows.allInnerTexts()).map((text) => /ALICE-1|CAROL-3/.exec(text)?.[0]),
    ['CAROL-3', 'ALICE-1'],
  );
  await h.screen('history-filtered');
  await type.selectOption('');
  for (const [kind, payers] of [
    ['Cancelled', ['FRANK-6', 'DAVE-4']],
    ['Unknown status, not final', ['EVE-5']],
    ['Cash still open', ['BOB-2']],
  ] as const) {
    await status.selectOption({ label: kind });
    await until(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length === payers.length && payers.every((payer, i) => texts[i]!.includes(payer));
    }, kind);
  }
  assert.match(await total('training-payout'), /\): 1\s*KZT.2,000\.00/);
  assert.match(await total('open'), /Still open: 0/);
  await status.selectOption({ label: 'Not created' });
  await page.getByText('No operations match.').waitFor();
  await type.selectOption('payin');
  await status.selectOption('created');
  await until(async () => (await rows.count()) === 2, 'payins not yet confirmed, again');

  await page.getByLabel('From', { exact: true }).fill(localDay(1));
  await page.getByText('No operations match.').waitFor();
  await h.screen('history-empty');
  await page.getByLabel('From', { exact: true }).fill(localDay(0));
  await until(async () => (await rows.count()) === 2, 'the date filter for today');

  await rows.filter({ hasText: 'ALICE-1' }).click();
  await page.getByRole('heading', { name: /^Operation T01-/ }).waitFor();
  await page.getByTestId('event-list').getByText('Session requested from the gateway').waitFor();
  await page.getByText('Payer details: Phone number').waitFor();
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await page.getByText('Status refreshed.').waitFor();
  await h.screen('history-detail');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'History' }).waitFor();
});

test('the language switches at runtime and stays switched', async (t) => {
  const h = await startE2E(t, 'language');
  const { page } = h;
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByRole('button', { name: /^Внесение/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
  await page.getByText('ОБУЧЕНИЕ', { exact: true }).waitFor();
  await h.screen('home-ru');

  // Saved in the core's settings, so a restart of the window keeps it.
  await page.reload();
  await page.getByRole('button', { name: /^Внесение/ }).waitFor();
  const state = await h.core.invoke('app.getState', {});
  assert.ok(state.ok && (state.value as { settings: { language: string } }).settings.language === 'ru');

  await page.getByRole('button', { name: /^Внесение/ }).click();
  await page.getByRole('heading', { name: 'Выберите способ оплаты' }).waitFor();
  await h.screen('methods-ru');
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await page.getByRole('textbox', { name: 'Сумма в KZT' }).fill('5000');
  await page.getByText('5\u00a0000,00\u00a0₸').waitFor();
  await h.screen('amount-ru');

  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await cashInButton(page).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await h.screen('home-en-again');
});

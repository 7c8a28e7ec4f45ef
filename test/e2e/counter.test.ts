// The counter as a new agent meets it, in Chromium against the real core and sandbox, at
// 1024×768 and 1280×800, in English and Russian: every step's action on the first screenful, the cash
// banner and the caption over the amount agreeing, refusals at their field, no codes or raw names,
// statuses that will not complete, and the supervisor's settings saying what is missing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { OperationView } from '../../common/contract.ts';
import { maskRequisiteValue } from '../../main/sandbox/requisites.ts';
import { COMMIT_THEN_DROP } from '../../main/sandbox/server.ts';
import { foreignOperation, REQUISITE_VALUES, until } from '../support/core.ts';
import { cashInButton, confirmPhone, custodyButton, openHome, startCashPayin } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

type Language = 'en' | 'ru';
type Size = { width: number; height: number };
const SMALL: Size = { width: 1024, height: 768 };
const LARGE: Size = { width: 1280, height: 800 };

/** The words each check looks for, in both languages. */
const WORDS = {
  en: {
    cashIn: 'Cash in',
    cashOut: 'Cash out',
    noCash: 'Do not give or take cash',
    takeNow: 'Cash in · take it now',
    handNow: 'Cash out · hand it over now',
    confirmTraining: 'Confirm (training)',
    phone: 'Phone number',
    fullName: 'Full name',
    refused: 'The gateway refused this value. Check it with the payer, correct it and confirm again.',
    phoneCheck: 'Check it with the payer: a phone number has 10 to 15 digits.',
    phoneHint: 'Digits with the country code, e.g. +77011234567.',
    sentAs: 'Sent as +77011234567',
    keep: 'No, go on with it',
    cancel: 'Yes, cancel the payment',
    stuckTitle: 'Gateway status: on_hold',
    stuckBody: 'The gateway status is “on_hold”: this operation will not complete as it stands.',
    refresh: 'Refresh status',
  },
  ru: {
    cashIn: 'Внесение',
    cashOut: 'Выдача',
    noCash: 'Не выдавайте и не принимайте наличные',
    takeNow: 'Внесение · примите сейчас',
    handNow: 'Выдача · выдайте сейчас',
    confirmTraining: 'Подтвердить (обучение)',
    phone: 'Номер телефона',
    fullName: 'ФИО',
    refused: 'Шлюз не принял это значение. Сверьте его с плательщиком, исправьте и подтвердите снова.',
    phoneCheck: 'Сверьте с плательщиком: в номере телефона от 10 до 15 цифр.',
    phoneHint: 'Цифры с кодом страны, например +77011234567.',
    sentAs: 'Будет отправлено как +77011234567',
    keep: 'Нет, продолжить',
    cancel: 'Да, отменить платёж',
    stuckTitle: 'Статус шлюза: on_hold',
    stuckBody: 'Статус шлюза «on_hold»: в таком виде операция не завершится.',
    refresh: 'Обновить статус',
  },
} as const;

async function speak(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === language, language);
}

/**
 * The screen as it first shows, without scrolling: nothing scrolled (focus moved nothing under the
 * sticky header), the title and the cash banner below the header, and the primary action in view.
 */
async function firstScreenful(page: Page, primary: Locator, step: string): Promise<void> {
  const viewport = page.viewportSize()!;
  assert.equal(await page.evaluate(() => window.scrollY), 0, `${step}: scrolled`);
  const header = (await page.locator('.app-header').boundingBox())!;
  const below = header.y + header.height;
  for (const part of [page.locator('.screen h1'), page.locator('.screen > .cash-banner')]) {
    if ((await part.count()) === 0) continue;
    const box = (await part.boundingBox())!;
    assert.ok(box.y >= below, `${step}: ${await part.innerText()} is under the header`);
  }
  const box = await primary.boundingBox();
  assert.ok(box, `${step}: no primary action`);
  assert.ok(box.y + box.height <= viewport.height, `${step}: the primary action is below the fold`);
}

/**
 * Every operation step says Cash in or Cash out, and the caption over the amount gives an
 * instruction only where the cash banner gives the same one. One wording for "no cash moves now".
 */
async function agrees(page: Page, language: Language, type: 'payin' | 'payout', step: string) {
  const words = WORDS[language];
  assert.equal(
    await page.getByTestId('step-type').innerText(),
    type === 'payin' ? words.cashIn : words.cashOut,
    `${step}: Cash in or out`,
  );
  const banner = page.locator('.screen > .cash-banner');
  const cash = await banner.getAttribute('data-cash');
  // Once the cash is recorded the banner says when instead.
  if ((cash === 'hold' || cash === 'none') && !(await banner.getAttribute('data-custody'))) {
    assert.match(await banner.innerText(), new RegExp(words.noCash), `${step}: the one wording`);
  }
  const caption = page.getByTestId('summary-caption');
  if ((await caption.count()) === 0) return;
  const expected =
    cash === 'accept'
      ? words.takeNow
      : cash === 'hand_over'
        ? words.handNow
        : type === 'payin'
          ? words.cashIn
          : words.cashOut;
  assert.equal(await caption.innerText(), expected, `${step}: caption against banner ${cash}`);
}

/**
 * A payout at the Training shop, step by step, each step checked and shot at both sizes; then a
 * payin's waiting. The walk itself is at the smaller size, where arriving at a step is likeliest to
 * scroll; each step is then seen at the larger size too, which the same steps need not be walked for.
 */
async function walkCheckout(h: E2E, language: Language): Promise<void> {
  const { page } = h;
  const words = WORDS[language];
  const tag = `${language}-${SMALL.width}x${SMALL.height}`;
  await page.setViewportSize(SMALL);
  const check = async (step: string, primary: Locator, type: 'payin' | 'payout') => {
    for (const size of [SMALL, LARGE]) {
      const at = `${language}-${size.width}x${size.height}`;
      await page.setViewportSize(size);
      await firstScreenful(page, primary, `${at} ${step}`);
      await agrees(page, language, type, `${at} ${step}`);
      await h.screen(`${at}-${step}`);
    }
    await page.setViewportSize(SMALL);
  };

  await page.locator('.tile-payout').click();
  const tile = page.locator('.method-tile').first();
  const amount = page.locator('.amount-input');
  await tile.or(amount).first().waitFor();
  // The method chosen last time is remembered: Back (Esc) shows the tiles again.
  if (await amount.isVisible()) await page.keyboard.press('Escape');
  await tile.waitFor();
  await check('method', tile, 'payout');
  await tile.click();
  await amount.fill('20000');
  await check('amount', page.locator('.amount-entry button[type=submit]'), 'payout');
  await page.keyboard.press('Enter');
  const payer = page.locator('.screen input.input-large');
  await payer.fill(`PAYER-${tag}`);
  await check('payer', page.locator('.screen button[type=submit]'), 'payout');
  await page.keyboard.press('Enter');
  const fields = page.locator('.details-layout input');
  await fields.first().waitFor();
  await fields.nth(0).fill(REQUISITE_VALUES.fullName!);
  await fields.nth(1).fill(REQUISITE_VALUES.phone!);
  const confirm = page.locator('.details-layout button[type=submit]');
  await check('details', confirm, 'payout');
  await confirm.click();
  const training = page.getByRole('button', { name: words.confirmTraining });
  await training.waitFor();
  await check('waiting-payout', training, 'payout');
  await training.click();
  const handOver = custodyButton(page);
  await handOver.waitFor();
  await check('completed-payout', handOver, 'payout');
  await handOver.click();
  await page.locator('.cash-banner[data-custody="handed_over"]').waitFor();
  await agrees(page, language, 'payout', `${tag} handed over`);
  await page.locator('.actions .button-primary').first().click();
  await cashInButton(page).or(page.locator('.tile-payin')).first().waitFor();

  // A payin: the cash is taken once the gateway holds it, and the caption says the same.
  await page.locator('.tile-payin').click();
  const tiles = page.locator('.method-tile');
  await tiles.or(amount).first().waitFor();
  if (await tiles.first().isVisible()) await tiles.first().click();
  await amount.fill('5000');
  await page.keyboard.press('Enter');
  await payer.fill(`PAYIN-${tag}`);
  await page.keyboard.press('Enter');
  await fields.first().fill(REQUISITE_VALUES.phone!);
  await check('details-payin', confirm, 'payin');
  await page.keyboard.press('Enter');
  const received = custodyButton(page);
  await received.waitFor();
  await check('waiting-payin', received, 'payin');
  await received.click();
  await page.locator('.cash-banner[data-custody="received"]').waitFor();
  await agrees(page, language, 'payin', `${tag} received`);
  await page.getByRole('button', { name: words.confirmTraining }).click();
  await page.getByTestId('operation-status').waitFor();
  await page.locator('.actions .button-primary').first().click();
  await page.locator('.tile-payin').waitFor();
}

test('every step shows its action without scrolling, Cash in or out, and a caption that agrees with the banner', async (t) => {
  const h = await startE2E(t, 'counter-steps');
  await openHome(h.page, h.url);
  for (const language of ['en', 'ru'] as const) {
    await speak(h.page, language);
    await walkCheckout(h, language);
  }
  assert.equal(h.sandbox.operationCount(), 4);
});

const NORMALISED = '+77011234567';

test('a requisite the gateway refuses is marked at its field, the session and the values kept', async (t) => {
  const h = await startE2E(t, 'counter-refused');
  const { page, core, sandbox } = h;
  await page.setViewportSize(SMALL);
  await openHome(page, h.url);
  for (const language of ['en', 'ru'] as const) {
    const words = WORDS[language];
    await speak(page, language);
    const operations = sandbox.operationCount();
    await startCashPayinIn(page, language, `REFUSED-${language}`);
    const phone = page.getByRole('textbox', { name: words.phone, exact: true });
    const note = page.getByTestId('note-phone');
    // Too short for a phone number: the desk cautions, but lets the gateway decide.
    await phone.fill('8 701 123');
    // The caution keeps the format the number should have.
    assert.equal(await note.innerText(), `${words.phoneCheck} ${words.phoneHint}`);
    await h.screen(`${language}-caution-before-confirm`);
    await page.keyboard.press('Enter');
    await note.getByText(words.refused).waitFor();
    assert.equal(await note.innerText(), `${words.refused} ${words.phoneHint}`);
    assert.equal(await phone.inputValue(), '8 701 123', 'what was typed is kept');
    assert.equal(await phone.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'phone');
    assert.equal(sandbox.operationCount(), operations);
    const held = await lastOperation(core);
    assert.equal(held.phase, 'session_open', 'the session is kept');
    await firstScreenful(page, page.locator('.details-layout button[type=submit]'), `${language} refused`);
    await h.screen(`${language}-refused-at-field`);

    // The obvious layout is taken out: brackets, spaces, dashes, and the Kazakh 8 for +7.
    await phone.fill('8 (701) 123-45-67');
    assert.equal(await note.innerText(), words.sentAs);
    await h.screen(`${language}-normalised`);
    await page.keyboard.press('Enter');
    await page.getByTestId('record-cash').waitFor();
    const created = await lastOperation(core);
    assert.equal(created.localId, held.localId, 'the same session went on');
    // Sent as normalised. The desk keeps what the gateway holds, and the gateway masks a phone in
    // every later reply: a status lookup may already have landed, so either form is what was sent.
    const [sent] = created.payerDetails.map((d) => d.value);
    assert.ok(
      [NORMALISED, maskRequisiteValue('phone', NORMALISED)].includes(sent!),
      `sent ${sent}, not ${NORMALISED}`,
    );
    await page.getByRole('button', { name: words.confirmTraining }).click();
    await custodyButton(page).click();
    await page.locator('.cash-banner[data-custody="received"]').waitFor();
    await page.locator('.actions .button-primary').first().click();
    await page.locator('.tile-payin').waitFor();
  }
  assert.equal(sandbox.operationCount(), 2);
});

test('Esc on the payment details asks before giving the session up', async (t) => {
  const h = await startE2E(t, 'counter-escape');
  const { page, core } = h;
  await page.setViewportSize(SMALL);
  await openHome(page, h.url);
  for (const language of ['en', 'ru'] as const) {
    const words = WORDS[language];
    await speak(page, language);
    await startCashPayinIn(page, language, `ESC-${language}`);
    const phone = page.getByRole('textbox', { name: words.phone, exact: true });
    await phone.fill('+7701');
    await page.keyboard.press('Escape');
    const keep = page.getByRole('button', { name: words.keep });
    await keep.waitFor();
    // Focus is on keeping it, so a second Enter from habit loses nothing.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), words.keep);
    await h.screen(`${language}-asks`);
    await page.keyboard.press('Enter');
    await phone.waitFor();
    assert.equal(await phone.inputValue(), '+7701');
    assert.equal((await lastOperation(core)).phase, 'session_open');

    await page.keyboard.press('Escape');
    // Cancelling gives the payment up: straight Home.
    await page.getByRole('button', { name: words.cancel }).click();
    await page.locator('.tile-payin').waitFor();
    assert.equal((await lastOperation(core)).phase, 'abandoned');
  }
});

test('a status that is neither created nor final says the operation will not complete, with no training confirmation', async (t) => {
  const h = await startE2E(t, 'counter-stuck');
  // A status the desk does not know (cancelled is now a known way to end without capturing).
  const { page, sandbox } = h;
  await page.setViewportSize(SMALL);
  await openHome(page, h.url);
  for (const language of ['en', 'ru'] as const) {
    const words = WORDS[language];
    await speak(page, language);
    await startCashPayinIn(page, language, `STUCK-${language}`);
    await page.getByRole('textbox', { name: words.phone, exact: true }).fill(REQUISITE_VALUES.phone!);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: words.confirmTraining }).waitFor();
    const number = await page.getByTestId('operation-number').innerText();
    sandbox.setStatus(1001, number, 'on_hold');
    await page.getByRole('button', { name: words.refresh }).click();
    await page.getByRole('heading', { name: words.stuckTitle }).waitFor();
    await page.locator('.screen > .cash-banner').getByText(words.stuckBody).waitFor();
    await page.getByTestId('stuck-status').waitFor();
    assert.equal(await page.getByRole('button', { name: words.confirmTraining }).count(), 0);
    assert.equal(await page.getByTestId('record-cash').count(), 0);
    assert.equal(await page.locator('.screen > .cash-banner').getAttribute('data-cash'), 'hold');
    assert.match(await page.getByTestId('live-status').innerText(), /on_hold/);
    await agrees(page, language, 'payin', `${language} stuck`);
    await h.screen(`${language}-on-hold`);
    await page.locator('.actions .button-quiet').click();
    await page.locator('.tile-payin').waitFor();
  }
});

test('the outcome-unknown screen shows the amount and the operation number', async (t) => {
  const h = await startE2E(t, 'counter-unknown', {
    lookups: { failureDelayMs: 60_000, failureMaxDelayMs: 60_000 },
  });
  const { page, sandbox } = h;
  await page.setViewportSize(SMALL);
  await openHome(page, h.url);
  for (const language of ['en', 'ru'] as const) {
    await speak(page, language);
    await startCashPayinIn(page, language, `LOST-${language}`);
    sandbox.inject('createOperation', COMMIT_THEN_DROP);
    // The desk's own lookups fail (and wait a minute) until the agent looks it up.
    sandbox.inject('getOperation', { kind: 'respond', status: 503 }, Number.POSITIVE_INFINITY);
    await page
      .getByRole('textbox', { name: WORDS[language].phone, exact: true })
      .fill(REQUISITE_VALUES.phone!);
    await page.keyboard.press('Enter');
    await page.locator('[data-error-kind="outcome_unknown"]').waitFor();
    assert.equal(
      await page.getByTestId('summary-amount').innerText(),
      language === 'en' ? 'KZT\u00a05,000.00' : '5\u00a0000,00\u00a0₸',
    );
    assert.match(await page.getByTestId('operation-number').innerText(), /^T01-\d{6}-\d{4}$/);
    await agrees(page, language, 'payin', `${language} unknown`);
    await firstScreenful(page, page.locator('.actions .button-primary'), `${language} unknown`);
    await h.screen(`${language}-outcome-unknown`);
    sandbox.clearFaults();
    await page.locator('.actions .button-primary').click();
    await page.getByTestId('record-cash').waitFor();
    await page.locator('.actions .button-quiet').click();
    await page.locator('.tile-payin').waitFor();
  }
});

test('no codes, raw names or English reach the agent; the raw values wait behind Technical details', async (t) => {
  const h = await startE2E(t, 'counter-words');
  const { page } = h;
  await page.setViewportSize(LARGE);
  await openHome(page, h.url);
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
  const codes = /bank_transfer|cashPointCode|session_requested|session_open|create_sent|\bKZ\b ·/;
  const visibleText = () => page.locator('.app-main').innerText();

  // English: methods and the cash point in words.
  await cashInButton(page).click();
  await page.getByText('Bank transfer · Kazakhstan · KZT').waitFor();
  assert.doesNotMatch(await visibleText(), codes);
  await h.screen('en-methods');
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT', exact: true }).fill('5000');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill('WORDS-1');
  await page.keyboard.press('Enter');
  await page.getByText('Cash point code').waitFor();
  await page.getByText('Cash point address').waitFor();
  assert.doesNotMatch(await visibleText(), codes);
  await confirmPhone(page);
  await custodyButton(page).click();
  await page.getByRole('button', { name: 'Confirm (training)' }).click();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  const number = await page.getByTestId('operation-number').innerText();
  await page.getByRole('button', { name: 'Done' }).click();

  // Russian: the same in Russian, the history in sentences, dates in its own order.
  await speak(page, 'ru');
  await page.locator('.tile-payin').click();
  // Cash KZT is remembered: Back shows the tiles.
  await page.locator('.amount-input').waitFor();
  await page.keyboard.press('Escape');
  await page.getByText('Банковский перевод · Казахстан · KZT').waitFor();
  assert.doesNotMatch(await visibleText(), codes);
  await h.screen('ru-methods');
  await page.keyboard.press('Escape');
  await page.locator('.tile-payin').waitFor();
  await page.getByRole('button', { name: 'История' }).click();
  const from = page.getByLabel('С', { exact: true });
  assert.equal(await from.getAttribute('placeholder'), 'ДД.ММ.ГГГГ');
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  await from.fill(`${dd}.${mm}.${today.getFullYear()}`);
  await page.getByTestId('history-row').filter({ hasText: number }).waitFor();
  await from.fill('31.02.2026');
  await from.blur();
  await page.getByText('Введите дату в виде 22.11.2026').waitFor();
  await h.screen('ru-history-dates');
  await from.fill('');
  await page.getByTestId('history-row').filter({ hasText: number }).click();
  const events = page.getByTestId('event-list');
  await events.getByText('Запрошена сессия в шлюзе').waitFor();
  await events.getByText('Наличные приняты: 5\u00a0000,00\u00a0₸').waitFor();
  await page.getByText('Реквизиты способа оплаты: Код кассы').waitFor();
  const main = await visibleText();
  assert.doesNotMatch(main, codes);
  assert.doesNotMatch(main, uuid);
  assert.doesNotMatch(main, /\d{4}-\d{2}-\d{2}T/);
  await h.screen('ru-detail');
  // For support: the raw log and identifiers, one click away.
  const details = page.getByTestId('technical-details');
  await details.first().locator('summary').click();
  await details.last().locator('summary').click();
  await page.getByRole('cell', { name: 'session_requested' }).waitFor();
  assert.match(await visibleText(), uuid);
  await h.screen('ru-detail-technical');
});

test('another desk’s operation is kept apart in History and followed only while its screen is open', async (t) => {
  const h = await startE2E(t, 'counter-looked-up');
  const { page, sandbox } = h;
  await page.setViewportSize(LARGE);
  await foreignOperation(sandbox, 'T09-ELSEWHERE-1');
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'Lookup' }).click();
  await page.getByRole('textbox', { name: 'Operation number', exact: true }).fill('T09-ELSEWHERE-1');
  await page.keyboard.press('Enter');
  await page
    .getByTestId('lookup-result')
    .getByText(/^Run at another desk/)
    .waitFor();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'History' }).click();
  await page.getByText('No operations match.').waitFor();
  await h.screen('history-this-desk');
  await page.getByLabel('Show', { exact: true }).selectOption('lookup');
  const row = page.getByTestId('history-row').filter({ hasText: 'T09-ELSEWHERE-1' });
  await row.getByText('Other desk').waitFor();
  await h.screen('history-looked-up');

  const asked = () =>
    sandbox.requests('getOperation').filter((r) => decodeURIComponent(r.path).endsWith('/T09-ELSEWHERE-1'))
      .length;
  const before = asked();
  await row.click();
  await page.getByRole('heading', { name: 'Operation T09-ELSEWHERE-1' }).waitFor();
  // While open, main follows it (lookup.follow) by its own policy; the answer is pushed here.
  await until(() => asked() >= before + 2, 'main to follow it while the screen is open');
  sandbox.capture(1001, 'T09-ELSEWHERE-1');
  await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 15_000 });
  const settled = asked();
  await h.screen('detail-followed');
  // Final now: no more asking, and none once the screen is closed.
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'History' }).waitFor();
  await new Promise((done) => setTimeout(done, 500));
  assert.equal(asked(), settled);
});

test('Settings: live token states in training, Live without a gateway URL says so at the field, no shift to export', async (t) => {
  // No shift open: the mode switches only between shifts.
  const h = await startE2E(t, 'counter-settings', { trainingShift: false });
  const { page } = h;
  await page.setViewportSize(LARGE);
  await openHome(page, h.url);
  for (const language of ['en', 'ru'] as const) {
    await speak(page, language);
    // A new training desk has no supervisor PIN: Settings open without one.
    await page.locator('.home-secondary .button-quiet').click();
    const tokens = page.getByTestId('settings-tokens');
    await tokens.waitFor();
    const url = page.locator('input[type=url]').first();
    const save = page.getByRole('button', {
      name: language === 'en' ? 'Save settings' : 'Сохранить настройки',
    });
    await page
      .getByRole('button', { name: language === 'en' ? 'Switch to Live' : 'Перейти в рабочий режим' })
      .click();
    await page.getByTestId('live-needs-gatewayUrl').waitFor();
    assert.equal(await url.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'url');
    const said = await page.locator(`[id="${await url.getAttribute('aria-describedby')}"]`).innerText();
    assert.equal(
      said,
      language === 'en'
        ? 'Enter the gateway URL and save, to switch to Live.'
        : 'Введите адрес шлюза и сохраните, чтобы перейти в рабочий режим.',
    );
    assert.equal(await page.getByText(/Check the entry|Проверьте ввод/).count(), 0);
    await h.screen(`${language}-live-needs-url`);

    // Training needs no token; the live ones are shown as they stand, not as "set".
    await url.fill(h.sandbox.url);
    await save.click();
    const badges = tokens.locator('.badge');
    await until(async () => (await badges.count()) === 2, 'the token rows');
    assert.deepEqual(
      await badges.allInnerTexts(),
      language === 'en' ? ['No token', 'No token'] : ['Нет токена', 'Нет токена'],
    );
    await tokens
      .getByText(language === 'en' ? /^Training needs no token/ : /^В режиме обучения токен не нужен/)
      .waitFor();
    await h.screen(`${language}-training-tokens`);
    await url.fill('');
    await save.click();
    await until(async () => (await badges.count()) === 0, 'the URL to be cleared');

    // No shift yet: an export by shift has nothing to take, and says so instead of doing nothing.
    await page
      .getByRole('button', { name: language === 'en' ? 'Exports and support' : 'Выгрузки и поддержка' })
      .click();
    await page
      .getByText(
        language === 'en'
          ? 'This desk has had no shift yet: export a range of days instead.'
          : 'На этой кассе ещё не было смены: выгрузите диапазон дней.',
      )
      .waitFor();
    assert.equal(
      await page
        .getByRole('button', { name: language === 'en' ? 'Export' : 'Выгрузить', exact: true })
        .isDisabled(),
      true,
    );
    await h.screen(`${language}-export-no-shift`);
    await page.keyboard.press('Escape');
    await page.locator('.tile-payin').waitFor();
  }
});

/** To the payment details of a KZT 5000 cash payin at the Training shop, in either language. */
async function startCashPayinIn(page: Page, language: Language, payerId: string): Promise<void> {
  if (language === 'en') return startCashPayin(page, payerId);
  await page.locator('.tile-payin').click();
  const amount = page.locator('.amount-input');
  const tile = page.getByRole('button', { name: /^Cash KZT/ });
  await tile.or(amount).first().waitFor();
  if (await tile.isVisible()) await tile.click();
  await amount.fill('5000');
  await page.keyboard.press('Enter');
  await page.locator('.screen input.input-large').fill(payerId);
  await page.keyboard.press('Enter');
  await page.locator('.details-layout').waitFor();
}

async function lastOperation(core: E2E['core']): Promise<OperationView> {
  const result = await core.invoke('history.search', { limit: 1 });
  const rows = result.ok ? (result.value as { rows: { localId: number }[] }).rows : [];
  const got = await core.invoke('history.get', { localId: rows[0]!.localId });
  if (!got.ok) throw new Error('history.get failed');
  return (got.value as { operation: OperationView }).operation;
}

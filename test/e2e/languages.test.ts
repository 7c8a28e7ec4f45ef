// Every main screen in English, Russian and Kazakh on the smallest screen a desk has (1024×768), in
// Chromium against the real core: nothing spills out of its box in the header or on a button, the
// page never scrolls sideways, and the header stays one line even while it says the connection is
// unstable with a lookup queued. History finds an operation by the payer's whole phone, as typed,
// after the gateway's masked copy replaced it. Screenshots: test-results/screens/languages/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/enums.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { REQUISITE_VALUES, until } from '../support/core.ts';
import { createThroughCore } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

const CATALOGUES = { en, ru, kk } as const;

/** What spills: the page sideways, any box in the header or any button, text the header wraps. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    }
    const header = document.querySelector('header.top-bar');
    if (!header) return ['no header'];
    const boxes = [header, ...header.querySelectorAll('*'), ...document.querySelectorAll('button')];
    for (const el of boxes) {
      // Inline boxes have no client width; a visually hidden legend is 1 px on purpose.
      if (el.clientWidth <= 1 || el.closest('.visually-hidden')) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)} spills: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    // One line: every piece of text in the header on a single line, all of them side by side.
    const middles: number[] = [];
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length > 1) problems.push(`“${node.textContent.trim()}” wraps in the header`);
      for (const r of rects) middles.push(r.top + r.height / 2);
    }
    if (middles.length && Math.max(...middles) - Math.min(...middles) > 8) {
      problems.push(`the header takes more than one line (${Math.min(...middles)}–${Math.max(...middles)})`);
    }
    return problems;
  });
}

async function check(h: E2E, language: Language, screen: string): Promise<void> {
  const spilt = await overflows(h.page);
  await h.screen(`${screen}-${language}`);
  assert.deepEqual(spilt, [], `${screen} in ${language}`);
}

const payinTile = (h: E2E, language: Language) =>
  h.page.getByRole('button', { name: new RegExp(`^${CATALOGUES[language].type.payin}`) });

/** Home after a reload: the language chosen stays. */
async function home(h: E2E, language: Language): Promise<void> {
  await h.page.goto(h.url);
  await payinTile(h, language).waitFor();
}

/** Home as the agent goes back to it: Esc. */
async function backHome(h: E2E, language: Language): Promise<void> {
  const tile = payinTile(h, language);
  for (let step = 0; step < 3 && !(await tile.isVisible()); step += 1) await h.page.keyboard.press('Escape');
  await tile.waitFor();
}

test('the main screens fit 1024×768 in every language, the header on one line', async (t) => {
  const h = await startE2E(t, 'languages');
  const { page, core } = h;
  await page.setViewportSize({ width: 1024, height: 768 });
  const made = await createThroughCore(core, {
    type: 'payin',
    shopId: 1001,
    amount: '15000',
    payerId: 'payer-kk',
  });
  // Completed at the gateway: the lookup that reads it back writes the phone masked, as a gateway may.
  h.sandbox.capture(1001, made.operationNumber);
  await core.invoke('history.refresh', { localId: made.localId });
  await until(async () => {
    const got = await core.invoke('history.get', { localId: made.localId });
    return (
      got.ok &&
      (got.value as { operation: { payerDetails: { value: string }[] } }).operation.payerDetails.some((d) =>
        d.value.includes('*'),
      )
    );
  }, 'the masked phone written back');
  // The gateway now fails every lookup: the header says so, with the pending one's lookup queued.
  h.sandbox.inject('getOperation', { kind: 'respond', status: 503 }, Number.POSITIVE_INFINITY);
  await createThroughCore(core, { type: 'payin', shopId: 1001, amount: '2000', payerId: 'payer-waits' });

  await home(h, 'en');
  for (const language of ['en', 'ru', 'kk'] as const) {
    const c = CATALOGUES[language];
    await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    await until(
      async () => (await page.evaluate(() => document.documentElement.lang)) === language,
      language,
    );
    await home(h, language);
    const connectivity = page.getByTestId('connectivity');
    await until(async () => {
      const said = await connectivity.innerText();
      return (
        said.includes(c.connectivity.degraded) && said.includes(c.connectivity.queued.split('{{')[0]!.trim())
      );
    }, `${language}: the header says unstable, with the queued lookup`);
    await check(h, language, 'home');

    await page.getByRole('button', { name: c.home.history, exact: true }).click();
    await page.getByRole('searchbox', { name: c.history.search, exact: true }).fill(REQUISITE_VALUES.phone!);
    await until(
      async () =>
        (await page.getByTestId('history-row').allInnerTexts()).some((row) =>
          row.includes(made.operationNumber),
        ),
      `${language}: the whole phone finds the operation`,
    );
    await check(h, language, 'history');

    await backHome(h, language);
    await page.getByRole('button', { name: c.home.lookup, exact: true }).click();
    await page.getByRole('heading', { name: c.lookup.title, exact: true }).waitFor();
    await check(h, language, 'lookup');

    await backHome(h, language);
    await page.getByRole('button', { name: c.home.shifts, exact: true }).click();
    await page.getByRole('heading', { name: c.shifts.title }).waitFor();
    await check(h, language, 'shifts');

    await backHome(h, language);
    await page.getByRole('button', { name: c.home.settings, exact: true }).click();
    await page.getByRole('heading', { name: c.settings.title, exact: true }).first().waitFor();
    await check(h, language, 'settings');

    await backHome(h, language);
    await page.getByRole('button', { name: new RegExp(`^${c.type.payin}`) }).click();
    const amount = page.getByRole('textbox', { name: c.flow.amount.label.replace('{{currency}}', 'KZT') });
    // The method is picked the first time; the desk remembers it, across a reload too.
    const tile = page.getByRole('button', { name: /^Cash KZT/ });
    await tile.or(amount).first().waitFor();
    if (await tile.isVisible()) await tile.click();
    await amount.fill(language === 'en' ? '1,500.50' : '1 500,50');
    // The grouping shown is taken; the tiyn is refused in the agent's words.
    await until(
      async () =>
        (await page.getByTestId('amount-problem').innerText()).startsWith(
          c.flow.amount.finerThanCash.slice(0, 8),
        ),
      `${language}: a tiyn is refused`,
    );
    if (language === 'kk') {
      // Money as Kazakhstan writes it, whatever Kazakh data Chromium's ICU has.
      assert.match(
        await page
          .getByText(/500[\s\u00a0\u202f]000,00/)
          .first()
          .innerText(),
        /500[\s\u00a0\u202f]000,00\s₸/,
      );
      assert.equal(await page.getByRole('button', { name: c.flow.amount.decimal }).innerText(), ',');
    }
    await check(h, language, 'amount');
    await amount.fill(language === 'en' ? '1,500' : '1 500');
    await until(
      async () => (await page.getByTestId('amount-problem').innerText()) === '',
      `${language}: 1500 taken`,
    );

    // On through the payer, the check-and-confirm screen and the wait for confirmation.
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: c.flow.payer.label, exact: true }).fill(`walk-in-${language}`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: c.flow.session.title }).waitFor();
    await check(h, language, 'session');
    const phone = language === 'en' ? 'Phone number' : c.requisite.phone;
    await page.getByRole('textbox', { name: phone, exact: true }).fill('+77015550101');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: c.flow.waiting.title }).waitFor();
    await check(h, language, 'waiting');
  }
});

test('a new desk starts in its computer’s language from its first screen, with nothing switched', async (t) => {
  const cases: [string[], Language][] = [
    [['ru-RU', 'en-US'], 'ru'],
    [['kk-KZ', 'ru-KZ'], 'kk'],
    [['de-DE', 'fr-FR'], 'en'],
  ];
  for (const [systemLanguages, language] of cases) {
    const h = await startE2E(t, 'first-start', { systemLanguages });
    await h.page.setViewportSize({ width: 1024, height: 768 });
    await home(h, language);
    assert.equal(await h.page.evaluate(() => document.documentElement.lang), language, systemLanguages[0]);
    await check(h, language, `first-start-${systemLanguages[0]}`);
    const state = await h.core.invoke('app.getState', {});
    assert.ok(state.ok);
    assert.equal((state.value as { settings: { language: string } }).settings.language, language);
  }
});

// Searching history by any part of a number or payer ID, with the totals of what matches, and
// looking an operation up by a number typed in lower case: in Chromium against the real core, in
// English and in Russian.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../common/money.ts';
import { until } from '../support/core.ts';
import { createThroughCore, openHome } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

type Words = {
  language: 'en' | 'ru';
  history: string;
  search: string;
  found: string;
  total: string;
  shortHint: RegExp;
  lookup: string;
  number: string;
  submit: string;
  notFound: RegExp;
};

const WORDS: Words[] = [
  {
    language: 'en',
    history: 'History',
    search: 'Search',
    found: 'Operations found',
    total: 'Total in KZT',
    shortHint: /One or two characters find numbers and payer IDs that start with them/,
    lookup: 'Lookup',
    number: 'Operation number',
    submit: 'Look up',
    notFound:
      /The gateway answered that there is no operation “branch9-0001” at Training shop \(1001\)\. Capital or small letters make no difference to this desk’s own numbers; a number from another system must match exactly/,
  },
  {
    language: 'ru',
    history: 'История',
    search: 'Поиск',
    found: 'Найдено операций',
    total: 'Сумма в KZT',
    shortHint: /Один-два символа находят номера и ID плательщиков, которые с них начинаются/,
    lookup: 'Поиск',
    number: 'Номер операции',
    submit: 'Найти',
    notFound:
      /Шлюз ответил, что в магазине Training shop \(1001\) нет операции «branch9-0001»\. Для номеров этой кассы регистр букв не важен; номер из другой системы должен совпадать точно/,
  },
];

async function chooseLanguage(page: Page, language: 'en' | 'ru'): Promise<void> {
  await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === language, language);
}

/** Searches history and waits for the rows and totals to be those of this search. */
async function searchFor(h: E2E, w: Words, text: string, rows: number, amount: string) {
  const { page } = h;
  await page.getByRole('searchbox', { name: w.search, exact: true }).fill(text);
  const totals = page.getByTestId('history-totals');
  await until(async () => {
    if ((await page.getByTestId('history-row').count()) !== rows) return false;
    const said = (await totals.count()) ? await totals.innerText() : '';
    return new RegExp(`${w.found}\\s*${rows}\\b`).test(said) && said.includes(amount);
  }, `${rows} rows and their totals for "${text}"`);
}

test('history finds any part of a number or payer ID and totals it; lookup takes a lower-case number', async (t) => {
  const h = await startE2E(t, 'search');
  const { page, core } = h;
  const made = [];
  for (const [type, shopId, amount, payerId] of [
    ['payin', 1001, '5000', 'payer-777'],
    ['payout', 1001, '2000', 'CAROL-3'],
    ['payin', 1002, '7000', 'P7770'],
    ['payin', 1001, '1500', 'walk-in'],
  ] as const) {
    made.push(await createThroughCore(core, { type, shopId, amount, payerId }));
  }
  const second = made[1]!.operationNumber;
  assert.match(second, /-0002$/);
  const kzt = (amount: string, language: string) => formatMoney(amount, 'KZT', language);

  await openHome(page, h.url);
  for (const w of WORDS) {
    await chooseLanguage(page, w.language);
    await page.getByRole('button', { name: w.history, exact: true }).click();
    await searchFor(h, w, 'payer-777', 1, kzt('5000.00', w.language));
    await h.screen(`history-payer-777-${w.language}`);
    await searchFor(h, w, '777', 2, kzt('12000.00', w.language));
    assert.deepEqual(
      (await page.getByTestId('history-row').allInnerTexts()).map((row) => /P7770|payer-777/.exec(row)?.[0]),
      ['P7770', 'payer-777'],
    );
    await h.screen(`history-777-${w.language}`);
    await searchFor(h, w, '0002', 1, kzt('2000.00', w.language));
    assert.match(await page.getByTestId('history-row').innerText(), new RegExp(second));
    await h.screen(`history-0002-${w.language}`);
    await searchFor(h, w, 't0', 4, kzt('15500.00', w.language));
    await page.getByText(w.shortHint).waitFor();
    await h.screen(`history-two-characters-${w.language}`);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: w.lookup, exact: true }).click();
    const number = page.getByRole('textbox', { name: w.number, exact: true });
    await number.fill(` ${made[0]!.operationNumber.toLowerCase()} `);
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByTestId('lookup-result').getByText(made[0]!.operationNumber).first().waitFor();
    await h.screen(`lookup-lower-case-${w.language}`);
    await number.fill('branch9-0001');
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByTestId('lookup-result').getByText(w.notFound).waitFor();
    await h.screen(`lookup-not-found-${w.language}`);
    await page.keyboard.press('Escape');
  }
});

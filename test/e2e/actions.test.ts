// Issue 18: the actions a payin and a payout take at the counter, counted through one wrapper
// (test/e2e/actions.ts): each click, each key that is not text, each field typed whole. A keyboard
// payin with its receipt at most 10, a payout at most 12, in English, Russian and Kazakh, the
// language switched through the app's own switch. The counts go to test-results/, where
// `npm run bench` reads them (`flow.payin_actions`, `flow.payout_actions`). The method is remembered
// per type, across a restart, and one click on the amount step changes it.
// Screenshots: test-results/screens/actions/.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Response, Settings } from '../../common/contract.ts';
import type { Language } from '../../common/enums.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { must } from '../support/desk.ts';
import { focusOn, keyboardPayin, keyboardPayout } from './actions.ts';
import { openHome } from './flows.ts';
import { startE2E } from './harness.ts';
import { ACTIONS_FILE, RESULTS_DIR } from './stack.ts';

const CATALOGUES = { en, ru, kk } as const;

test('a keyboard payin with its receipt takes at most 10 actions and a payout at most 12, in en, ru and kk', async (t) => {
  const h = await startE2E(t, 'actions');
  const { page } = h;
  await openHome(page, h.url);
  // The desk's first checkout of each type picks the method, once: one action more each.
  const firstPayin = await keyboardPayin(page, en, 'PAYER-FIRST-IN');
  const firstPayout = await keyboardPayout(page, en, 'PAYER-FIRST-OUT');
  // The window restarted: the methods are still remembered, so every later checkout opens on the amount.
  await page.reload();
  await focusOn(page, '.tile-payin');

  const counts: Record<Language, { payin: number; payout: number }> = {} as never;
  for (const language of ['en', 'ru', 'kk'] as const) {
    const words = CATALOGUES[language];
    if (language !== 'en') {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
      await until(
        async () => (await page.evaluate(() => document.documentElement.lang)) === language,
        language,
      );
    }
    // Focus goes back to Cash in once the switch has saved the language, not left on the switch.
    await focusOn(page, '.tile-payin', words.type.payin);
    await h.screen(`${language}-home`);
    const shot = (step: string) => h.screen(`${language}-${step}`);
    const payin = await keyboardPayin(page, words, `PAYER-${language}-IN`, shot);
    const payout = await keyboardPayout(page, words, `PAYER-${language}-OUT`, shot);
    counts[language] = { payin, payout };
    assert.ok(payin <= 10, `${language}: a payin took ${payin} actions`);
    assert.ok(payout <= 12, `${language}: a payout took ${payout} actions`);
  }
  // The same counter in every language: the words change, the actions do not.
  assert.deepEqual(counts.ru, counts.en);
  assert.deepEqual(counts.kk, counts.en);
  assert.equal(firstPayin, counts.en.payin + 1, 'the first payin only picks the method more');
  assert.equal(firstPayout, counts.en.payout + 1, 'the first payout only picks the method more');

  // Eight operations, each with its cash recorded and its receipt printed once.
  assert.equal(h.sandbox.operationCount(), 8);
  const held = await h.core.invoke('history.search', {});
  const rows = held.ok ? (held.value as Response<'history.search'>).rows : [];
  assert.deepEqual(rows.map((row) => row.custody?.kind).sort(), [
    ...Array(4).fill('handed_over'),
    ...Array(4).fill('received'),
  ]);
  assert.equal(h.printer.printed.length, 8);

  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    ACTIONS_FILE,
    `${JSON.stringify({
      'flow.payin_actions': counts.en.payin,
      'flow.payout_actions': counts.en.payout,
      'flow.payin_actions_first_of_desk': firstPayin,
      'flow.payout_actions_first_of_desk': firstPayout,
    })}\n`,
  );
});

test('where main prints the final receipt by itself, Enter on Completed only finishes: one receipt', async (t) => {
  const h = await startE2E(t, 'actions-automatic-receipt');
  const { page, core } = h;
  const { settings } = await must<{ settings: Settings }>(core.invoke, 'app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await must(core.invoke, 'settings.save', {
    ...rest,
    printing: { ...settings.printing, autoPrint: { pending: false, final: true } },
  });
  await openHome(page, h.url);
  const count = await keyboardPayin(page, en, 'PAYER-AUTO', (step) => h.screen(step), en.flow.completed.done);
  assert.equal(count, 11, 'the first payin of the desk picks the method; the receipt costs nothing more');
  await until(async () => h.printer.printed.length === 1, 'the automatic receipt');
  assert.equal(h.printer.printed.length, 1);
});

test('the method is remembered per type across a restart, and one click on the amount step changes it', async (t) => {
  const h = await startE2E(t, 'actions-method-memory');
  const { page } = h;
  const hint = page.locator('.amount-entry .hint').first();
  /** The amount step, opened on the method named. */
  const onAmount = async (words: typeof en, method: string) => {
    await focusOn(page, '.amount-input');
    assert.ok((await hint.innerText()).includes(words.flow.amount.method.replace('{{method}}', method)));
  };
  // Esc goes back a step: from the amount to the tiles, then Home.
  const backHome = async () => {
    for (let step = 0; step < 3 && !(await page.locator('.tile-payin').isVisible()); step += 1) {
      await page.keyboard.press('Escape');
    }
    await focusOn(page, '.tile-payin');
  };
  const speak = async (language: 'ru' | 'kk') => {
    await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    await until(
      async () => (await page.evaluate(() => document.documentElement.lang)) === language,
      language,
    );
  };
  await openHome(page, h.url);

  // The desk's first payin: the tiles; Bank transfer KZT is chosen. A payout has its own memory.
  await page.locator('.tile-payin').click();
  await page.getByRole('button', { name: /^Bank transfer KZT/ }).click();
  await onAmount(en, 'Bank transfer KZT');
  await h.screen('en-payin-bank-chosen');
  await backHome();
  await page.locator('.tile-payout').click();
  await focusOn(page, '.method-tile');
  await h.screen('en-payout-tiles');
  await page.keyboard.press('Enter');
  await onAmount(en, 'Cash KZT');
  await backHome();

  // A restart of the window: each type opens on its own method.
  await page.reload();
  await speak('ru');
  await page.locator('.tile-payin').click();
  await onAmount(ru, 'Bank transfer KZT');
  await h.screen('ru-payin-remembered');
  // One click back to the tiles, and the other method is remembered from then on.
  await page.getByRole('button', { name: ru.flow.amount.changeMethod }).click();
  await page.getByRole('button', { name: /^Cash KZT/ }).click();
  await onAmount(ru, 'Cash KZT');
  await backHome();

  await speak('kk');
  await page.locator('.tile-payin').click();
  await onAmount(kk, 'Cash KZT');
  await h.screen('kk-payin-changed');
  await backHome();
  await page.locator('.tile-payout').click();
  await onAmount(kk, 'Cash KZT');
  await h.screen('kk-payout-remembered');
});

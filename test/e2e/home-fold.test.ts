// Home on the smallest screen a desk has (1024×768), in Chromium against the real core, with the
// tray full of operations waiting for cash: Cash in, Cash out, Lookup, History, Shifts and Settings
// all stay above the fold in every language, however long the tray's words run.
// Screenshots: test-results/screens/home-fold/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { createThroughCore, openHome } from './flows.ts';
import { startE2E } from './harness.ts';

const CATALOGUES = { en, ru, kk } as const;
const HEIGHT = 768;

test("Home's actions stay above the fold at 1024×768 whatever the tray holds", async (t) => {
  const h = await startE2E(t, 'home-fold');
  const { page, core } = h;
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  // Payins and payouts made, none with its cash recorded: each one a row of the tray.
  for (const [i, type] of (['payin', 'payout', 'payin', 'payout', 'payin', 'payout'] as const).entries()) {
    await createThroughCore(core, { type, shopId: 1001, amount: `${1000 + i}`, payerId: `FOLD-${i}` });
  }
  await openHome(page, h.url);
  for (const language of ['en', 'ru', 'kk'] as const) {
    const words = CATALOGUES[language];
    await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    await until(
      async () => (await page.evaluate(() => document.documentElement.lang)) === language,
      language,
    );
    await until(async () => (await page.getByTestId('tray-row').count()) > 0, 'the tray');
    const actions = [
      words.type.payin,
      words.type.payout,
      words.home.lookup,
      words.home.history,
      words.home.shifts,
      words.home.settings,
    ];
    const below: string[] = [];
    for (const name of actions) {
      const box = await page
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .first()
        .boundingBox();
      if (!box || box.y + box.height > HEIGHT) below.push(`${name} at ${box ? box.y + box.height : 'none'}`);
    }
    await h.screen(`home-${language}`);
    assert.deepEqual(below, [], `${language}: Home's actions below the fold`);
  }
});

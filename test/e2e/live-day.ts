// The start of a Live day's walk at the counter, shared by the tests that take one by keyboard: the
// desk gone Live on the sandbox, Home open in the agent's language, and a cash payin typed up to
// the custody button.
import type { Page } from 'playwright-core';
import type { Settings } from '../../common/contract.ts';
import type { Language } from '../../common/enums.ts';
import { REQUISITE_VALUES, until } from '../support/core.ts';
import { goLive, must } from '../support/desk.ts';
import { focusOn } from './actions.ts';
import { openHome } from './flows.ts';
import type { E2E } from './harness.ts';

/** Live with the sandbox's token for shop 1001, and Home open in `language`. */
export async function liveHomeIn(h: E2E, language: Language): Promise<void> {
  const { page, core, sandbox } = h;
  const { settings } = await must<{ settings: Settings }>(core.invoke, 'app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await goLive(
    core.invoke,
    { ...rest, gatewayUrl: sandbox.url },
    { tokens: [{ shopId: 1001, token: sandbox.token }] },
  );
  await openHome(page, h.url);
  if (language === 'en') return;
  await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === language, language);
}

/** A cash payin by keyboard from Home, up to the custody button once it takes a press. */
export async function keyboardPayinToCustody(page: Page, payinTile: string, payerId: string): Promise<void> {
  await focusOn(page, '.tile-payin', payinTile);
  await page.keyboard.press('Enter');
  await focusOn(page, '.method-tile');
  await page.keyboard.press('Enter');
  await focusOn(page, '.amount-input');
  await page.keyboard.type('5000');
  await page.keyboard.press('Enter');
  await focusOn(page, 'input.input-large:not([name])');
  await page.keyboard.type(payerId);
  await page.keyboard.press('Enter');
  await focusOn(page, 'input[name="phone"]');
  await page.keyboard.type(REQUISITE_VALUES.phone!);
  await page.keyboard.press('Enter');
  await focusOn(page, '[data-testid="record-cash"][data-armed="true"]');
}

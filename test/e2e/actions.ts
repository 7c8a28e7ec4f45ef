// Every action at the counter, counted through one wrapper so the count cannot drift from what is
// done: each click, each key that is not text (Enter, Tab, Escape, an arrow), and each field typed
// whole, one each. Waiting is not an action. Shared by test/e2e/actions.test.ts and the bench.
import type { Locator, Page } from 'playwright-core';
import type { Catalogue } from '../../renderer/i18n/en.ts';
import { REQUISITE_VALUES } from '../support/core.ts';
import type { Shot } from './flows.ts';

const noShot: Shot = async () => undefined;

export type ActionCounter = {
  readonly count: number;
  press(key: 'Enter' | 'Tab' | 'Escape' | 'ArrowDown' | 'ArrowUp'): Promise<void>;
  /** A field's whole value, typed into the focused field. */
  type(text: string): Promise<void>;
  click(target: Locator): Promise<void>;
};

export function actionCounter(page: Page): ActionCounter {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async press(key) {
      count += 1;
      await page.keyboard.press(key);
    },
    async type(text) {
      count += 1;
      await page.keyboard.type(text);
    },
    async click(target) {
      count += 1;
      await target.click();
    },
  };
}

/**
 * Waits until focus is on the element matching `selector` (and, given `text`, whose first line of
 * text is that): the keyboard acts there next.
 */
export async function focusOn(page: Page, selector: string, text?: string): Promise<void> {
  await page.waitForFunction(
    ([sel, words]) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active?.matches(sel)) return false;
      return words === null || active.innerText.split('\n')[0]?.trim() === words;
    },
    [selector, text ?? null] as const,
    { timeout: 10_000 },
  );
}

/** A text field on the payer step: the only one there without a requisite's name. */
const PAYER_FIELD = 'input.input-large:not([name])';

/** After Enter on Cash in or out: the method tiles the first time (Enter on the first), else the amount. */
async function toAmount(page: Page, act: ActionCounter): Promise<void> {
  await focusOn(page, '.method-tile, .amount-input');
  if (await page.evaluate(() => document.activeElement?.matches('.method-tile') ?? false)) {
    await act.press('Enter');
    await focusOn(page, '.amount-input');
  }
}

/**
 * A Cash KZT payin at the Training shop with the keyboard alone, from Home (focus on Cash in) to Home
 * again with the payer's receipt printed and the cash received recorded. In training the agent's
 * Confirm (training) stands in for the payer's confirmation at the gateway, and is counted. `finish`:
 * the last action's label (Done where main prints the final receipt by itself).
 */
export async function keyboardPayin(
  page: Page,
  words: Catalogue,
  payerId: string,
  shot: Shot = noShot,
  finish: string = words.flow.completed.printAndFinish,
): Promise<number> {
  const act = actionCounter(page);
  await focusOn(page, '.tile-payin');
  await act.press('Enter');
  await toAmount(page, act);
  await act.type('5000');
  await shot('payin-amount');
  await act.press('Enter');
  await focusOn(page, PAYER_FIELD);
  await act.type(payerId);
  await act.press('Enter');
  await focusOn(page, 'input[name="phone"]');
  await act.type(REQUISITE_VALUES.phone!);
  await shot('payin-details');
  await act.press('Enter');
  // The custody button takes focus once armed, a second after it shows: waiting, not an action.
  await focusOn(page, '[data-testid="record-cash"][data-armed="true"]');
  await shot('payin-cash-due');
  await act.press('Enter');
  await focusOn(page, 'button', words.flow.waiting.confirmTraining);
  await act.press('Enter');
  await focusOn(page, '[data-testid="finish"]', finish);
  await shot('payin-completed');
  await act.press('Enter');
  await focusOn(page, '.tile-payin');
  return act.count;
}

/**
 * A Cash KZT payout at the Training shop: a click on Cash out (focus starts on Cash in), then the
 * keyboard, to Home again with the receipt printed and the cash handed over recorded.
 */
export async function keyboardPayout(
  page: Page,
  words: Catalogue,
  payerId: string,
  shot: Shot = noShot,
): Promise<number> {
  const act = actionCounter(page);
  await act.click(page.locator('.tile-payout'));
  await toAmount(page, act);
  await act.type('20000');
  await act.press('Enter');
  await focusOn(page, PAYER_FIELD);
  await act.type(payerId);
  await act.press('Enter');
  await focusOn(page, 'input[name="fullName"]');
  await act.type(REQUISITE_VALUES.fullName!);
  // Enter with a field still blank goes to that field.
  await act.press('Enter');
  await focusOn(page, 'input[name="phone"]');
  await act.type(REQUISITE_VALUES.phone!);
  await shot('payout-details');
  await act.press('Enter');
  // A payout's cash goes only once the gateway completes it: focus waits on the confirmation.
  await focusOn(page, 'button', words.flow.waiting.confirmTraining);
  await act.press('Enter');
  await focusOn(page, '[data-testid="record-cash"][data-armed="true"]');
  await shot('payout-cash-due');
  await act.press('Enter');
  await focusOn(page, '[data-testid="finish"]', words.flow.completed.printAndFinish);
  await act.press('Enter');
  await focusOn(page, '.tile-payin');
  return act.count;
}

// Issue 18: focus is never lost at the counter. After Refresh status, after the desk is unlocked with
// the supervisor's PIN (and after a wrong one), after a print that failed and one that went through,
// and after the PIN opens Settings, focus is on the next action, so Enter does the next thing. A live desk (the sandbox
// as the gateway), once in each language, switched through the app's own switch.
// Screenshots: test-results/screens/focus-<language>/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/enums.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { must, SUPERVISOR_PIN } from '../support/desk.ts';
import { focusOn } from './actions.ts';
import { startE2E } from './harness.ts';
import { keyboardPayinToCustody, liveHomeIn } from './live-day.ts';

const CATALOGUES = { en, ru, kk } as const;

/** What has focus: its first line of text, or a field's label; '' for nothing (the page itself). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return '';
    if (active instanceof HTMLInputElement) return active.labels?.[0]?.textContent?.trim() ?? '';
    return active.innerText.split('\n')[0]?.trim() ?? '';
  });
}

for (const language of ['en', 'ru', 'kk'] as const satisfies Language[]) {
  test(`focus lands on the next action after Refresh status, a supervisor unlock and Print receipt (${language})`, async (t) => {
    const h = await startE2E(t, `focus-${language}`, { trainingShift: false });
    const { page, core, sandbox } = h;
    const words = CATALOGUES[language];
    await liveHomeIn(h, language);

    // A payin by keyboard up to the gateway's answer, the cash taken and recorded.
    await keyboardPayinToCustody(page, words.type.payin, `PAYER-FOCUS-${language}`);
    await page.keyboard.press('Enter');
    const number = await page.getByTestId('operation-number').innerText();

    // In Live the gateway's answer comes by itself: the step's next action is Refresh status.
    const refresh = words.flow.waiting.refresh;
    await focusOn(page, 'button', refresh);
    // The button is disabled while it asks, which used to leave focus on nothing once it answered.
    const asked = sandbox.requests('getOperation').length;
    await page.keyboard.press('Enter');
    await until(async () => sandbox.requests('getOperation').length > asked, 'the status asked');
    await focusOn(page, 'button', refresh);
    assert.equal(await focused(page), refresh);
    await h.screen('after-refresh');

    // The desk locks; the supervisor's PIN opens it, and focus is back on the step's next action.
    await must(core.invoke, 'desk.lock', {});
    const lock = page.getByRole('dialog', { name: words.lock.title });
    await lock.waitFor();
    await lock.getByRole('button', { name: words.lock.asSupervisor }).click();
    // A wrong PIN: refused, and focus is back in the field to type it again.
    await focusOn(page, 'input[type="password"]');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await lock.getByTestId('pin-refusal').waitFor();
    await focusOn(page, 'input[type="password"]');
    assert.equal(await focused(page), words.lock.supervisorPin);
    await page.keyboard.type(SUPERVISOR_PIN);
    await h.screen('lock-supervisor-pin');
    await page.keyboard.press('Enter');
    await lock.waitFor({ state: 'detached' });
    await focusOn(page, 'button', refresh);
    assert.equal(await focused(page), refresh);
    await h.screen('after-supervisor-unlock');

    // The payer confirms: Completed, where the next action prints the receipt and finishes.
    sandbox.capture(1001, number);
    const printAndFinish = words.flow.completed.printAndFinish;
    await focusOn(page, '[data-testid="finish"]', printAndFinish);
    // A print that fails keeps the screen, says why, and leaves focus on the same next action.
    h.printer.answerNext({ printed: false, reason: 'failed', message: 'Paper jam' });
    await page.keyboard.press('Enter');
    await page.locator('.alert-warning[role="alert"]').waitFor();
    await focusOn(page, '[data-testid="finish"]', printAndFinish);
    assert.equal(h.printer.printed.length, 0);
    await h.screen('after-failed-print');
    // Print receipt by itself: the paper in hand, focus goes on to finishing, which prints nothing more.
    await page.getByRole('button', { name: words.receipt.print, exact: true }).focus();
    await page.keyboard.press('Enter');
    await focusOn(page, '[data-testid="finish"]', words.flow.completed.done);
    assert.equal(await focused(page), words.flow.completed.done);
    assert.equal(h.printer.printed.length, 1);
    await h.screen('after-print-receipt');
    await page.keyboard.press('Enter');
    await focusOn(page, '.tile-payin', words.type.payin);
    assert.equal(h.printer.printed.length, 1);

    // Settings behind the supervisor's PIN: once it opens them, focus is on the part shown.
    await must(core.invoke, 'supervisor.lock', {});
    await page.getByRole('button', { name: words.home.settings, exact: true }).click();
    await focusOn(page, 'input[type="password"]');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await page.getByTestId('pin-refusal').waitFor();
    await focusOn(page, 'input[type="password"]');
    assert.equal(await focused(page), words.supervisor.pin);
    await h.screen('settings-pin-refused');
    await page.keyboard.type(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await focusOn(page, '.settings-parts button', words.settings.parts.gateway);
    assert.equal(await focused(page), words.settings.parts.gateway);
    await h.screen('after-settings-unlock');
  });
}

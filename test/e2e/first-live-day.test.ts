// A new supervisor's and agent's first Live day, in each language, in Chromium against the real core
// on the sandbox as the gateway: the lock screen's PIN field through a wrong-PIN wait (it takes
// nothing while it waits and is empty after), the supervisor's PIN rule as the lock screen states
// it, a refusal from the locked desk gone once the PIN opens it, an operator's refused PIN with no
// stale "can sign in now" beside it, the close's next action in focus after Check the count, and a
// Live receipt without the training gateway's shop name.
// Screenshots: test-results/screens/first-live-<language>/, and the supervisor's guide's pictures of
// the lock screen, the operators, the backups and the close in docs/screenshots/<language>/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/enums.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { must, OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { pdfText } from '../support/pdf.ts';
import { focusOn } from './actions.ts';
import { guideShot } from './guide-shots.ts';
import { startE2E } from './harness.ts';
import { keyboardPayinToCustody, liveHomeIn } from './live-day.ts';

const CATALOGUES = { en, ru, kk } as const;

/** The PIN field on screen now, and what it holds. */
const pinValue = (page: Page) => page.locator('input[type="password"]').inputValue();

for (const language of ['en', 'ru', 'kk'] as const satisfies Language[]) {
  test(`a first Live day: the PIN wait, the unlock, an operator refused, the close (${language})`, async (t) => {
    // After 3 wrong PINs the next try waits 1.5 s: long enough to type into, short enough to sit out.
    const h = await startE2E(t, `first-live-${language}`, {
      trainingShift: false,
      day: { pins: { delayMs: 1_500, maxDelayMs: 1_500 } },
    });
    const { page, core, sandbox } = h;
    const words = CATALOGUES[language];
    await liveHomeIn(h, language);

    // A payin by keyboard up to recording the cash taken.
    await keyboardPayinToCustody(page, words.type.payin, `PAYER-FIRST-${language}`);

    // The desk locks by itself just as the agent records the cash: the click reaches the core after
    // the lock, which refuses it, and the refusal lands on the operation screen under the lock.
    await must(core.invoke, 'desk.lock', {});
    const lock = page.getByRole('dialog', { name: words.lock.title });
    await lock.waitFor();
    await page.getByTestId('record-cash').dispatchEvent('click');
    const custodyAlert = page.locator('.custody-action [role="alert"]');
    await custodyAlert.waitFor({ state: 'attached' });

    // The supervisor's PIN, as the lock screen asks it, says the supervisor's rule: 6 to 8 digits.
    await lock.getByRole('button', { name: words.lock.asSupervisor }).click();
    await lock.getByText(words.pin.supervisorHint, { exact: true }).waitFor();
    await h.screen('lock-supervisor-hint');
    await lock.getByRole('button', { name: words.lock.asOperator.replace('{{name}}', 'Aigerim') }).click();
    await lock.getByText(words.pin.hint, { exact: true }).waitFor();
    await guideShot(language, 'lock', lock.locator('.lock-card'));

    // Three wrong PINs: each refused try empties the field; the third starts a wait.
    for (let tries = 0; tries < 3; tries++) {
      await focusOn(page, 'input[type="password"]');
      await page.keyboard.type('1111');
      await page.keyboard.press('Enter');
      await lock.getByTestId('pin-refusal').waitFor();
      await until(async () => (await pinValue(page)) === '', 'the refused PIN cleared');
    }
    // During the wait the field says how long is left and takes nothing typed.
    const wait = lock.getByTestId('pin-wait');
    await wait.waitFor();
    await page.keyboard.type('4826');
    assert.equal(await pinValue(page), '');
    await h.screen('lock-pin-wait');
    // The wait over, the right PIN, typed once, opens the desk at once.
    await wait.waitFor({ state: 'detached' });
    assert.equal(await pinValue(page), '');
    await page.keyboard.type(OPERATOR_PIN);
    await page.keyboard.press('Enter');
    await lock.waitFor({ state: 'detached' });
    // Open now: "the desk is locked" is stale, and no longer said.
    await custodyAlert.waitFor({ state: 'detached' });
    await h.screen('after-unlock');

    // The cash recorded, the payer's confirmation, the receipt and Home.
    await focusOn(page, '[data-testid="record-cash"][data-armed="true"]');
    await page.keyboard.press('Enter');
    const number = await page.getByTestId('operation-number').innerText();
    sandbox.capture(1001, number);
    await focusOn(page, '[data-testid="finish"]', words.flow.completed.printAndFinish);
    await page.keyboard.press('Enter');
    await focusOn(page, '.tile-payin', words.type.payin);
    // Live, on a desk whose shops kept the training gateway's names: the receipt prints none of them.
    await until(async () => h.printer.printed.length === 1, 'the receipt');
    const receipt = pdfText(h.printer.printed[0]!.pdf);
    assert.match(receipt, /1001/);
    assert.doesNotMatch(receipt, /Training shop/);

    // Settings, Operators: one added, then one refused (the same PIN): only the refusal shows.
    await page.getByRole('button', { name: words.home.settings, exact: true }).click();
    await page.getByLabel(words.supervisor.pin).fill(SUPERVISOR_PIN);
    await page.getByRole('button', { name: words.supervisor.unlock }).click();
    await page.getByTestId('supervisor-panel').waitFor();
    await page
      .getByRole('navigation', { name: words.settings.parts.label })
      .getByRole('button', { name: words.settings.parts.operators })
      .click();
    const form = page.locator('.add-operator');
    const added = form.getByText(words.operators.added.replace('{{name}}', 'Yerlan Bekov'));
    await form.getByLabel(words.operators.name).fill('Yerlan Bekov');
    await form.getByLabel(words.operators.pin, { exact: true }).fill('5173');
    await form.getByRole('button', { name: words.operators.addButton }).click();
    await added.waitFor();
    await guideShot(language, 'operators', page.getByTestId('operators-panel'));
    await form.getByLabel(words.operators.name).fill('Dana');
    await form.getByLabel(words.operators.pin, { exact: true }).fill('5173');
    await form.getByRole('button', { name: words.operators.addButton }).click();
    await form.getByRole('alert').waitFor();
    assert.equal(await added.count(), 0, 'the earlier "can sign in now" beside the refusal');
    await h.screen('operator-refused');
    await page
      .getByRole('navigation', { name: words.settings.parts.label })
      .getByRole('button', { name: words.settings.parts.drawer })
      .click();
    await guideShot(
      language,
      'backups',
      page.locator('form.panel').filter({ has: page.getByTestId('backup-state') }),
    );
    await page.keyboard.press('Escape');

    // The close: counted, checked by keyboard, and Enter closes the shift.
    await page.getByRole('button', { name: words.shiftActions.close, exact: true }).click();
    await page.getByTestId('count-KZT').locator('input[id$="-5000"]').fill('1');
    await page.getByRole('button', { name: words.close.check, exact: true }).focus();
    await page.keyboard.press('Enter');
    await focusOn(page, 'button[type="submit"]', words.close.confirm);
    await h.screen('close-checked');
    await guideShot(language, 'close', page.locator('.close-form'));
    await page.keyboard.press('Enter');
    await page.locator('.close-form').waitFor({ state: 'detached' });
    const desk = await must<{ shift: unknown }>(core.invoke, 'desk.state', {});
    assert.equal(desk.shift, null);
  });
}

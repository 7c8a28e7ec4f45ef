// Going Live on a desk that has been training, in each language, in Chromium against the real core:
// the training shift is open and its drawer reads −5,000 KZT (a payout handed over from an empty
// training drawer). The supervisor sets the terminal ID, the gateway and the token, then turns Live
// on in Settings: the one guided step ends the training shift (no count, no note, no PIN for
// training money), once the shops carry their real names in place of the training gateway's, and
// the desk is Live with no shift. Screenshots: test-results/screens/going-live-<language>/, and the
// supervisor's guide's picture of the step in docs/screenshots/<language>/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppState, ShiftSummary } from '../../common/contract.ts';
import type { Language } from '../../common/enums.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { must, SUPERVISOR_PIN } from '../support/desk.ts';
import { focusOn } from './actions.ts';
import { createThroughCore, openHome } from './flows.ts';
import { guideShot } from './guide-shots.ts';
import { startE2E } from './harness.ts';

const CATALOGUES = { en, ru, kk } as const;

for (const language of ['en', 'ru', 'kk'] as const satisfies Language[]) {
  test(`turning Live on ends the training shift in the same step (${language})`, async (t) => {
    const h = await startE2E(t, `going-live-${language}`);
    const { page, core, sandbox } = h;
    const words = CATALOGUES[language];

    // Training: a payout of 5,000 handed over from an empty drawer; expected cash −5,000 KZT.
    const payout = await createThroughCore(core, {
      type: 'payout',
      shopId: 1001,
      amount: '5000',
      payerId: 'TRAINING-PAYOUT',
    });
    sandbox.capture(1001, payout.operationNumber);
    await until(async () => {
      await core.invoke('history.refresh', { localId: payout.localId });
      return (await core.invoke('checkout.recordCash', { localId: payout.localId, action: 'handed_over' }))
        .ok;
    }, 'the payout captured and handed over');
    const x = await must<{ cash: { currency: string; expected: string }[] }>(core.invoke, 'shift.report', {});
    assert.deepEqual(
      x.cash.map((line) => [line.currency, line.expected]),
      [['KZT', '-5000.00']],
    );

    // The supervisor readies Live while the training shift is still open: PIN, terminal, gateway, token.
    await must(core.invoke, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
    const state = await must<AppState>(core.invoke, 'app.getState', {});
    const { mode: _mode, ...settings } = state.settings;
    await must(core.invoke, 'settings.save', {
      ...settings,
      terminalId: 'T07',
      gatewayUrl: sandbox.url,
      supervisorPin: SUPERVISOR_PIN,
    });
    await must(core.invoke, 'settings.setToken', {
      shopId: 1001,
      token: sandbox.token,
      supervisorPin: SUPERVISOR_PIN,
    });

    await openHome(page, h.url);
    if (language !== 'en') {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
      await until(
        async () => (await page.evaluate(() => document.documentElement.lang)) === language,
        language,
      );
    }
    await page.getByRole('button', { name: words.home.settings, exact: true }).click();
    const panel = page.getByTestId('supervisor-panel');
    const unlock = page.getByRole('button', { name: words.supervisor.unlock });
    await unlock.or(panel).first().waitFor();
    if (await unlock.isVisible()) {
      await page.getByLabel(words.supervisor.pin).fill(SUPERVISOR_PIN);
      await unlock.click();
      await panel.waitFor();
    }
    // The shops still carry the training gateway's names: Live asks for the real ones first.
    await page.getByRole('button', { name: words.settings.switchToLive }).click();
    await page.getByTestId('live-needs-shops').waitFor();
    const names = page.getByRole('textbox', { name: words.settings.shopName, exact: true });
    await focusOn(page, 'input');
    assert.equal(await names.first().evaluate((field) => field === document.activeElement), true);
    await h.screen('live-needs-shop-names');
    await names.nth(0).fill('Almaty Mega');
    await names.nth(1).fill('Astana Mall');
    await page.getByRole('button', { name: words.settings.save, exact: true }).click();
    await page.getByText(words.settings.saved, { exact: true }).waitFor();
    await page.getByRole('button', { name: words.settings.switchToLive }).click();
    await page.getByTestId('training-shift-ends').waitFor();
    await h.screen('live-confirm');
    await guideShot(
      language,
      'go-live',
      page.locator('section.panel').filter({ has: page.getByTestId('training-shift-ends') }),
    );
    await page.getByRole('button', { name: words.settings.liveConfirm }).click();
    await page.getByText(words.settings.modeLive, { exact: true }).waitFor();
    await h.screen('live');

    // Live, no shift open; the training shift closed as balanced, with nobody's approval.
    const desk = await must<{ shift: unknown }>(core.invoke, 'desk.state', {});
    assert.equal(desk.shift, null);
    const { shifts } = await must<{ shifts: ShiftSummary[] }>(core.invoke, 'shift.list', {});
    const training = shifts.find((s) => s.training);
    assert.ok(training?.closedAt, 'the training shift is closed');
    const z = await must<{ variance: { variance: string }[]; supervisorApproved: boolean }>(
      core.invoke,
      'shift.zReport',
      { shiftId: training.id },
    );
    assert.deepEqual(
      z.variance.map((line) => line.variance),
      ['0.00'],
    );
    assert.equal(z.supervisorApproved, false);
  });
}

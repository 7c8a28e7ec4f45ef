// The money at the counter, in Chromium against the real core and sandbox: the cash recorded once it
// moves, the notices that call the agent to an operation, the gateway's figures held against the
// entered ones, and the operations still out when a supervisor changes where new ones go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { OperationEvent, OperationView } from '../../common/contract.ts';
import type { Core } from '../../main/core.ts';
import { foreignOperation, until } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';
import { goLiveInSettings, openSettings, setSupervisorPin, signIn, startCashPayout } from './day-flows.ts';
import {
  cashInButton,
  confirmPhone,
  createThroughCore,
  custodyButton,
  openHome,
  startCashPayin,
} from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

/** Counts the notices' tones: every oscillator the page starts. */
async function countTones(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const counted = window as unknown as { __tones: number };
    counted.__tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      counted.__tones += 1;
      return start.apply(this, args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __tones: number }).__tones);
}

/** The same screen on a 1024×768 counter display, then back to the harness's size. */
async function smallScreen(h: E2E, step: string): Promise<void> {
  const size = h.page.viewportSize();
  await h.page.setViewportSize({ width: 1024, height: 768 });
  await h.screen(`${step}-1024x768`);
  if (size) await h.page.setViewportSize(size);
}

/** A payout of KZT at shop 1001 made straight through the core, waiting for its confirmation. */
function payoutThroughCore(
  core: Pick<Core, 'invoke'>,
  payerId: string,
  amount = '20000',
): Promise<OperationView> {
  return createThroughCore(core, { type: 'payout', shopId: 1001, amount, payerId });
}

/** The operation as the core holds it now, with the kinds of its events. */
async function held(
  core: Pick<Core, 'invoke'>,
  localId: number,
): Promise<OperationView & { events: string[] }> {
  const result = await core.invoke('history.get', { localId });
  if (!result.ok) throw new Error(`history.get: ${result.error.kind}`);
  const { operation, events } = result.value as { operation: OperationView; events: OperationEvent[] };
  return { ...operation, events: events.map((event) => event.kind) };
}

test('a payout completed while the agent is on Home: a notice, and the cash handed over once', async (t) => {
  const h = await startE2E(t, 'payout-attention');
  const { page, core, sandbox } = h;
  const tones = await countTones(page);
  const payout = await payoutThroughCore(core, 'PAYER-OUT');
  const failing = await payoutThroughCore(core, 'PAYER-FAIL', '3000');
  await openHome(page, h.url);
  const trayRow = (operation: OperationView) =>
    page.getByTestId('tray-row').filter({ hasText: operation.operationNumber });
  await trayRow(payout).waitFor();
  assert.equal(await trayRow(payout).getAttribute('data-reason'), 'waiting');
  await h.screen('home-tray-waiting');

  // Confirmed out of band while the agent is on Home: the desk's own lookup finds it captured.
  sandbox.capture(1001, payout.operationNumber);
  const notices = page.getByTestId('attention-notice');
  const handOver = notices.filter({ hasText: payout.operationNumber });
  await handOver.waitFor();
  assert.equal(await handOver.getAttribute('data-reason'), 'hand_over');
  assert.match(await handOver.innerText(), /is completed: hand over KZT\u00a020,000\.00/);
  await until(async () => (await trayRow(payout).getAttribute('data-reason')) === 'hand_over', 'the tray');
  assert.match(await trayRow(payout).innerText(), /hand over the cash/);
  assert.ok((await tones()) >= 1, 'a tone with the notice');

  // A second operation fails: its notice stacks under the first.
  sandbox.setStatus(1001, failing.operationNumber, 'cancelled');
  await notices.filter({ hasText: failing.operationNumber }).waitFor();
  assert.equal(await notices.count(), 2);
  assert.match(
    await notices.filter({ hasText: failing.operationNumber }).innerText(),
    // Cancelled is final: the notice says so, as every other place does.
    /did not complete: Ended without payment: “cancelled” \(final\)/,
  );
  await h.screen('home-notices');
  await smallScreen(h, 'home-notices');

  await handOver.getByRole('button', { name: /^Open/ }).click();
  await page.getByRole('heading', { name: `Operation ${payout.operationNumber}` }).waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Hand the cash to the payer/);
  assert.equal(await handOver.count(), 0, 'opening the operation answers its notice');
  assert.equal(await notices.count(), 1);
  await h.screen('detail-hand-over');

  await custodyButton(page, 'Cash handed to the payer: KZT\u00a020,000.00').click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash handed over at \d{1,2}:\d\d/)
    .waitFor();
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await page.getByText(/^Cash handed over at .+: KZT\u00a020,000\.00, terminal T01$/).waitFor();
  await notices.getByRole('button', { name: /^Dismiss/ }).click();
  assert.equal(await notices.count(), 0);
  await h.screen('detail-handed-over');

  // Back on Home the payout has left the tray; History says the cash went.
  await page.keyboard.press('Escape');
  await cashInButton(page).waitFor();
  // The failed payout moved no cash, so it has left the tray too.
  await until(
    async () => (await trayRow(payout).count()) === 0 && (await trayRow(failing).count()) === 0,
    'the tray to settle',
  );
  await page.getByRole('button', { name: 'History' }).click();
  const row = page.getByTestId('history-row').filter({ hasText: payout.operationNumber });
  await row.getByText(/^Handed over /).waitFor();
  await h.screen('history-handed-over');

  // Found again later, it advises nothing and offers nothing to record.
  await row.click();
  await page.getByRole('heading', { name: `Operation ${payout.operationNumber}` }).waitFor();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash handed over at /)
    .waitFor();
  assert.doesNotMatch(await page.locator('.cash-banner').innerText(), /Hand the cash/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page
    .locator('.cash-banner')
    .getByText(/^Наличные выданы в /)
    .waitFor();
  await h.screen('detail-handed-over-ru');
  const { events } = await held(core, payout.localId);
  assert.deepEqual(
    events.filter((kind) => kind === 'cash_handed_over'),
    ['cash_handed_over'],
  );
});

test('a payin: the cash received is recorded at the counter, and the tray stops asking for it', async (t) => {
  const h = await startE2E(t, 'payin-custody');
  const { page, sandbox } = h;
  await openHome(page, h.url);
  await startCashPayin(page, 'PAYER-IN');
  await confirmPhone(page);

  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  const number = await page.getByTestId('operation-number').innerText();
  assert.match(await page.locator('.cash-banner').innerText(), /Take the cash from the payer/);
  const received = custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00');
  await received.waitFor();
  await h.screen('waiting-take-cash');
  await smallScreen(h, 'waiting-take-cash');

  await received.click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at \d{1,2}:\d\d/)
    .waitFor();
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await h.screen('waiting-cash-received');

  await page.getByRole('button', { name: 'Home (the desk keeps checking)' }).click();
  const row = page.getByTestId('tray-row').filter({ hasText: number });
  await row.waitFor();
  assert.equal(await row.getAttribute('data-reason'), 'cash_not_captured');
  assert.match(await row.innerText(), /Cash received at .+, not yet confirmed/);
  assert.equal(await page.locator('[data-reason="take_cash"]').count(), 0);
  await h.screen('home-tray-cash-received');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await row.getByText(/Наличные приняты в .+, ещё не подтверждено/).waitFor();
  await h.screen('home-tray-cash-received-ru');

  // Confirmed: nothing about it is open any more, and the tray goes quiet.
  sandbox.capture(1001, number);
  await until(async () => (await page.getByTestId('tray-row').count()) === 0, 'the tray to empty');
  assert.equal(await page.locator('.tray').count(), 0);
});

test('figures the gateway holds differently hold the cash and say what differs', async (t) => {
  const h = await startE2E(t, 'mismatch');
  const { page, sandbox } = h;
  await openHome(page, h.url);
  const number = await startCashPayout(page, '20000', 'PAYER-MIS');

  // From now on the gateway answers every lookup with a larger amount than was entered.
  sandbox.inject(
    'getOperation',
    {
      kind: 'mutate',
      mutate: (json) => {
        const reply = json as { data: { operation: Record<string, unknown> } };
        return {
          ...reply,
          data: { ...reply.data, operation: { ...reply.data.operation, amount: '25000.00' } },
        };
      },
    },
    Number.POSITIVE_INFINITY,
  );
  sandbox.capture(1001, number);

  const panel = page.getByTestId('mismatch');
  await panel.waitFor();
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  assert.deepEqual(await panel.getByRole('row').allInnerTexts(), [
    'Field\tEntered at this desk\tHeld by the gateway',
    'Amount\tKZT\u00a020,000.00\tKZT\u00a025,000.00',
  ]);
  await page.getByText('a supervisor must settle this operation').waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Do not give or take cash/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  // The big figure is the gateway's, and never put as an amount to hand over.
  assert.equal(await page.getByTestId('summary-amount').innerText(), 'KZT\u00a025,000.00');
  assert.equal(await page.getByText('Hand cash to payer').count(), 0);
  // The agent was looking at it: the screen says it all, so no notice stacks up.
  assert.equal(await page.getByTestId('attention-notice').count(), 0);
  await h.screen('completed-mismatch');

  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('tray-row').filter({ hasText: number });
  await row.waitFor();
  assert.equal(await row.getAttribute('data-reason'), 'mismatch');
  assert.match(await row.innerText(), /KZT\u00a025,000\.00[\s\S]*Mismatch: a supervisor must settle it/);
  await h.screen('home-tray-mismatch');

  await row.click();
  await page.getByRole('heading', { name: `Operation ${number}` }).waitFor();
  await panel.waitFor();
  assert.match(await page.locator('.cash-banner').innerText(), /Do not give or take cash/);
  assert.equal(await page.getByTestId('record-cash').count(), 0);
  await h.screen('detail-mismatch');
  await smallScreen(h, 'detail-mismatch');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByRole('heading', { name: 'В шлюзе другие данные, чем были введены' }).waitFor();
  assert.deepEqual(await panel.getByRole('row').allInnerTexts(), [
    'Поле\tВведено на кассе\tВ шлюзе',
    'Сумма\t20\u00a0000,00\u00a0₸\t25\u00a0000,00\u00a0₸',
  ]);
  await h.screen('detail-mismatch-ru');
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'History' }).click();
  const historyRow = page.getByTestId('history-row').filter({ hasText: number });
  await historyRow.getByText('Mismatch', { exact: true }).waitFor();
  assert.match(await historyRow.innerText(), /KZT\u00a025,000\.00/);
  await h.screen('history-mismatch');
});

test('Settings list the unresolved operations before a change of gateway URL or mode', async (t) => {
  const h = await startE2E(t, 'settings-unresolved');
  const { page, core, sandbox } = h;
  const waiting = await payoutThroughCore(core, 'PAYER-OPEN');
  await openHome(page, h.url);
  // The training shift the payout opened closes first, as Live requires; no cash moved in it.
  await page.getByRole('button', { name: 'Close shift' }).click();
  await page.getByText('No cash moved in this shift: there is nothing to count.').waitFor();
  await page.getByRole('button', { name: 'Check the count' }).click();
  await page.getByRole('button', { name: 'Close the shift' }).click();
  await page.getByRole('heading', { name: /^Z report No\. \d+$/ }).waitFor();
  await page.keyboard.press('Escape');
  // The supervisor's part: a PIN (which leaves Settings open) and the desk's own terminal ID.
  await openSettings(page);
  await setSupervisorPin(page);
  await page.getByRole('textbox', { name: 'Terminal ID' }).fill('T07');

  // Live needs a gateway URL first: the URL field says so (see counter.test.ts).
  await page.getByRole('button', { name: 'Switch to Live' }).click();
  await page.getByTestId('live-needs-gatewayUrl').waitFor();

  const list = page.getByTestId('unresolved');
  const url = page.getByRole('textbox', { name: 'Gateway URL' });
  await url.fill('https://gateway.example.com');
  // Live receipts carry the shops' real names, not the training gateway's.
  const names = page.getByRole('textbox', { name: 'Shop name' });
  for (let i = 0; i < (await names.count()); i++) await names.nth(i).fill(`Almaty shop ${i + 1}`);
  await page.getByLabel(/^Current supervisor PIN/).fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('heading', { name: 'Change the gateway URL?' }).waitFor();
  await list.getByText(waiting.operationNumber).waitFor();
  await h.screen('url-change-unresolved');
  await smallScreen(h, 'url-change-unresolved');
  await page.getByRole('button', { name: 'Yes, change the gateway URL' }).click();
  await page.getByText('Settings saved.').waitFor();

  await page.getByRole('button', { name: 'Switch to Live' }).click();
  await page.getByRole('heading', { name: 'Switch to Live?' }).waitFor();
  await list.getByText('Operations not settled yet: 1').waitFor();
  assert.deepEqual((await list.getByRole('row').allInnerTexts()).slice(1), [
    `${waiting.operationNumber}\tCash out KZT\u00a020,000.00\tTraining gateway (built in)\tCreated, not yet confirmed`,
  ]);
  await list.getByText('never sends one again').waitFor();
  await h.screen('switch-to-live-unresolved');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await page.getByRole('button', { name: 'Перейти в рабочий режим' }).click();
  await list.getByText('Неурегулированных операций: 1').waitFor();
  await list.getByText('Учебный шлюз (встроенный)').waitFor();
  await h.screen('switch-to-live-unresolved-ru');
  await page.getByRole('button', { name: 'Да, перейти в рабочий режим' }).click();
  await page.getByText('Рабочий: реальные деньги через платёжный шлюз.').waitFor();
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  // Live now, yet the training operation is still followed where it went: its capture arrives.
  sandbox.capture(1001, waiting.operationNumber);
  await until(
    async () => (await held(core, waiting.localId)).status === 'captured',
    'the training operation to be followed after the switch',
  );

  // And back to Training: the list is asked for again, and with nothing unresolved no warning shows.
  await page.getByRole('button', { name: 'Switch to Training' }).click();
  await page.getByText('Training: practice against the built-in gateway, no real money.').waitFor();
  assert.equal(await list.count(), 0);
});

test('an operation whose lookup waits for a token says so, and who must act', async (t) => {
  // A desk with no shift: the mode switches only between shifts.
  const h = await startE2E(t, 'token-wait', { trainingShift: false });
  const { page, core, sandbox } = h;
  // Live against the sandbox itself (loopback may be plain http), with its token for shop 1001, set
  // up in Settings as a supervisor does, and a shift opened at the counter.
  await openHome(page, h.url);
  await goLiveInSettings(page, { sandbox, shops: [1001] });
  // A float the payout is paid out of: one over the drawer's cash would need the supervisor.
  await signIn(page, 'Aigerim', { 5000: 4 });
  const payout = await payoutThroughCore(core, 'PAYER-TOKEN');
  // The gateway stops accepting the token: every lookup from now on is refused.
  sandbox.inject('getOperation', { kind: 'respond', status: 401 }, Number.POSITIVE_INFINITY);
  await until(
    async () => (await held(core, payout.localId)).lastError?.kind === 'unauthorized',
    'the lookup to wait for a token',
  );

  await openHome(page, h.url);
  await page.getByTestId('tray-row').filter({ hasText: payout.operationNumber }).click();
  const wait = page.getByTestId('token-wait');
  await wait.waitFor();
  assert.equal(
    await wait.innerText(),
    `The status lookup is waiting for a token: the gateway it was sent to (${sandbox.url}) refused the token for shop 1001. A supervisor must enter a new one in Settings.`,
  );
  assert.match(await page.locator('.cash-banner').innerText(), /Do not give or take cash/);
  await h.screen('detail-token-wait');
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await wait.getByText(/^Проверка статуса ждёт токен/).waitFor();
  await h.screen('detail-token-wait-ru');
});

test('another desk’s operation found by lookup advises no cash and offers nothing to record', async (t) => {
  const h = await startE2E(t, 'other-desk');
  const { page, sandbox } = h;
  await foreignOperation(sandbox, 'T09-OTHER-0001');
  sandbox.capture(1001, 'T09-OTHER-0001');
  await openHome(page, h.url);
  await page.getByRole('button', { name: 'Lookup' }).click();
  await page.getByRole('textbox', { name: 'Operation number', exact: true }).fill('T09-OTHER-0001');
  await page.keyboard.press('Enter');

  const result = page.getByTestId('lookup-result');
  await result.getByText(/^Run at another desk/).waitFor();
  assert.match(
    await result.locator('.cash-banner').innerText(),
    /Do not give or take cash\s+It was run at another desk\./,
  );
  assert.equal(await result.getByTestId('record-cash').count(), 0);
  // The summary names the type only: "Receive cash from payer" would read as an instruction here.
  assert.equal(await result.getByText('Receive cash from payer').count(), 0);
  assert.equal(await result.getByTestId('summary-caption').innerText(), 'Cash in');
  await h.screen('lookup-other-desk');
});

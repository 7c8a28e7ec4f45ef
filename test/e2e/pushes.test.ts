// The renderer never polls (GUIDE §3): every call the page makes is counted at the core. A screen
// showing another desk's operation asks nothing while main follows it and pushes the answer; Home's
// tray moves with main's pushes alone; and a page left idle with no push makes no call at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foreignOperation, until } from '../support/core.ts';
import { createThroughCore, openHome } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';

/** Every channel the page invokes from now on, in order (the page's binding calls core.invoke). */
function countInvokes(h: E2E): string[] {
  const calls: string[] = [];
  const invoke = h.core.invoke.bind(h.core);
  h.core.invoke = (channel, request) => {
    calls.push(channel);
    return invoke(channel, request);
  };
  return calls;
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 600));

test('a shown operation is kept current by pushes alone, and an idle page calls nothing', async (t) => {
  const h = await startE2E(t, 'pushes');
  const { page, sandbox } = h;
  await foreignOperation(sandbox, 'T09-PUSHED-1');
  await openHome(page, h.url);
  // The test's own calls go around the count.
  const direct = { ...h.core, invoke: h.core.invoke.bind(h.core) };
  const calls = countInvokes(h);

  // Home, idle: nothing asked.
  await idle();
  assert.deepEqual([...calls], [], 'Home idle');

  await page.getByRole('button', { name: 'Lookup' }).click();
  await page.getByRole('textbox', { name: 'Operation number', exact: true }).fill('T09-PUSHED-1');
  await page.keyboard.press('Enter');
  const result = page.getByTestId('lookup-result');
  await result.getByText(/^Run at another desk/).waitFor();
  await until(() => calls.includes('lookup.follow'), 'the page to name what it shows');
  // From here the page only listens: main follows the operation and pushes its answer.
  calls.length = 0;
  sandbox.capture(1001, 'T09-PUSHED-1');
  await result.getByText('Completed', { exact: true }).first().waitFor();
  assert.deepEqual([...calls], [], 'the page asked nothing for the answer');
  await idle();
  assert.deepEqual([...calls], [], 'Lookup idle');

  // Home's tray moves with main's push: a payout made elsewhere in the core appears with no read.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Lookup' }).waitFor();
  await idle();
  calls.length = 0;
  const made = await createThroughCore(direct, {
    type: 'payout',
    shopId: 1001,
    amount: '5000',
    payerId: 'P-TRAY',
  });
  await page.getByTestId('tray-row').filter({ hasText: made.operationNumber }).waitFor();
  await idle();
  assert.deepEqual([...calls], [], 'the tray came by push, and nothing was asked after');
});

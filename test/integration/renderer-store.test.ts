// The renderer's operation store fed by a real core: `window.cashdesk` is the contract's own
// buildApi over the core's invoke and events (as the e2e harness builds it in the page), and the
// store's one subscription keeps it current. What the renderer asks of the core is counted: for a
// shown operation to move on, it asks nothing but to name what it shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApi, type EventName } from '../../common/contract.ts';
import { useOpenOperations } from '../../renderer/home/state/openOperations.ts';
import { bindOperationPushes } from '../../renderer/operations/pushes.ts';
import { useOperations } from '../../renderer/operations/store.ts';
import { checkout, foreignOperation, SHOP, startHarness, until } from '../support/core.ts';

test('one subscription keeps the store and the tray current, and a shown operation is followed by main', async (t) => {
  const h = await startHarness(t);
  const asked: string[] = [];
  const cashdesk = buildApi(
    (channel, request) => {
      asked.push(channel);
      return h.core.invoke(channel, request);
    },
    (event: EventName, listener) => h.core.on((name, payload) => name === event && listener(payload)),
  );
  Object.assign(globalThis, { window: { cashdesk } });
  t.after(() => Reflect.deleteProperty(globalThis, 'window'));
  bindOperationPushes();
  // A new window's first word ends whatever an earlier one was shown.
  assert.deepEqual(asked, ['lookup.follow']);

  // This desk's operation: its views arrive by push, and the tray with it.
  const payout = await checkout(h, { type: 'payout' });
  await until(
    () => useOperations.getState().byId.get(payout.localId)?.status === 'created',
    'the pushed view',
  );
  await until(
    () => useOpenOperations.getState().rows?.some((r) => r.operation.localId === payout.localId) === true,
    'the pushed tray',
  );
  h.sandbox.capture(SHOP, payout.operationNumber);
  await until(() => useOperations.getState().byId.get(payout.localId)?.final === true, 'the captured view');
  await until(
    () => useOpenOperations.getState().rows?.[0]?.reason === 'hand_over',
    'the tray to say hand over',
  );

  // Another desk's operation on screen: the store names it to main, and main's answers come back.
  await foreignOperation(h.sandbox, 'BRANCH2-0041');
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'BRANCH2-0041' });
  assert.ok(found.state === 'found');
  const { put, show, hide } = useOperations.getState();
  put(found.operation);
  asked.length = 0;
  show(found.operation.localId);
  await until(() => asked.length === 1, 'the store to name what is shown');
  h.sandbox.capture(SHOP, 'BRANCH2-0041');
  await until(
    () => useOperations.getState().byId.get(found.operation.localId)?.status === 'captured',
    'main’s answer in the store',
  );
  assert.deepEqual(asked, ['lookup.follow'], 'the renderer asked nothing else');
  hide(found.operation.localId);
  await until(() => asked.length === 2, 'the store to say nothing is shown');
  await h.settle();
});

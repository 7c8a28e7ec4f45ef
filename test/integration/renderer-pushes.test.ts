// What keeps the renderer current without its asking: Home's tray pushed by main after each commit
// that changes it, another desk's operation followed by main's queue while the window shows it, and
// the supervisor's list of unresolved operations in one call.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TRAY_WAIT_MS } from '../../main/history/tray.ts';
import type { RequestRecord, Sandbox } from '../../main/sandbox/server.ts';
import { checkout, foreignOperation, type Harness, SHOP, startHarness, until } from '../support/core.ts';

const lookupsOf = (sandbox: Sandbox, operationNumber: string): RequestRecord[] =>
  sandbox.requests('getOperation').filter((r) => decodeURIComponent(r.path).endsWith(`/${operationNumber}`));

const trays = (h: Harness) => h.events.flatMap((e) => (e.event === 'tray.changed' ? [e.payload.rows] : []));

async function foundForeign(h: Harness, operationNumber: string) {
  await foreignOperation(h.sandbox, operationNumber);
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber });
  assert.equal(found.state, 'found');
  if (found.state !== 'found') throw new Error('not found');
  assert.equal(found.operation.ownDesk, false);
  assert.equal(found.operation.final, false);
  return found.operation;
}

describe('pushes to the renderer', () => {
  test('Home’s tray is pushed as it changes, and reads the same as history.open', async (t) => {
    const h = await startHarness(t);
    const payout = await checkout(h, { type: 'payout' });
    // While the create is out it is an unknown outcome; once answered, it waits for the gateway.
    await until(() => trays(h).at(-1)?.[0]?.reason === 'waiting', 'the new payout waiting in the tray');
    const waiting = trays(h).at(-1)!;
    assert.deepEqual(
      waiting.map((r) => r.operation.localId),
      [payout.localId],
    );
    assert.deepEqual(waiting, (await h.call('history.open', {})).rows);

    // Captured at the gateway: the queue's lookup commits it, and the tray says hand the cash over.
    h.sandbox.capture(SHOP, payout.operationNumber);
    await until(() => trays(h).at(-1)?.[0]?.reason === 'hand_over', 'the tray to say hand over');
    await h.settle();
    assert.deepEqual(trays(h).at(-1), (await h.call('history.open', {})).rows);

    await h.call('checkout.recordCash', { localId: payout.localId });
    await until(() => trays(h).at(-1)?.length === 0, 'the tray to empty');
    const pushed = trays(h).length;

    // Another desk's operation changes nothing in this desk's tray: nothing is pushed for it.
    const theirs = await foundForeign(h, 'BRANCH2-0031');
    h.sandbox.capture(SHOP, theirs.operationNumber);
    await h.call('history.refresh', { localId: theirs.localId });
    await h.waitFor('operation.changed', (view) => view.localId === theirs.localId && view.final);
    await new Promise((resolve) => setTimeout(resolve, 3 * TRAY_WAIT_MS));
    assert.equal(trays(h).length, pushed, 'no push for a tray that did not change');
  });

  test('another desk’s operation on screen is followed by main until it is final, then no more', async (t) => {
    const h = await startHarness(t);
    const theirs = await foundForeign(h, 'BRANCH2-0032');
    h.sandbox.resetRequests();
    await h.call('lookup.follow', { localIds: [theirs.localId] });
    // Followed: asked about again and again while shown, with nobody asking.
    await until(() => lookupsOf(h.sandbox, theirs.operationNumber).length >= 3, 'three lookups while shown');
    h.sandbox.capture(SHOP, theirs.operationNumber);
    const pushed = await h.waitFor(
      'operation.changed',
      (view) => view.localId === theirs.localId && view.status === 'captured',
    );
    assert.equal(pushed.final, true);
    // Final: the follow ends by itself, the queue empties though the window still shows it.
    await h.settle();
    const asked = lookupsOf(h.sandbox, theirs.operationNumber).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(lookupsOf(h.sandbox, theirs.operationNumber).length, asked);
  });

  test('a follow ends when the window says so, or when a new window names nothing', async (t) => {
    const h = await startHarness(t);
    const first = await foundForeign(h, 'BRANCH2-0033');
    const second = await foundForeign(h, 'BRANCH2-0034');
    h.sandbox.resetRequests();
    await h.call('lookup.follow', { localIds: [first.localId] });
    await until(() => lookupsOf(h.sandbox, first.operationNumber).length >= 2, 'the first followed');
    // The window moves on to the second: the first leaves the queue.
    await h.call('lookup.follow', { localIds: [second.localId] });
    await until(() => lookupsOf(h.sandbox, second.operationNumber).length >= 2, 'the second followed');
    const firstAsked = lookupsOf(h.sandbox, first.operationNumber).length;
    // A reloaded window's first word is []: nothing an earlier window showed is followed any more.
    await h.call('lookup.follow', { localIds: [] });
    await h.settle();
    const secondAsked = lookupsOf(h.sandbox, second.operationNumber).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(lookupsOf(h.sandbox, first.operationNumber).length, firstAsked);
    assert.equal(lookupsOf(h.sandbox, second.operationNumber).length, secondAsked);
    // This desk's own operations are the queue's already: naming one adds no lookup of it.
    const mine = await checkout(h, { type: 'payin' });
    h.sandbox.capture(SHOP, mine.operationNumber);
    await h.settle();
    const mineAsked = lookupsOf(h.sandbox, mine.operationNumber).length;
    await h.call('lookup.follow', { localIds: [mine.localId, 999_999] });
    await h.settle();
    assert.equal(lookupsOf(h.sandbox, mine.operationNumber).length, mineAsked);
  });

  test('the unresolved operations come in one call, each with the gateway it went to', async (t) => {
    const h = await startHarness(t);
    const waiting = await checkout(h, { type: 'payout' });
    const settled = await checkout(h, { type: 'payin' });
    await h.call('checkout.recordCash', { localId: settled.localId });
    h.sandbox.capture(SHOP, settled.operationNumber);
    await until(
      async () => (await h.call('history.get', { localId: settled.localId })).operation.final,
      'the payin to settle',
    );
    const { rows } = await h.call('history.unresolved', {});
    assert.deepEqual(
      rows.map((r) => r.localId),
      [waiting.localId],
    );
    assert.equal(rows[0]?.gatewayUrl, waiting.gatewayUrl);
    assert.equal(rows[0]?.training, true);
  });
});

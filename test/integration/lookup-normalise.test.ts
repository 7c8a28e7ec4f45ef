// The agent's lookup by number, typed in any case and with stray spaces, against the real core and
// sandbox: this terminal's own numbers are read in capitals; any other number is asked for exactly
// as typed, and every answer names the number that was asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseOperationNumber } from '../../main/lookups/normalise.ts';
import type { Sandbox } from '../../main/sandbox/server.ts';
import { checkout, foreignOperation, SHOP, startHarness } from '../support/core.ts';

/** The operation numbers the gateway was asked for, in order. */
const asked = (sandbox: Sandbox): string[] =>
  sandbox.requests('getOperation').map((r) => decodeURIComponent(r.path.split('/').at(-1)!));

test('this terminal’s number in lower case and with spaces is found, and asked for in capitals', async (t) => {
  const h = await startHarness(t);
  const made = await checkout(h);
  assert.match(made.operationNumber, /^T01-\d{6}-\d{4}$/);
  const typed = `  ${made.operationNumber.toLowerCase()}\t`;
  const answer = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: typed });
  assert.equal(answer.state, 'found');
  assert.equal(answer.state === 'found' && answer.operation.localId, made.localId);
  assert.equal(asked(h.sandbox).at(-1), made.operationNumber);
});

test('another system’s number is asked for exactly as typed, and "not found" says so', async (t) => {
  const h = await startHarness(t);
  await foreignOperation(h.sandbox, 'BRANCH2-0042');
  // Its numbers may differ by case alone at the gateway: no guessing.
  assert.deepEqual(await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'branch2-0042' }), {
    state: 'not_found',
    shopId: SHOP,
    operationNumber: 'branch2-0042',
  });
  // Another terminal's number of the same shape is not this terminal's to normalise either.
  assert.deepEqual(await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 't02-261122-0001' }), {
    state: 'not_found',
    shopId: SHOP,
    operationNumber: 't02-261122-0001',
  });
  assert.deepEqual(asked(h.sandbox), ['branch2-0042', 't02-261122-0001']);
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'BRANCH2-0042' });
  assert.equal(found.state === 'found' && found.operation.operationNumber, 'BRANCH2-0042');
});

test('a lookup queued while offline keeps the number it was normalised to', async (t) => {
  const h = await startHarness(t);
  const made = await checkout(h);
  await h.sandbox.goOffline();
  const queued = await h.call('lookup.byNumber', {
    shopId: SHOP,
    operationNumber: made.operationNumber.toLowerCase(),
  });
  assert.deepEqual(queued, { state: 'queued', shopId: SHOP, operationNumber: made.operationNumber });
  h.sandbox.capture(SHOP, made.operationNumber);
  await h.sandbox.goOnline();
  const answer = await h.waitFor('lookup.answered');
  assert.equal(answer.state === 'found' && answer.operation.localId, made.localId);
  await h.settle();
});

test('what counts as this terminal’s number', () => {
  const cases: [string, string, string][] = [
    [' t01-261122-0042 ', 'T01', 'T01-261122-0042'],
    ['T01-261122-12345', 'T01', 'T01-261122-12345'],
    ['k9z-010203-0001', 'K9Z', 'K9Z-010203-0001'],
    ['t01-261122-0042', 'T02', 't01-261122-0042'],
    ['t01-26112-0042', 'T01', 't01-26112-0042'],
    ['t01-261122-004', 'T01', 't01-261122-004'],
    ['xt01-261122-0042', 'T01', 'xt01-261122-0042'],
    ['t01-261122-0042x', 'T01', 't01-261122-0042x'],
  ];
  for (const [typed, terminal, expected] of cases) {
    assert.equal(normaliseOperationNumber(typed, terminal), expected, `${typed} at ${terminal}`);
  }
});

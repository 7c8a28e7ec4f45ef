// What a refused token does to the desk (main/gateway/health.ts), on a real core over the real
// sandbox: in training the token is the built-in gateway's own, so a brief refusal is that
// gateway's fault and ends with its next answer; nothing waits for a supervisor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SHOP, startHarness } from '../support/core.ts';

test('training: three refusals of the method list, then an answer, leave the desk as it was', async (t) => {
  const h = await startHarness(t);
  h.sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 401 }, 3);
  for (let i = 0; i < 3; i++) {
    const refused = await h.invoke('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.error.kind, 'unauthorized');
  }
  const during = await h.call('app.getState', {});
  // The tiles on Home are disabled while the shop's token reads rejected: it must not.
  assert.equal(during.tokens.find((s) => s.shopId === SHOP)?.state, 'set');
  assert.equal(during.connectivity.state, 'degraded', 'the header does not say Online while refused');

  const methods = await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  assert.ok(methods.length > 0);
  const after = await h.call('app.getState', {});
  assert.equal(after.tokens.find((s) => s.shopId === SHOP)?.state, 'set');
  assert.equal(after.connectivity.state, 'online');
});

// Never mid-payment: with an update downloaded, a real core offers it (`updates.ready`) and installs
// it only when the renderer is idle on Home and no operation is open, unresolved or owes cash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPIRY_MARGIN_MS } from '../../common/contract.ts';
import { checkout, type Harness, openSession, requisitesFor, SHOP, startHarness } from '../support/core.ts';

/** An update downloaded by the shell, with an installer that records its calls. */
function downloaded(h: Harness, version = '9.9.9') {
  const installs: string[] = [];
  h.core.updates.setInstaller(() => {
    installs.push(version);
    return true;
  });
  h.core.updates.available(version);
  return installs;
}

const offers = (h: Harness) => h.events.filter((e) => e.event === 'updates.ready').length;

/** The desk was just freed: the offer comes, and accepting it installs, once. */
async function offeredAndInstalled(h: Harness, installs: string[]) {
  await h.waitFor('updates.ready');
  assert.deepEqual(await h.call('updates.install', {}), { installing: true, hold: null });
  assert.equal(installs.length, 1);
}

test('an idle desk on Home is offered the update, and installing it goes ahead', async (t) => {
  const h = await startHarness(t);
  const installs = downloaded(h);
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'not_idle' });
  assert.equal(offers(h), 0, 'no offer before the renderer says it is idle on Home');

  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.waitFor('updates.ready'), { version: '9.9.9' });
  await h.call('app.setIdle', { home: true });
  assert.equal(offers(h), 1, 'asked once, not on every report');

  assert.deepEqual(await h.call('updates.install', {}), { installing: true, hold: null });
  assert.deepEqual(installs, ['9.9.9']);
});

test('leaving Home holds the update; coming back asks again', async (t) => {
  const h = await startHarness(t);
  const installs = downloaded(h);
  await h.call('app.setIdle', { home: true });
  await h.call('app.setIdle', { home: false });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'not_idle' });
  await h.call('app.setIdle', { home: true });
  assert.equal(offers(h), 2);
  assert.deepEqual(installs, []);
});

test('nothing downloaded: nothing is offered or installed', async (t) => {
  const h = await startHarness(t);
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'no_update' });
  assert.equal(offers(h), 0);
});

test('an open session blocks, and abandoning it frees the desk', async (t) => {
  const h = await startHarness(t);
  const installs = downloaded(h);
  const session = await openSession(h);
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), {
    installing: false,
    hold: 'checkout_in_progress',
  });
  assert.equal(offers(h), 0);
  await h.call('checkout.abandon', { localId: session.localId });
  await offeredAndInstalled(h, installs);
});

test('a session is held for the payer only while the desk may still use it: the answer’s one rule', async (t) => {
  // The sandbox's session lives 3 s, less than the desk's 5 s skew margin: not expired at the
  // gateway, but the desk would refuse to submit it, so it holds nothing.
  const h = await startHarness(t, { sandbox: { sessionTtlSeconds: 3 } });
  const installs = downloaded(h);
  const session = await openSession(h);
  const expiredAt = Date.parse(session.session!.expiredAt);
  assert.ok(expiredAt > Date.now(), 'not expired at the gateway');
  assert.deepEqual(session.meaning.session, {
    usable: false,
    until: new Date(expiredAt - EXPIRY_MARGIN_MS).toISOString(),
  });
  await h.call('app.setIdle', { home: true });
  await offeredAndInstalled(h, installs);
  const refused = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
  });
  assert.equal(!refused.ok && refused.error.kind, 'session_expired');
  assert.equal(h.sandbox.requests('createOperation').length, 0);
});

test('a payin whose cash is not taken, then not captured, blocks until it settles', async (t) => {
  const h = await startHarness(t);
  const installs = downloaded(h);
  const created = await checkout(h, { type: 'payin' });
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'operation_open' });

  await h.call('checkout.recordCash', { localId: created.localId });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'operation_open' });
  assert.equal(offers(h), 0);

  // Captured at the gateway: the lookup that sees it settles the operation, and the offer follows.
  h.sandbox.capture(SHOP, created.operationNumber);
  await offeredAndInstalled(h, installs);
});

test('a captured payout whose cash is not handed over blocks; handing it over frees the desk', async (t) => {
  const h = await startHarness(t);
  const installs = downloaded(h);
  const created = await checkout(h, { type: 'payout', amount: '25000' });
  h.sandbox.capture(SHOP, created.operationNumber);
  await h.waitFor('operation.changed', (v) => v.localId === created.localId && v.status === 'captured');
  await h.settle();
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'operation_open' });
  assert.equal(offers(h), 0);

  await h.call('checkout.recordCash', { localId: created.localId });
  await offeredAndInstalled(h, installs);
});

test('an outcome unknown blocks, and survives a restart blocking', async (t) => {
  const h = await startHarness(t);
  const session = await openSession(h);
  h.sandbox.inject('createOperation', { kind: 'respond', status: 502 }, 50);
  h.sandbox.inject('getOperation', { kind: 'respond', status: 502 }, 1000);
  const result = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: [{ name: 'phone', value: '+77011234567' }],
  });
  assert.equal(!result.ok && result.error.kind, 'outcome_unknown');
  await h.restart();
  downloaded(h);
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'operation_open' });
});

test('the installer may still refuse at the last moment, and nothing is reported as installing', async (t) => {
  const h = await startHarness(t);
  h.core.updates.setInstaller(() => false);
  h.core.updates.available('9.9.9');
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), { installing: false, hold: 'no_update' });
});

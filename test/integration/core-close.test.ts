// The app's before-quit path: core.close() while work it started is still under way. Nothing may
// write to the closed database, and nothing may reject unhandled.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleCore, createCore } from '../../main/core.ts';
import { DEFAULT_SETTINGS } from '../../main/settings/service.ts';
import { createStore } from '../../main/store/index.ts';
import { startHarness } from '../support/core.ts';
import { goLive } from '../support/desk.ts';

test('closing while a token-state update is pending: no crash, no unhandled rejection', async (t) => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  t.after(() => process.off('unhandledRejection', onUnhandled));
  // The harness gives the sandbox and the data folder; this test closes its core itself.
  const h = await startHarness(t, { openCore: false });
  const core = await createCore(h.coreOptions);
  let closed = false;
  t.after(() => (closed ? undefined : core.close()));
  const { mode: _mode, ...settings } = { ...DEFAULT_SETTINGS, gatewayUrl: h.sandbox.url };
  await goLive(core.invoke, settings);

  const setting = core.invoke('settings.setToken', { shopId: 1001, token: `token-${randomUUID()}` });
  const clearing = core.invoke('settings.clearToken', { shopId: 1002 });
  await core.close();
  closed = true;
  const [set, cleared] = await Promise.all([setting, clearing]);
  // Either each finished before the database closed, or it was told the desk is closing.
  for (const result of [set, cleared]) {
    if (!result.ok) assert.notEqual(result.error.kind, 'internal', JSON.stringify(result.error));
  }
  // Any announcement the update started has run its course.
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(unhandled, []);
  // Closing twice is closing once; a call after close is refused in plain words.
  await core.close();
  const late = await core.invoke('app.getState', {});
  assert.equal(late.ok, false);
});

test('a settings write that arrives after close (a gateway answer as the app quits) is a no-op', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-close-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = createStore(dir);
  store.settings.set('rejected_tokens', []);
  store.close();
  assert.doesNotThrow(() => store.settings.set('rejected_tokens', ['training#1001']));
  assert.doesNotThrow(() => store.settings.delete('rejected_tokens'));
  const again = createStore(dir);
  t.after(() => again.close());
  assert.deepEqual(again.settings.get('rejected_tokens'), []);
});

test('the log is written off the event loop, and its last line is on disk once close resolves', async (t) => {
  const h = await startHarness(t, { openCore: false });
  const { core, probe } = await assembleCore(h.coreOptions);
  // Once the start's own work is done, close is quick: only the log's writes can still be under way.
  await probe.chainChecked();
  // A burst, most of a megabyte: still being written when close is called.
  const filler = 'x'.repeat(4000);
  for (let i = 0; i < 200; i++) core.log.info('burst', { i, filler });
  const closing = core.close();
  // Logged as the close begins (a handler's error as the app quits): still on disk when it resolves.
  core.log.warn('last_before_close', { note: 'the last line' });
  await closing;
  const lines = readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8').trim().split('\n');
  // Every line whole, the burst and the line after it there, and in the order they were logged.
  const events = lines.map((line) => (JSON.parse(line) as { event: string }).event);
  assert.equal(events.filter((event) => event === 'burst').length, 200);
  assert.ok(events.lastIndexOf('burst') < events.indexOf('last_before_close'), events.join(' '));
});

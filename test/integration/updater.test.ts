// The electron-updater glue (main/electron/updater.ts) over a real core, with a stand-in updater:
// off until Settings hold an update URL, a generic feed at that URL, never installed on quit, and
// quitAndInstall only when the policy allows, asked again at the last moment.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startUpdates } from '../../main/electron/updater.ts';
import { type Harness, openSession, startHarness, until } from '../support/core.ts';

function stubUpdater() {
  const calls = { feeds: [] as unknown[], checks: 0, installs: [] as unknown[][] };
  const updater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    logger: null as unknown,
    setFeedURL: (options: unknown) => calls.feeds.push(options),
    checkForUpdates: async () => {
      calls.checks += 1;
      return null;
    },
    quitAndInstall: (...args: unknown[]) => calls.installs.push(args),
  });
  return { updater, calls };
}

async function saveUpdateUrl(h: Harness, updateUrl: string | null) {
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await h.call('settings.save', { ...settings, updateUrl });
}

test('off by default; an update URL in Settings turns on a generic feed, and removing it turns it off', async (t) => {
  const h = await startHarness(t);
  const { updater, calls } = stubUpdater();
  const stop = startUpdates(updater as never, h.core);
  t.after(stop);
  assert.equal(updater.autoInstallOnAppQuit, false, 'never installed by quitting');
  assert.equal(updater.autoDownload, true);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(calls.feeds, [], 'no feed without an update URL');
  assert.equal(calls.checks, 0);

  await saveUpdateUrl(h, 'https://updates.example.com/cashdesk');
  await until(() => calls.checks === 1, 'a check once the URL is set');
  assert.deepEqual(calls.feeds, [{ provider: 'generic', url: 'https://updates.example.com/cashdesk' }]);

  updater.emit('update-downloaded', { version: '2.0.0' });
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.waitFor('updates.ready'), { version: '2.0.0' });

  await saveUpdateUrl(h, null);
  await until(
    async () => (await h.call('updates.install', {})).hold === 'no_update',
    'the download withdrawn once updates are off',
  );
  assert.deepEqual(calls.installs, []);
});

test('quitAndInstall runs only on an idle desk, after the agent accepts', async (t) => {
  const h = await startHarness(t);
  const { updater, calls } = stubUpdater();
  t.after(startUpdates(updater as never, h.core));
  await saveUpdateUrl(h, 'https://updates.example.com/cashdesk');
  updater.emit('update-downloaded', { version: '2.0.0' });

  const session = await openSession(h);
  await h.call('app.setIdle', { home: true });
  assert.deepEqual(await h.call('updates.install', {}), {
    installing: false,
    hold: 'checkout_in_progress',
  });
  assert.deepEqual(calls.installs, [], 'not mid-payment');

  await h.call('checkout.abandon', { localId: session.localId });
  await h.waitFor('updates.ready');
  assert.deepEqual(await h.call('updates.install', {}), { installing: true, hold: null });
  assert.deepEqual(calls.installs, [[true, true]]);
});

test('updater errors and failed checks are logged, not thrown', async (t) => {
  const h = await startHarness(t);
  const { updater } = stubUpdater();
  updater.checkForUpdates = async () => {
    throw new Error('net::ERR_NAME_NOT_RESOLVED');
  };
  t.after(startUpdates(updater as never, h.core));
  await saveUpdateUrl(h, 'https://updates.example.com/cashdesk');
  updater.emit('error', new Error('signature mismatch'));
  const log = () => readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8');
  await until(() => /update_check_failed/.test(log()), 'the failed check in the log');
  assert.match(log(), /update_error.*signature mismatch/);
});

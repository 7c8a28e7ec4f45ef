// The electron-updater glue (main/electron/updater.ts) over a real core, with a stand-in updater:
// off until Settings hold an update URL and a supervisor PIN guards the desk, a generic feed at
// that URL, never installed on quit, and quitAndInstall only when the policy allows, asked again at
// the last moment.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import type { AppError } from '../../common/contract.ts';
import { startUpdates } from '../../main/electron/updater.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { type Harness, openSession, startHarness, until } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';

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

/** A desk a supervisor PIN guards, the only kind that follows an update URL. */
async function guardedDesk(t: Parameters<typeof startHarness>[0]) {
  const h = await startHarness(t);
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  return h;
}

test('off by default; an update URL in Settings turns on a generic feed, and removing it turns it off', async (t) => {
  const h = await guardedDesk(t);
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
  const h = await guardedDesk(t);
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
  const h = await guardedDesk(t);
  const { updater } = stubUpdater();
  updater.checkForUpdates = async () => {
    throw new Error('net::ERR_NAME_NOT_RESOLVED');
  };
  t.after(startUpdates(updater as never, h.core));
  await saveUpdateUrl(h, 'https://updates.example.com/cashdesk');
  updater.emit('error', new Error('signature mismatch'));
  const log = () => readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8');
  await until(() => /update_check_failed/.test(log()), 'the failed check in the log');
  await h.core.log.flush();
  assert.match(log(), /update_error.*signature mismatch/);
});

test('a desk without a supervisor PIN neither saves nor follows an update URL', async (t) => {
  const h = await startHarness(t);
  const { updater, calls } = stubUpdater();
  t.after(startUpdates(updater as never, h.core));
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  const url = 'https://updates.example.com/cashdesk';
  const refused = await h.invoke('settings.save', { ...settings, updateUrl: url });
  assert.equal(refused.ok, false, 'an update URL saved on an unguarded desk');
  const error = (refused as { error: AppError }).error;
  assert.deepEqual([error.kind, error.field], ['locked', 'supervisorPin']);
  assert.equal((await h.call('app.getState', {})).settings.updateUrl, null);

  // One already in the file (an older version saved it) is not followed either.
  const full = (await h.call('app.getState', {})).settings;
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
  db.prepare(
    "INSERT INTO settings (key, value) VALUES ('settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(JSON.stringify({ ...full, updateUrl: url }));
  db.close();
  await h.restart();
  t.after(startUpdates(updater as never, h.core));
  assert.equal((await h.call('app.getState', {})).settings.updateUrl, url);
  await h.call('desk.state', {});
  assert.deepEqual(calls.feeds, [], 'followed without a supervisor PIN');
  assert.equal(calls.checks, 0);

  // Once a supervisor PIN is set, the URL counts.
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  await until(() => calls.checks === 1, 'a check once a supervisor PIN guards the desk');
  assert.deepEqual(calls.feeds, [{ provider: 'generic', url }]);
});

// Settings and token states, with tokens in a real keychain (run under test/keyring-session.sh), and
// the promise that the token goes nowhere else: not SQLite, not the log, not IPC results or events.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, type TestContext, test } from 'node:test';
import keytar from 'keytar';
import type { AppState, OperationView, Result, Settings } from '../../common/contract.ts';
import { AgentError } from '../../main/app-error.ts';
import { assembleCore, createCore } from '../../main/core.ts';
import type { GatewayTarget } from '../../main/gateway/gateways.ts';
import { createLog, type Log } from '../../main/log.ts';
import { startSandbox } from '../../main/sandbox/server.ts';
import { createSettingsService, DEFAULT_SETTINGS } from '../../main/settings/service.ts';
import { createStore, DATABASE_FILE, type Store } from '../../main/store/index.ts';
import { createVault, profileAccount } from '../../main/vault/index.ts';
import { goLive, OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';

const CASH_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000101';
const GATEWAY = 'https://gateway.example.com';

function keychainService(t: TestContext): string {
  const service = `cashdesk-test-${randomUUID()}`;
  t.after(async () => {
    for (const { account } of await keytar.findCredentials(service))
      await keytar.deletePassword(service, account);
  });
  return service;
}

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-settings-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A settings service over a real store and keychain, and a way to "restart" it on the same data. */
function fixture(t: TestContext) {
  const dir = tempDir(t);
  const service = keychainService(t);
  let store: Store = createStore(dir);
  t.after(() => store.close());
  // One log for every "restart": it is written off the event loop, and `readLog` waits for it.
  const log = createLog(join(dir, 'test.log'));
  return {
    dir,
    service,
    log,
    settings: () => createSettingsService(store.settings, createVault(service), log),
    restart() {
      store.close();
      store = createStore(dir);
      return createSettingsService(store.settings, createVault(service), log);
    },
  };
}

const live = (overrides: Partial<Settings> = {}): Omit<Settings, 'mode'> => {
  const { mode: _mode, ...rest } = { ...DEFAULT_SETTINGS, gatewayUrl: GATEWAY, ...overrides };
  return rest;
};

async function readLog(f: { dir: string; log: Log }): Promise<{ event: string; detail: unknown }[]> {
  await f.log.flush();
  let text = '';
  try {
    text = readFileSync(join(f.dir, 'test.log'), 'utf8');
  } catch {
    return [];
  }
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The gateway the settings point at now, as the core's calls name it. */
function here(service: ReturnType<typeof createSettingsService>, shopId: number): GatewayTarget {
  const { mode, gatewayUrl } = service.get();
  return mode === 'training'
    ? { shopId, training: true, gatewayUrl: null }
    : { shopId, training: false, gatewayUrl };
}

async function states(service: ReturnType<typeof createSettingsService>) {
  return Object.fromEntries((await service.tokenStates()).map((s) => [s.shopId, s.state]));
}

describe('settings service', () => {
  test('starts from the defaults, saves without touching the mode, and survives a restart', (t) => {
    const f = fixture(t);
    const settings = f.settings();
    assert.deepEqual(settings.get(), DEFAULT_SETTINGS);
    const next = live({
      terminalId: 'T07',
      language: 'ru',
      kiosk: true,
      shops: [{ id: 2001, name: 'Kiosk 1' }],
    });
    assert.deepEqual(settings.save(next), { ...next, mode: 'training' });
    settings.setMode('live');
    settings.save({ ...next, kiosk: false });
    assert.equal(settings.get().mode, 'live', 'saving settings never switches the mode');
    assert.deepEqual(f.restart().get(), { ...next, kiosk: false, mode: 'live' });
  });

  test('Kazakh is kept like any language, across a restart', (t) => {
    const f = fixture(t);
    f.settings().save(live({ language: 'kk' }));
    assert.equal(f.restart().get().language, 'kk');
  });

  test('a damaged or outdated settings row gives the defaults and a logged warning, never a crash', async (t) => {
    const f = fixture(t);
    f.settings().save(live({ terminalId: 'T09' }));
    const rows: [string, string][] = [
      ['not json at all', 'settings_unreadable'],
      [JSON.stringify({ ...DEFAULT_SETTINGS, terminalId: 'lower-case!' }), 'settings_invalid'],
      [
        JSON.stringify({
          ...DEFAULT_SETTINGS,
          shops: [
            { id: 5, name: 'A' },
            { id: 5, name: 'B' },
          ],
        }),
        'settings_invalid',
      ],
      [JSON.stringify(['an', 'array']), 'settings_invalid'],
    ];
    for (const [value, event] of rows) {
      const db = new DatabaseSync(join(f.dir, DATABASE_FILE));
      db.prepare("UPDATE settings SET value = ? WHERE key = 'settings'").run(value);
      db.close();
      const before = (await readLog(f)).length;
      assert.deepEqual(f.restart().get(), DEFAULT_SETTINGS, value);
      const logged = (await readLog(f)).slice(before);
      assert.deepEqual(
        logged.map((l) => l.event),
        [event],
        `a warning for ${value}`,
      );
    }
  });

  test('settings stored before updateUrl existed load with updates off; a stored one is kept', async (t) => {
    const f = fixture(t);
    f.settings().save(live({ terminalId: 'T07' }));
    const { updateUrl: _none, ...older } = { ...DEFAULT_SETTINGS, terminalId: 'T07' };
    const db = new DatabaseSync(join(f.dir, DATABASE_FILE));
    db.prepare("UPDATE settings SET value = ? WHERE key = 'settings'").run(JSON.stringify(older));
    db.close();
    const before = (await readLog(f)).length;
    assert.deepEqual(f.restart().get(), { ...DEFAULT_SETTINGS, terminalId: 'T07', updateUrl: null });
    assert.deepEqual((await readLog(f)).slice(before), [], 'no warning: the field has a default');

    f.restart().save(live({ updateUrl: 'https://updates.example.com/cashdesk' }));
    assert.equal(f.restart().get().updateUrl, 'https://updates.example.com/cashdesk');
  });

  test('settings stored before printing existed load with its defaults; a save without it keeps it', (t) => {
    const f = fixture(t);
    const { printing: _none, ...older } = { ...DEFAULT_SETTINGS, terminalId: 'T07' };
    f.settings().save(older);
    const db = new DatabaseSync(join(f.dir, DATABASE_FILE));
    db.prepare("UPDATE settings SET value = ? WHERE key = 'settings'").run(JSON.stringify(older));
    db.close();
    assert.deepEqual(f.restart().get(), { ...DEFAULT_SETTINGS, terminalId: 'T07' });

    const printing = { ...DEFAULT_SETTINGS.printing, paper: '58mm' as const, printer: 'EPSON_TM_T20III' };
    f.restart().save({ ...older, printing });
    f.restart().save({ ...older, kiosk: true });
    assert.deepEqual(f.restart().get().printing, printing);
  });

  test("one document: the desk's part saves with the rest, stays when left out, and a missing folder saves nothing", (t) => {
    const f = fixture(t);
    const settings = f.settings();
    let heard = 0;
    settings.onDeskSaved(() => heard++);
    const desk = { ...settings.deskSettings.get(), lockAfterMinutes: 12, backupsKept: 3 };
    settings.save({ ...live({ terminalId: 'T07' }), desk });
    assert.equal(heard, 1, 'the lock re-arms and the screens hear of it');
    settings.save(live({ terminalId: 'T08' }));
    const again = f.restart();
    assert.deepEqual(again.deskSettings.get(), desk, 'left out, the desk part stays as saved');
    assert.equal(again.get().terminalId, 'T08');
    assert.throws(
      () =>
        again.save({ ...live({ terminalId: 'T09' }), desk: { ...desk, backupFolder: join(f.dir, 'none') } }),
      (e) => e instanceof AgentError && e.field === 'backupFolder',
    );
    assert.equal(f.restart().get().terminalId, 'T08', 'nothing of the refused document was saved');
    assert.deepEqual(f.restart().deskSettings.get(), desk);
  });

  test('live mode needs a gateway address first', (t) => {
    const settings = fixture(t).settings();
    assert.throws(
      () => settings.setMode('live'),
      (error: unknown) =>
        error instanceof AgentError && error.kind === 'validation' && error.field === 'gatewayUrl',
    );
    assert.equal(settings.get().mode, 'training');
  });

  test('token states in live mode: not set → set → rejected → set again → cleared', async (t) => {
    const f = fixture(t);
    let settings = f.settings();
    settings.save(live());
    settings.setMode('live');
    assert.deepEqual(await states(settings), { 1001: 'not_set', 1002: 'not_set' });

    await settings.setToken(1001, 'token-1001-aaaa');
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'not_set' });

    settings.markRejected(here(settings, 1001));
    assert.deepEqual(await states(settings), { 1001: 'rejected', 1002: 'not_set' });
    // A rejection is remembered: after a restart the flow still stops until a new token is entered.
    settings = f.restart();
    assert.deepEqual(await states(settings), { 1001: 'rejected', 1002: 'not_set' });

    await settings.setToken(1001, 'token-1001-bbbb');
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'not_set' });
    // The token came back from the keychain, not from memory or the database.
    settings = f.restart();
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'not_set' });
    assert.equal(await settings.token(1001), 'token-1001-bbbb');

    await settings.clearToken(1001);
    assert.deepEqual(await states(settings), { 1001: 'not_set', 1002: 'not_set' });
    assert.equal(await f.restart().token(1001), null);
  });

  test('a call that succeeds clears a rejection once', async (t) => {
    const settings = fixture(t).settings();
    settings.save(live());
    settings.setMode('live');
    await settings.setToken(1002, 'token-1002-aaaa');
    assert.equal(settings.markAccepted(here(settings, 1002)), false, 'nothing to clear');
    settings.markRejected(here(settings, 1002));
    assert.equal(settings.markAccepted(here(settings, 1002)), true);
    assert.equal(settings.markAccepted(here(settings, 1002)), false);
    assert.equal((await states(settings))[1002], 'set');
  });

  test('tokens belong to a profile: another gateway address starts with none', async (t) => {
    const settings = fixture(t).settings();
    settings.save(live());
    settings.setMode('live');
    await settings.setToken(1001, 'token-for-first-gw');
    settings.save(live({ gatewayUrl: 'https://other.example.com' }));
    assert.deepEqual(await states(settings), { 1001: 'not_set', 1002: 'not_set' });
    settings.save(live());
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'not_set' });
  });

  test('training mode needs no token, but a rejection still shows', async (t) => {
    const settings = fixture(t).settings();
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'set' });
    settings.markRejected(here(settings, 1002));
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'rejected' });
    settings.markAccepted(here(settings, 1002));
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'set' });
  });

  test('in training the live tokens still show: none without a URL, then what the keychain holds', async (t) => {
    const settings = fixture(t).settings();
    const liveStates = async () =>
      Object.fromEntries((await settings.liveTokenStates()).map((s) => [s.shopId, s.state]));
    assert.deepEqual(await liveStates(), { 1001: 'not_set', 1002: 'not_set' });
    settings.save(live());
    settings.setMode('live');
    await settings.setToken(1001, 'live-token-1001');
    settings.markRejected(here(settings, 1002));
    settings.setMode('training');
    // Training itself needs none: its own states read set, the live ones are as they stand.
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'set' });
    assert.deepEqual(await liveStates(), { 1001: 'set', 1002: 'rejected' });
  });

  test('a refused training token is forgotten on restart and on a mode switch, a live one is not', async (t) => {
    const f = fixture(t);
    let settings = f.settings();
    settings.markRejected(here(settings, 1002));
    settings = f.restart();
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'set' });
    settings.markRejected(here(settings, 1001));
    settings.save(live());
    settings.setMode('live');
    await settings.setToken(1002, 'live-token-1002');
    settings.markRejected(here(settings, 1002));
    settings.setMode('training');
    assert.deepEqual(await states(settings), { 1001: 'set', 1002: 'set' });
    settings.setMode('live');
    assert.equal((await states(settings))[1002], 'rejected');
    settings = f.restart();
    assert.equal((await states(settings))[1002], 'rejected');
  });

  test('the settings table holds no token', async (t) => {
    const f = fixture(t);
    const settings = f.settings();
    settings.save(live());
    settings.setMode('live');
    await settings.setToken(1001, 'token-never-in-sqlite');
    settings.markRejected(here(settings, 1001));
    const db = new DatabaseSync(join(f.dir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    const rows = JSON.stringify(db.prepare('SELECT * FROM settings').all());
    assert.ok(rows.includes(GATEWAY), 'the settings are there');
    assert.ok(!rows.includes('token-never-in-sqlite'));
  });
});

/** Every byte under `dir`, file by file. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

describe('the token goes only to the keychain', () => {
  test('not into SQLite, the log, any invoke result or event, even when the gateway echoes it', async (t) => {
    const TOKEN = `secret-${randomUUID()}`;
    const WRONG = `wrong-${randomUUID()}`;
    const gateway = await startSandbox({ port: 0, token: TOKEN });
    const training = await startSandbox({ port: 0, token: 'training-token' });
    t.after(() => Promise.all([gateway.close(), training.close()]));
    const dataDir = tempDir(t);
    const service = keychainService(t);
    const { core, probe } = await assembleCore({
      dataDir,
      keychainService: service,
      training,
      gateway: { timeoutMs: 3_000, retry: { limit: 0 } },
      lookups: { failureDelayMs: 20, failureMaxDelayMs: 50, statusDelayMs: 20, statusMaxDelayMs: 50 },
    });
    let closed = false;
    t.after(() => (closed ? undefined : core.close()));
    const seen: unknown[] = [];
    core.on((event, payload) => seen.push({ event, payload }));
    const call = async (channel: string, request: unknown) => {
      const result = await core.invoke(channel, request);
      seen.push(result);
      return result;
    };
    const value = <T>(result: Result<unknown>): T => {
      assert.ok(result.ok, JSON.stringify(result));
      return result.value as T;
    };
    const tokens = (result: Result<unknown>) => value<AppState>(result).tokens;

    // Live as a supervisor sets it up: the supervisor PIN, the desk's own terminal ID, a shift.
    const operatorId = await goLive(
      call,
      live({ gatewayUrl: gateway.url, shops: [{ id: 1001, name: 'Shop' }] }),
    );
    assert.deepEqual(tokens(await call('app.getState', {})), [{ shopId: 1001, state: 'not_set' }]);
    /** A token changes only between shifts, with the supervisor PIN given again. */
    const setToken = async (token: string) => {
      value(await call('shift.close', { counted: [] }));
      const result = await call('settings.setToken', { shopId: 1001, token, supervisorPin: SUPERVISOR_PIN });
      value(await call('shift.open', { operatorId, pin: OPERATOR_PIN, float: [] }));
      return result;
    };
    assert.deepEqual(tokens(await setToken(TOKEN)), [{ shopId: 1001, state: 'set' }]);

    // A whole checkout and the lookups around it.
    value(await call('checkout.listMethods', { shopId: 1001, operationType: 'payin' }));
    const opened = value<OperationView>(
      await call('checkout.openSession', {
        shopId: 1001,
        operationType: 'payin',
        paymentMethodId: CASH_KZT_IN,
        amount: '1500',
        payerId: 'P0000042',
      }),
    );
    const created = value<OperationView>(
      await call('checkout.createOperation', {
        localId: opened.localId,
        payerRequisites: [{ name: 'phone', value: '+77011234567' }],
      }),
    );
    gateway.capture(1001, created.operationNumber);
    value(await call('lookup.byNumber', { shopId: 1001, operationNumber: created.operationNumber }));
    value(await call('lookup.byNumber', { shopId: 1001, operationNumber: 'NOT-THERE-1' }));
    value(await call('history.search', {}));
    value(await call('history.get', { localId: created.localId }));

    // The gateway echoes the token in error bodies of every shape.
    gateway.inject('getOperation', {
      kind: 'respond',
      status: 500,
      body: { message: `bad ${TOKEN}`, [TOKEN]: TOKEN },
    });
    await call('lookup.byNumber', { shopId: 1001, operationNumber: created.operationNumber });
    const second = value<OperationView>(
      await call('checkout.openSession', {
        shopId: 1001,
        operationType: 'payin',
        paymentMethodId: CASH_KZT_IN,
        amount: '2500',
        payerId: 'P0000043',
      }),
    );
    gateway.inject('createOperation', { kind: 'respond', status: 502, body: `upstream said ${TOKEN}` });
    const unknown = await call('checkout.createOperation', {
      localId: second.localId,
      payerRequisites: [{ name: 'phone', value: '+77011234567' }],
    });
    assert.equal(!unknown.ok && unknown.error.kind, 'outcome_unknown');
    gateway.inject('openSession', {
      kind: 'mutate',
      mutate: () => ({ data: { sessionId: 1, echo: TOKEN } }),
    });
    await call('checkout.openSession', {
      shopId: 1001,
      operationType: 'payin',
      paymentMethodId: CASH_KZT_IN,
      amount: '3500',
      payerId: 'P0000044',
    });
    gateway.inject('listPaymentMethodTypes', {
      kind: 'respond',
      status: 401,
      body: { error: { message: TOKEN } },
    });
    await call('checkout.listMethods', { shopId: 1001, operationType: 'payout' });
    assert.deepEqual(tokens(await call('app.getState', {})), [{ shopId: 1001, state: 'rejected' }]);

    // A supervisor enters the token again, then a wrong one, which the gateway refuses.
    assert.deepEqual(tokens(await setToken(TOKEN)), [{ shopId: 1001, state: 'set' }]);
    value(await call('checkout.listMethods', { shopId: 1001, operationType: 'payout' }));
    value(await setToken(WRONG));
    const refused = await call('checkout.listMethods', { shopId: 1001, operationType: 'payin' });
    assert.equal(!refused.ok && refused.error.kind, 'unauthorized');
    assert.deepEqual(tokens(await call('app.getState', {})), [{ shopId: 1001, state: 'rejected' }]);
    await Promise.race([probe.idle(), new Promise((resolve) => setTimeout(resolve, 1_000))]);

    const leaks = (where: string) => {
      for (const { path, bytes } of filesUnder(dataDir)) {
        for (const secret of [TOKEN, WRONG]) {
          assert.equal(bytes.indexOf(secret), -1, `${where}: ${secret.slice(0, 6)}… found in ${path}`);
        }
      }
    };
    leaks('while open');
    for (const secret of [TOKEN, WRONG]) {
      assert.ok(!JSON.stringify(seen).includes(secret), 'no result or event carries a token');
    }
    await core.close();
    closed = true;
    leaks('after close');

    // The checks above looked at something: the log holds the failures, with the echo redacted.
    const log = readFileSync(join(dataDir, 'cashdesk.log'), 'utf8');
    assert.match(log, /gateway_error/);
    assert.match(log, /\[redacted\]/);
    assert.ok(statSync(join(dataDir, DATABASE_FILE)).size > 0);
    // And the token is where it belongs.
    assert.equal(
      await keytar.getPassword(service, profileAccount({ gatewayUrl: gateway.url, shopId: 1001 })),
      WRONG,
    );
  });
});

test('a gateway that echoes the token inside a valid reply still cannot get it stored', async (t) => {
  const TOKEN = `secret-${randomUUID()}`;
  const gateway = await startSandbox({ port: 0, token: TOKEN });
  t.after(() => gateway.close());
  const dataDir = tempDir(t);
  const core = await createCore({ dataDir, keychainService: keychainService(t), training: gateway });
  t.after(() => core.close());
  await goLive(core.invoke, live({ gatewayUrl: gateway.url, shops: [{ id: 1001, name: 'Shop' }] }), {
    tokens: [{ shopId: 1001, token: TOKEN }],
  });
  const opened = await core.invoke('checkout.openSession', {
    shopId: 1001,
    operationType: 'payin',
    paymentMethodId: CASH_KZT_IN,
    amount: '1500',
    payerId: 'P0000042',
  });
  assert.ok(opened.ok);
  // Status is free text in the spec, so a reply with the token as its status is schema-valid.
  gateway.inject('createOperation', {
    kind: 'mutate',
    mutate: (reply) => {
      const body = reply as { data: { operation: { status: string } } };
      body.data.operation.status = TOKEN;
      return body;
    },
  });
  const created = await core.invoke('checkout.createOperation', {
    localId: (opened.value as OperationView).localId,
    payerRequisites: [{ name: 'phone', value: '+77011234567' }],
  });
  assert.ok(!JSON.stringify(created).includes(TOKEN), 'not in the IPC result');
  for (const { path, bytes } of filesUnder(dataDir)) assert.equal(bytes.indexOf(TOKEN), -1, path);
});

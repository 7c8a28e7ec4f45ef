// Bad IPC input gets a clear error and changes nothing. fast-check throws random payloads and near
// misses of valid requests at every channel of a real core (SQLite file, keychain, sandbox over
// HTTP), and a snapshot of everything the core could touch must be the same afterwards.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import keytar from 'keytar';
import {
  CHANNEL_NAMES,
  type ChannelName,
  channels,
  LIMITS,
  type OperationView,
  type Result,
} from '../../common/contract.ts';
import { assembleCore, type Core } from '../../main/core.ts';
import { type Sandbox, startSandbox } from '../../main/sandbox/server.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';

const SHOP = 1001;
const CASH_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000101';
// Bounded for CI; CASHDESK_FC_RUNS=1000 for a deeper search.
const RUNS = Number(process.env.CASHDESK_FC_RUNS ?? 50);

let sandbox: Sandbox;
let core: Core;
let dataDir: string;
let service: string;
let reader: DatabaseSync;
const pushed: unknown[] = [];
let created: OperationView;
let open: OperationView;

/** Valid requests, one per channel: the near misses below are each one step away from these. */
let valid: Record<ChannelName, Record<string, unknown>>;

before(async () => {
  sandbox = await startSandbox({ port: 0, token: 'ipc-contract-token' });
  dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-ipc-'));
  service = `cashdesk-test-${randomUUID()}`;
  const assembled = await assembleCore({ dataDir, keychainService: service, training: sandbox });
  core = assembled.core;
  core.on((event, payload) => pushed.push({ event, payload }));

  // Something to protect: a captured operation, an open session, and saved settings.
  const call = async <T>(channel: ChannelName, request: unknown) => {
    const result = await core.invoke(channel, request);
    assert.ok(result.ok, JSON.stringify(result));
    return result.value as T;
  };
  await call('settings.save', {
    gatewayUrl: 'https://gateway.example.com',
    shops: [
      { id: SHOP, name: 'Training shop' },
      { id: 1002, name: 'Second shop' },
    ],
    terminalId: 'T01',
    language: 'en',
    kiosk: false,
  });
  const session = {
    shopId: SHOP,
    operationType: 'payin',
    paymentMethodId: CASH_KZT_IN,
    amount: '1500',
    payerId: 'P1',
  };
  await call('shift.openTraining', {});
  const first = await call<OperationView>('checkout.openSession', session);
  created = await call<OperationView>('checkout.createOperation', {
    localId: first.localId,
    payerRequisites: [{ name: 'phone', value: '+77011234567' }],
  });
  sandbox.capture(SHOP, created.operationNumber);
  await assembled.probe.idle();
  open = await call<OperationView>('checkout.openSession', { ...session, amount: '2500' });
  // Home's tray follows a change by up to 50 ms: the pushes settle before any snapshot is taken.
  for (let seen = -1; seen !== pushed.length; ) {
    seen = pushed.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  reader = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });

  const settings = {
    gatewayUrl: 'https://gateway.example.com',
    shops: [{ id: SHOP, name: 'Shop' }],
    terminalId: 'T01',
    language: 'en',
    kiosk: false,
  };
  valid = {
    'app.getState': {},
    'settings.save': settings,
    'settings.setMode': { mode: 'training' },
    'settings.setToken': { shopId: SHOP, token: 'a-valid-token-123' },
    'settings.clearToken': { shopId: SHOP },
    'checkout.listMethods': { shopId: SHOP, operationType: 'payin' },
    'checkout.openSession': session,
    'checkout.createOperation': {
      localId: open.localId,
      payerRequisites: [{ name: 'phone', value: '+77011234567' }],
    },
    'checkout.abandon': { localId: open.localId },
    'checkout.confirmTraining': { localId: created.localId },
    'checkout.recordCash': { localId: created.localId },
    'checkout.startAgain': { localId: created.localId },
    'custody.reverse': { localId: created.localId, reason: 'recorded by mistake', supervisorPin: '482615' },
    'history.openForPayer': { payerId: 'P1' },
    'shift.openTraining': {},
    'history.search': {
      text: 'T01',
      type: 'payin',
      status: 'captured',
      state: 'open_cash',
      from: '2020-01-01T00:00:00.000Z',
      to: '2100-01-01T00:00:00.000Z',
      training: true,
      before: { createdAt: '2100-01-01T00:00:00.000Z', localId: 99 },
      limit: 10,
    },
    'history.get': { localId: created.localId },
    'history.refresh': { localId: created.localId },
    'history.open': {},
    'history.unresolved': {},
    'lookup.byNumber': { shopId: SHOP, operationNumber: created.operationNumber },
    'lookup.follow': { localIds: [created.localId] },
    'receipts.print': { localId: created.localId, copy: 'payer' },
    'receipts.savePdf': { localId: created.localId, copy: 'payer' },
    'receipts.printers': {},
    'receipts.testPrint': {},
    'receipts.printReport': { kind: 'X' },
    'receipts.saveReportPdf': { kind: 'Z', shiftId: 1 },
    'files.suggestPath': { name: 'history.csv' },
    'app.setIdle': { home: true },
    'app.reportError': {
      message: 'TypeError: x is undefined',
      stack: 'at Screen (App.tsx:1)',
      where: 'CrashGuard',
    },
    'updates.install': {},
    'diagnostics.export': { path: join(dataDir, 'diagnostics.zip'), supervisorPin: '1234' },
    'history.exportCsv': { shiftId: 1 },
    'desk.state': {},
    'desk.lock': {},
    'desk.unlock': { pin: '4826', as: 'operator' },
    'desk.touch': {},
    'operators.list': {},
    'operators.add': { name: 'Aigerim', pin: '4826' },
    'operators.setPin': { operatorId: 1, pin: '4826' },
    'operators.unlock': { operatorId: 1 },
    'operators.remove': { operatorId: 1 },
    'supervisor.setPin': { pin: '73915286' },
    'supervisor.unlock': { pin: '73915286' },
    'supervisor.lock': {},
    'shift.current': {},
    'shift.open': { operatorId: 1, pin: '4826', float: [{ currency: 'KZT', total: '1000' }] },
    'shift.cashMovement': {
      kind: 'added',
      currency: 'KZT',
      amount: '100',
      reason: 'change',
      safeHolder: 'Saule',
      supervisorPin: '4826',
    },
    'shift.report': {},
    'shift.previewClose': { counted: [{ currency: 'KZT', denominations: [{ value: '1000', count: 2 }] }] },
    'shift.close': { counted: [{ currency: 'KZT', total: '2000' }], note: 'short', supervisorPin: '4826' },
    'shift.list': { before: 5, limit: 10 },
    'shift.zReport': { shiftId: 1 },
    'shift.reconcile': { shiftId: 1 },
    'drawer.previewHandover': { counted: [{ currency: 'KZT', total: '2000' }] },
    'drawer.handover': {
      counted: [{ currency: 'KZT', total: '2000' }],
      operatorId: 2,
      pin: '60418',
      note: 'short',
      supervisorPin: '73915286',
    },
    'drawer.printSlip': { movementId: 1 },
    'backup.now': {},
    'audit.list': {},
    'hq.status': {},
    'hq.enrol': { url: 'https://hq.example.com', code: 'ABCD-EFGH-JKLM-NPQR' },
    'supervisor.resetWithCode': { code: 'e30.AAAA' },
    'hq.release': { localId: 1, supervisorPin: '73915286' },
    'hq.claim': { localId: 1 },
  };
});

after(async () => {
  reader?.close();
  await core?.close();
  await sandbox?.close();
  for (const { account } of await keytar.findCredentials(service))
    await keytar.deletePassword(service, account);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything a handler could change: the database, the gateway's requests, pushed events. */
function snapshot() {
  const all = (sql: string) => JSON.stringify(reader.prepare(sql).all());
  return {
    operations: all('SELECT * FROM operations ORDER BY local_id'),
    events: all('SELECT * FROM operation_events ORDER BY id'),
    outbox: all('SELECT * FROM outbox ORDER BY shop_id, operation_number'),
    settings: all('SELECT * FROM settings ORDER BY key'),
    shifts: all('SELECT * FROM shifts ORDER BY id'),
    movements: all('SELECT * FROM cash_movements ORDER BY id'),
    counts: all('SELECT * FROM close_counts ORDER BY id'),
    handovers: all('SELECT * FROM drawer_handovers ORDER BY id'),
    safeHolders: all('SELECT * FROM cash_movement_holders ORDER BY movement_id'),
    custody: all('SELECT * FROM custody_records ORDER BY id'),
    zReports: all('SELECT * FROM z_reports ORDER BY id'),
    operators: all('SELECT * FROM operators ORDER BY id'),
    pins: all('SELECT * FROM pins ORDER BY subject'),
    gatewayRequests: sandbox.requests().length,
    pushed: pushed.length,
  };
}

/**
 * What each fast-check run checks, cheaply: SQLite's data_version moves with every commit another
 * connection (the core's) makes, so an unmoved one means no table changed, and the full snapshot is
 * compared once per property. A snapshot per run cost more than the calls themselves.
 */
function untouched() {
  const { data_version } = reader.prepare('PRAGMA data_version').get() as { data_version: number };
  return { data_version, gatewayRequests: sandbox.requests().length, pushed: pushed.length };
}

async function keychain() {
  return JSON.stringify(await keytar.findCredentials(service));
}

/**
 * Channels that only read, or (app.setIdle, updates.install with nothing downloaded) change nothing
 * persisted; the contract may accept an empty or random object for them.
 */
const READ_ONLY: ReadonlySet<ChannelName> = new Set([
  'app.getState',
  'history.search',
  'history.open',
  'history.openForPayer',
  'history.unresolved',
  'app.setIdle',
  // Writes a line to the support log, which the snapshot does not hold.
  'app.reportError',
  'updates.install',
  'desk.state',
  'desk.touch',
  'operators.list',
  'supervisor.lock',
  'shift.current',
  'shift.report',
  'shift.list',
  'audit.list',
  'hq.status',
  // No printer in this core: nothing is printed, and nothing is persisted either way.
  'receipts.printers',
  'receipts.testPrint',
  'receipts.printReport',
  // Answers a path in the data folder's exports/, which is outside what the snapshot holds.
  'files.suggestPath',
]);
/** Channels without input that act, but here have nothing to act on (no operator signed in, no backup folder). */
const REFUSED_HERE: ReadonlySet<ChannelName> = new Set([
  'desk.lock',
  'backup.now',
  'receipts.saveReportPdf',
  // The training shift is open already.
  'shift.openTraining',
]);

function assertInvalidInput(result: Result<unknown>, field?: string) {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result)}`);
  if (result.ok) return;
  assert.equal(result.error.kind, 'invalid_input');
  assert.equal(result.error.cash, 'none');
  assert.ok(result.error.message.length > 0);
  // Every issue names where it is: the field's path, or "request" for the payload itself.
  assert.match(result.error.message, /^[\w.]+: \S/);
  if (field !== undefined)
    assert.ok(result.error.message.includes(field), `"${result.error.message}" names ${field}`);
}

const ANYTHING = fc.anything({
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withObjectString: true,
  withUnicodeString: true,
});

describe('every channel refuses bad input and changes nothing', () => {
  for (const name of CHANNEL_NAMES) {
    test(`${name}: random payloads`, async () => {
      const before = snapshot();
      const unchanged = untouched();
      const keys = await keychain();
      await fc.assert(
        fc.asyncProperty(ANYTHING, async (payload) => {
          const accepted = channels[name].request.safeParse(payload).success;
          const result = await core.invoke(name, payload);
          if (accepted) {
            assert.ok(
              READ_ONLY.has(name) || REFUSED_HERE.has(name),
              `${name} accepted ${fc.stringify(payload)}`,
            );
            assert.equal(result.ok, READ_ONLY.has(name));
          } else {
            assertInvalidInput(result);
          }
          assert.deepEqual(untouched(), unchanged);
        }),
        { numRuns: RUNS },
      );
      assert.deepEqual(snapshot(), before);
      assert.equal(await keychain(), keys);
    });

    test(`${name}: a valid request with one field wrong, missing or added`, async () => {
      const base = valid[name];
      assert.ok(base, `add a valid ${name} request to the table at the top of this file`);
      assert.ok(channels[name].request.safeParse(base).success, 'the valid request is valid');
      const fields = Object.keys(base);
      const before = snapshot();
      const unchanged = untouched();
      const keys = await keychain();
      const nearMiss = fc.oneof(
        // One field replaced by anything at all, or removed.
        fields.length
          ? fc.tuple(fc.constantFrom(...fields), fc.option(ANYTHING, { nil: undefined, freq: 4 }))
          : fc.constant(['unexpected', 1] as const),
        // One field the channel does not have.
        fc.tuple(
          fc.string({ minLength: 1, maxLength: 12 }).filter((k) => /^\w+$/.test(k) && !fields.includes(k)),
          ANYTHING,
        ),
      );
      await fc.assert(
        fc.asyncProperty(nearMiss, async ([field, value]) => {
          const payload: Record<string, unknown> = { ...base };
          // An own property even for "__proto__", as JSON.parse and structured clone would make it.
          if (value === undefined) delete payload[field];
          else
            Object.defineProperty(payload, field, {
              value,
              enumerable: true,
              configurable: true,
              writable: true,
            });
          fc.pre(!channels[name].request.safeParse(payload).success);
          assertInvalidInput(await core.invoke(name, payload), field);
          assert.deepEqual(untouched(), unchanged);
        }),
        { numRuns: RUNS },
      );
      assert.deepEqual(snapshot(), before);
      assert.equal(await keychain(), keys);
    });
  }
});

describe('near misses the agent could actually produce are named', () => {
  const cases: [ChannelName, (base: Record<string, unknown>) => Record<string, unknown>, string][] = [
    ['settings.save', (b) => ({ ...b, gatewayUrl: 'http://gateway.example.com' }), 'gatewayUrl'],
    ['settings.save', (b) => ({ ...b, gatewayUrl: 'https://user:secret@gateway.example.com' }), 'gatewayUrl'],
    ['settings.save', (b) => ({ ...b, gatewayUrl: 'not a url' }), 'gatewayUrl'],
    ['settings.save', (b) => ({ ...b, mode: 'live' }), 'mode'],
    ['settings.save', (b) => ({ ...b, shops: [] }), 'shops'],
    ['settings.save', (b) => ({ ...b, shops: [{ id: 0, name: 'Zero' }] }), 'shops.0.id'],
    ['settings.save', (b) => ({ ...b, shops: [{ id: 1, name: '   ' }] }), 'shops.0.name'],
    ['settings.save', (b) => ({ ...b, terminalId: 't01' }), 'terminalId'],
    ['settings.save', (b) => ({ ...b, terminalId: 'T0123456789' }), 'terminalId'],
    ['settings.save', (b) => ({ ...b, language: 'de' }), 'language'],
    ['settings.save', (b) => ({ ...b, kiosk: 'yes' }), 'kiosk'],
    ['settings.setMode', () => ({ mode: 'LIVE' }), 'mode'],
    ['settings.setToken', (b) => ({ ...b, token: 'short' }), 'token'],
    ['settings.setToken', (b) => ({ ...b, token: '          ' }), 'token'],
    ['settings.setToken', (b) => ({ ...b, token: 'x'.repeat(4097) }), 'token'],
    ['settings.setToken', (b) => ({ ...b, shopId: '1001' }), 'shopId'],
    ['settings.setToken', (b) => ({ ...b, shopId: 1001.5 }), 'shopId'],
    ['settings.setToken', (b) => ({ ...b, shopId: 2 ** 31 }), 'shopId'],
    ['settings.clearToken', () => ({ shopId: -1 }), 'shopId'],
    ['checkout.listMethods', (b) => ({ ...b, operationType: 'PAYIN' }), 'operationType'],
    ['checkout.openSession', (b) => ({ ...b, amount: '1.5' }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, amount: '01' }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, amount: '1e3' }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, amount: '-5' }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, amount: '1,50' }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, amount: 1500 }), 'amount'],
    ['checkout.openSession', (b) => ({ ...b, payerId: '   ' }), 'payerId'],
    ['checkout.openSession', (b) => ({ ...b, payerId: 'p'.repeat(129) }), 'payerId'],
    ['checkout.openSession', (b) => ({ ...b, currency: 'KZT' }), 'currency'],
    ['checkout.createOperation', (b) => ({ ...b, localId: 0 }), 'localId'],
    ['checkout.createOperation', (b) => ({ ...b, localId: '1' }), 'localId'],
    [
      'checkout.createOperation',
      (b) => ({ ...b, payerRequisites: { phone: '+77011234567' } }),
      'payerRequisites',
    ],
    [
      'checkout.createOperation',
      (b) => ({ ...b, payerRequisites: [{ name: '', value: 'x' }] }),
      'payerRequisites.0.name',
    ],
    [
      'checkout.createOperation',
      (b) => ({ ...b, payerRequisites: [{ name: 'phone', value: '1', type: 'string' }] }),
      'type',
    ],
    [
      'checkout.createOperation',
      (b) => ({ ...b, payerRequisites: Array.from({ length: 33 }, () => ({ name: 'a', value: 'b' })) }),
      'payerRequisites',
    ],
    ['checkout.abandon', () => ({ localId: -3 }), 'localId'],
    ['checkout.confirmTraining', () => ({}), 'localId'],
    ['history.search', (b) => ({ ...b, limit: 0 }), 'limit'],
    ['history.search', (b) => ({ ...b, limit: 201 }), 'limit'],
    ['history.search', (b) => ({ ...b, from: 'yesterday' }), 'from'],
    ['history.search', (b) => ({ ...b, to: '2026-13-01T00:00:00Z' }), 'to'],
    ['history.search', (b) => ({ ...b, before: { createdAt: '2026-01-01T00:00:00Z' } }), 'before.localId'],
    ['history.search', (b) => ({ ...b, type: 'refund' }), 'type'],
    ['history.search', (b) => ({ ...b, text: 'x'.repeat(LIMITS.searchText + 1) }), 'text'],
    ['history.search', (b) => ({ ...b, training: 'yes' }), 'training'],
    ['history.get', () => ({ localId: 1.5 }), 'localId'],
    ['history.refresh', () => ({ localId: null }), 'localId'],
    ['lookup.byNumber', (b) => ({ ...b, operationNumber: '' }), 'operationNumber'],
    ['lookup.byNumber', (b) => ({ ...b, operationNumber: '   ' }), 'operationNumber'],
    ['lookup.byNumber', (b) => ({ ...b, operationNumber: 'T01 261122 0001' }), 'operationNumber'],
    ['lookup.byNumber', (b) => ({ ...b, operationNumber: '../../etc' }), 'operationNumber'],
    ['lookup.byNumber', (b) => ({ ...b, operationNumber: 'x'.repeat(65) }), 'operationNumber'],
    ['lookup.byNumber', () => ({ operationNumber: 'T01-261122-0001' }), 'shopId'],
    ['receipts.print', (b) => ({ ...b, copy: 'shop' }), 'copy'],
    ['receipts.print', (b) => ({ ...b, localId: 0 }), 'localId'],
    ['receipts.print', ({ copy: _copy, ...b }) => b, 'copy'],
    ['receipts.savePdf', (b) => ({ ...b, path: '/tmp/receipt.pdf' }), 'path'],
    // Main's save dialog says where: a path from the renderer is refused outright.
    ['history.exportCsv', (b) => ({ ...b, path: '/tmp/history.csv' }), 'path'],
    ['history.exportCsv', (b) => ({ ...b, path: '\\\\host\\share\\history.csv' }), 'path'],
    ['receipts.printers', () => ({ name: 'x' }), 'name'],
    ['settings.save', (b) => ({ ...b, printing: { paper: 'A5' } }), 'printing'],
    [
      'settings.save',
      (b) => ({
        ...b,
        printing: {
          printer: null,
          paper: 'A5',
          agentCopy: false,
          autoPrint: { pending: false, final: false },
        },
      }),
      'printing.paper',
    ],
    ['settings.save', (b) => ({ ...b, updateUrl: 'http://updates.example.com' }), 'updateUrl'],
    ['settings.save', (b) => ({ ...b, updateUrl: 'http://127.0.0.1:8080/updates' }), 'updateUrl'],
    ['settings.save', (b) => ({ ...b, updateUrl: 'https://user:pw@updates.example.com' }), 'updateUrl'],
    ['receipts.printReport', () => ({ kind: 'Z' }), 'shiftId'],
    ['receipts.printReport', () => ({ kind: 'Y' }), 'kind'],
    ['receipts.saveReportPdf', () => ({ kind: 'X', shiftId: 1 }), 'shiftId'],
    ['files.suggestPath', () => ({ name: '../escape.csv' }), 'name'],
    ['files.suggestPath', () => ({ name: 'report.exe' }), 'name'],
    ['app.setIdle', () => ({ home: 'yes' }), 'home'],
    ['app.reportError', (b) => ({ ...b, message: 'x'.repeat(2001) }), 'message'],
    ['app.reportError', (b) => ({ ...b, stack: 'x'.repeat(8001) }), 'stack'],
    ['app.reportError', (b) => ({ ...b, where: 'x'.repeat(201) }), 'where'],
    ['diagnostics.export', (b) => ({ ...b, path: 'diagnostics.zip' }), 'path'],
    ['diagnostics.export', (b) => ({ ...b, path: '/tmp/diagnostics.txt' }), 'path'],
    ['diagnostics.export', (b) => ({ ...b, supervisorPin: '123' }), 'supervisorPin'],
    ['diagnostics.export', (b) => ({ ...b, supervisorPin: '12a4' }), 'supervisorPin'],
    ['diagnostics.export', ({ supervisorPin: _pin, ...b }) => b, 'supervisorPin'],
  ];
  test('each names its field, and none changes anything', async () => {
    const before = snapshot();
    const keys = await keychain();
    for (const [name, mutate, field] of cases) {
      const payload = mutate(valid[name]);
      const result = await core.invoke(name, payload);
      assertInvalidInput(result, field);
    }
    assert.deepEqual(snapshot(), before);
    assert.equal(await keychain(), keys);
  });
});

describe('the channel table itself', () => {
  test('unknown channels are refused, including names inherited from Object', async () => {
    const before = snapshot();
    for (const name of [
      '',
      'app',
      'app.getstate',
      'APP.GETSTATE',
      'cashdesk:app.getState',
      'app.getState ',
      'settings.getToken',
      'vault.read',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'valueOf',
      'app.getState.extra',
    ]) {
      const result = await core.invoke(name, {});
      assert.equal(result.ok, false, name);
      if (!result.ok) {
        assert.equal(result.error.kind, 'invalid_input');
        assert.match(result.error.message, /Unknown channel/);
      }
    }
    // Not strings at all (main binds channels by name, so these only reach invoke from a harness).
    for (const name of [5, null, undefined, {}]) {
      const result = await core.invoke(name as unknown as string, {});
      assert.equal(result.ok, false);
    }
    assert.deepEqual(snapshot(), before);
  });

  test('invoke never throws, whatever the channel and payload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...CHANNEL_NAMES), fc.string()),
        ANYTHING,
        async (name, payload) => {
          const result = await core.invoke(name, payload);
          assert.equal(typeof result.ok, 'boolean');
        },
      ),
      { numRuns: 200 },
    );
  });

  test('invoke never throws, even for an object whose getters throw', async () => {
    const hostile = {
      get localId() {
        throw new Error('getter');
      },
    };
    const result = await core.invoke('history.get', hostile).catch((error: unknown) => ({ threw: error }));
    assert.ok('ok' in result, 'a Result, not a rejection');
  });
});

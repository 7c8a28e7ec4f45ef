// The data folder on macOS and Linux: the folder 0700 and its files 0600, for a new install and
// for an older one whose folder was 0755 and files 0644 (fixed when the core starts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { createCore } from '../../main/core.ts';
import { createStore } from '../../main/store/index.ts';
import { METHODS, SHOP } from '../support/core.ts';

const posix = process.platform !== 'win32';
const mode = (path: string) => statSync(path).mode & 0o777;

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A core of its own (its training gateway keeps its state in the data folder), after one session. */
async function dayAt(t: TestContext, dataDir: string): Promise<void> {
  const core = await createCore({ dataDir, keychainService: `cashdesk-test-${randomUUID()}` });
  let closed = false;
  t.after(() => (closed ? undefined : core.close()));
  await core.invoke('shift.openTraining', {});
  await core.invoke('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  const opened = await core.invoke('checkout.openSession', {
    shopId: SHOP,
    operationType: 'payin',
    paymentMethodId: METHODS.cashKztIn,
    amount: '5000',
    payerId: 'payer-1',
  });
  assert.ok(opened.ok, JSON.stringify(opened));
  core.log.warn('probe', {});
  // Checked while the core is open, so the -wal and -shm files exist.
  for (const name of ['cashdesk.sqlite', 'cashdesk.sqlite-wal', 'cashdesk.sqlite-shm', 'cashdesk.log']) {
    assert.equal(mode(join(dataDir, name)).toString(8), '600', name);
  }
  await core.close();
  closed = true;
}

test('a new data folder is 0700 and the database, its WAL, the log and the training state 0600', {
  skip: !posix && 'POSIX modes',
}, async (t) => {
  const dataDir = join(tempDir(t), 'data');
  await dayAt(t, dataDir);
  assert.equal(mode(dataDir).toString(8), '700');
  assert.ok(existsSync(join(dataDir, 'training-gateway.json')));
  for (const name of readdirSync(dataDir)) assert.equal(mode(join(dataDir, name)).toString(8), '600', name);
});

test('an older install is made private when the core starts', {
  skip: !posix && 'POSIX modes',
}, async (t) => {
  const dataDir = join(tempDir(t), 'data');
  await dayAt(t, dataDir);
  // As an older version left it.
  mkdirSync(join(dataDir, 'exports'));
  writeFileSync(join(dataDir, 'exports', 'history.csv'), 'local_id\r\n');
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'exports'), 0o755);
  for (const name of ['cashdesk.sqlite', 'cashdesk.log', 'training-gateway.json', 'exports/history.csv']) {
    chmodSync(join(dataDir, name), 0o644);
  }
  await dayAt(t, dataDir);
  assert.equal(mode(dataDir).toString(8), '700');
  assert.equal(mode(join(dataDir, 'exports')).toString(8), '700');
  assert.equal(mode(join(dataDir, 'exports', 'history.csv')).toString(8), '600');
  for (const name of readdirSync(dataDir).filter((n) => n !== 'exports')) {
    assert.equal(mode(join(dataDir, name)).toString(8), '600', name);
  }
});

test('a backup the app writes is 0600', { skip: !posix && 'POSIX modes' }, async (t) => {
  const dir = tempDir(t);
  const store = createStore(join(dir, 'data'));
  t.after(() => store.close());
  const copy = join(dir, 'backup.sqlite');
  await store.backup(copy);
  assert.equal(mode(copy).toString(8), '600');
});

// SQLite failing at run time reaches the agent as 'storage' with cash held and plain words, never as
// 'internal'; and a write-ahead that could not be written leaves nothing behind: no row, and no
// request to the gateway. The full disk is real: the core's own connection is capped with
// max_page_count (a per-connection limit, so it is set through the probe, not a second connection).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type TestContext, test } from 'node:test';
import type { AppError } from '../../common/contract.ts';
import { refusal, withEnglish } from '../../common/refusal.ts';
import { toAppError } from '../../main/app-error.ts';
import { STORAGE_REFUSALS } from '../../main/store/sqlite-error.ts';
import { METHODS, SHOP, startHarness } from '../support/core.ts';

test('a full disk during checkout.openSession: storage, cash held, nothing written, the gateway heard nothing', async (t) => {
  const h = await startHarness(t);
  await h.call('shift.openTraining', {});
  await h.call('checkout.listMethods', { shopId: SHOP, operationType: 'payin' });
  const [{ page_count: pages }] = h.probe.sql('PRAGMA page_count') as [{ page_count: number }];
  h.probe.sql(`PRAGMA max_page_count = ${pages}`);

  const sessionsBefore = h.sandbox.requests('openSession').length;
  const count = () => (h.probe.sql('SELECT COUNT(*) AS n FROM operations') as [{ n: number }])[0].n;
  const rowsBefore = count();
  let failure: AppError | null = null;
  let opened = 0;
  // Each session fills its pages a little more; the first that needs a page more than the cap fails.
  for (let attempt = 0; attempt < 200 && !failure; attempt++) {
    const result = await h.invoke('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: METHODS.cashKztIn,
      amount: '5000',
      payerId: `payer-${attempt}`,
    });
    if (result.ok) opened += 1;
    else failure = result.error;
  }
  assert.ok(failure, 'the cap was reached');
  assert.deepEqual(failure, { kind: 'storage', ...withEnglish(refusal('storage.full')), cash: 'hold' });
  h.probe.sql('PRAGMA max_page_count = 1073741823');
  // Either the write-ahead itself could not be written, and the gateway heard nothing of it; or the
  // session's answer could not be recorded after the gateway gave it, and the write-ahead stands,
  // still opening, for recovery to abandon (a session moves no money).
  const heard = h.sandbox.requests('openSession').length - sessionsBefore;
  const rows = count() - rowsBefore;
  if (heard === opened) assert.equal(rows, opened, 'no row for a write-ahead that failed');
  else {
    assert.equal(heard, opened + 1, 'the gateway heard at most the one whose answer was not recorded');
    assert.equal(rows, heard, 'its write-ahead stands');
    const [last] = h.probe.sql('SELECT phase FROM operations ORDER BY local_id DESC LIMIT 1') as [
      { phase: string },
    ];
    assert.equal(last.phase, 'opening');
  }
});

function scratch(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-sqlite-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'x.sqlite');
}

/** What a real node:sqlite failure becomes across IPC. */
function answer(work: () => void): AppError {
  try {
    work();
  } catch (error) {
    return toAppError(error);
  }
  assert.fail('no error');
}

const storage = (cause: keyof typeof STORAGE_REFUSALS) => ({
  kind: 'storage',
  ...withEnglish(refusal(STORAGE_REFUSALS[cause])),
  cash: 'hold',
});

test('read-only, busy and corrupt files each have their own plain answer, cash held', (t) => {
  const file = scratch(t);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = DELETE; CREATE TABLE t (x TEXT)');
  const fill = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 200; i++) fill.run('y'.repeat(500));
  db.close();

  const readOnly = new DatabaseSync(file, { readOnly: true });
  assert.deepEqual(
    answer(() => readOnly.exec("INSERT INTO t VALUES ('a')")),
    storage('read_only'),
  );
  readOnly.close();

  const holder = new DatabaseSync(file);
  const waiter = new DatabaseSync(file);
  waiter.exec('PRAGMA busy_timeout = 0');
  holder.exec('BEGIN IMMEDIATE');
  assert.deepEqual(
    answer(() => waiter.exec("INSERT INTO t VALUES ('a')")),
    storage('busy'),
  );
  holder.exec('ROLLBACK');
  holder.close();
  waiter.close();

  // A page of the table overwritten, as a failing disk would leave it.
  const bytes = readFileSync(file);
  bytes.fill(0x55, 4096 * 2, 4096 * 2 + 200);
  writeFileSync(file, bytes);
  const damaged = new DatabaseSync(file);
  t.after(() => damaged.close());
  assert.deepEqual(
    answer(() => damaged.prepare('SELECT count(*), max(x) FROM t').all()),
    storage('corrupt'),
  );
});

test('a constraint failure is not storage: it stays internal (a bug, not the disk)', (t) => {
  const db = new DatabaseSync(scratch(t));
  t.after(() => db.close());
  db.exec('CREATE TABLE t (x TEXT NOT NULL)');
  assert.equal(answer(() => db.exec('INSERT INTO t VALUES (NULL)')).kind, 'internal');
});

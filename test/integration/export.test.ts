// Export and backup on a real core: the history as CSV (RFC 4180, UTF-8 with a BOM, decimal
// amounts, times with their offset, custody and operator) for a shift or a date range; backups after
// each Z report and on demand, keeping this terminal's last N; and a backup restored into a fresh
// data folder that works on, its queued lookups resuming.
import assert from 'node:assert/strict';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type TestContext, test } from 'node:test';
import { assembleCore } from '../../main/core.ts';
import { BACKUP_EVERY_MS, CHECK_EVERY_MS } from '../../main/export/backup.ts';
import { csvField, localTime } from '../../main/export/csv.ts';
import type { Printer } from '../../main/receipts/printer.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { testClock } from '../support/clock.ts';
import { checkout, foreignOperation, SHOP, startHarness, until, withDesk } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';

function tempDir(t: TestContext, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The desk settings with backups to `folder`, keeping the last `kept`. */
const backupsTo = (folder: string, kept: number) => ({
  lockAfterMinutes: 5,
  varianceThresholds: [],
  backupFolder: folder,
  backupsKept: kept,
});

/** RFC 4180, read strictly: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else field += text[i++];
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      assert.notEqual(text[i], '\n', 'a bare LF ends no record');
      field += text[i++];
    }
  }
  assert.equal(field + record.join(''), '', 'the file ends with CRLF');
  return records;
}

/**
 * Main's save dialog as a test answers it: each export takes the next answer (null: cancelled),
 * and `then` runs just after the dialog closed, as if another program wrote meanwhile.
 */
function saveDialog() {
  const answers: { path: string | null; then?: () => void }[] = [];
  const asked: string[] = [];
  const dialog: Printer & { asked: string[]; answer(path: string | null, then?: () => void): void } = {
    asked,
    answer: (path, then) => answers.push({ path, then }),
    list: async () => [],
    print: async () => ({ printed: false, reason: 'failed', message: 'No printer in this test.' }),
    printToPdf: () => Promise.reject(new Error('No PDFs in this test.')),
    choosePdfPath: async () => null,
    async chooseCsvPath(suggestedName) {
      asked.push(suggestedName);
      const next = answers.shift();
      if (!next) throw new Error('the test gave the dialog no answer');
      if (next.then) setImmediate(next.then);
      return next.path;
    },
  };
  return dialog;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

describe('CSV', () => {
  test('fields and times', () => {
    assert.equal(localTime('2026-11-22T22:30:00.000Z', 300), '2026-11-23T03:30:00.000+05:00');
    assert.equal(localTime('2026-11-22T02:30:00.000Z', -210), '2026-11-21T23:00:00.000-03:30');
    assert.match(localTime('2026-11-22T02:30:00+00:00')!, ISO_WITH_OFFSET);
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\r\nlines'), '"two\r\nlines"');
    assert.equal(csvField('=SUM(A1)', true), "'=SUM(A1)");
    assert.equal(csvField('-5', true), "'-5");
    assert.equal(csvField('1500.50'), '1500.50');
    assert.equal(csvField(null), '');
  });

  test('a shift or a date range, one row per operation with custody, operator and origin', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const dir = tempDir(t, 'cashdesk-csv-');
    const first = await checkout(h, { type: 'payin', amount: '1500', payerId: 'Smith, "J"' });
    await h.call('checkout.recordCash', { localId: first.localId });
    const second = await checkout(h, { type: 'payin', amount: '2000', payerId: '=HYPERLINK("x")' });
    // Another desk's operation, found here by lookup: listed, and marked as not this desk's money.
    await foreignOperation(h.sandbox, 'T42-261122-0007');
    await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'T42-261122-0007' });

    const path = join(dir, 'shift.csv');
    dialog.answer(path);
    assert.deepEqual(await h.call('history.exportCsv', { shiftId: first.shiftId! }), { path, rows: 2 });
    assert.deepEqual(dialog.asked, [`history-shift-${first.shiftId}.csv`]);
    const text = readFileSync(path, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'a byte-order mark');
    const [header, ...rows] = parseCsv(text.slice(1));
    const column = (row: string[], name: string) => row[header!.indexOf(name)];
    assert.equal(rows.length, 2);
    for (const name of [
      'operation_number',
      'origin',
      'amount',
      'currency',
      'operator',
      'custody',
      'custody_operator',
      'created_at',
    ]) {
      assert.ok(header!.includes(name), name);
    }
    const byNumber = new Map(rows.map((row) => [column(row, 'operation_number'), row]));
    const one = byNumber.get(first.operationNumber)!;
    assert.equal(column(one, 'origin'), 'this desk');
    assert.equal(column(one, 'payer_id'), 'Smith, "J"');
    assert.equal(column(one, 'amount'), '1500');
    assert.equal(column(one, 'operator'), 'Training');
    assert.equal(column(one, 'custody'), 'received');
    assert.equal(column(one, 'custody_operator'), 'Training');
    assert.match(column(one, 'created_at')!, ISO_WITH_OFFSET);
    assert.match(column(one, 'custody_at')!, ISO_WITH_OFFSET);
    assert.equal(Date.parse(column(one, 'created_at')!), Date.parse(first.createdAt));
    const two = byNumber.get(second.operationNumber)!;
    assert.equal(column(two, 'payer_id'), '\'=HYPERLINK("x")', 'never read as a formula');
    assert.equal(column(two, 'custody'), '');

    const day = 86_400_000;
    const range = {
      from: new Date(Date.now() - day).toISOString(),
      to: new Date(Date.now() + day).toISOString(),
    };
    dialog.answer(join(dir, 'range.csv'));
    assert.equal((await h.call('history.exportCsv', range)).rows, 3);
    const [rangeHeader, ...rangeRows] = parseCsv(readFileSync(join(dir, 'range.csv'), 'utf8').slice(1));
    const origins = rangeRows.map((row) => row[rangeHeader!.indexOf('origin')]).sort();
    assert.deepEqual(origins, ['found by lookup', 'this desk', 'this desk']);
    const empty = join(dir, 'empty.csv');
    dialog.answer(empty);
    assert.equal((await h.call('history.exportCsv', { from: range.to, to: range.to })).rows, 0);
    assert.equal(parseCsv(readFileSync(empty, 'utf8').slice(1)).length, 1, 'the header alone');
    // The dialog cancelled: nothing written, nothing said.
    dialog.answer(null);
    assert.deepEqual(await h.call('history.exportCsv', { shiftId: first.shiftId! }), { path: null, rows: 0 });

    for (const request of [
      { path: join(dir, 'renderer.csv'), shiftId: 1 },
      { path: '../../escape.csv', shiftId: 1 },
      {},
      { shiftId: 1, ...range },
    ]) {
      const result = await h.invoke('history.exportCsv', request);
      assert.equal(!result.ok && result.error.kind, 'invalid_input', JSON.stringify(request));
    }
    assert.deepEqual(
      readdirSync(dir).sort(),
      ['empty.csv', 'range.csv', 'shift.csv'],
      'no partial file is left',
    );
  });

  test('the file shows the answer: a payin given back says so, a mismatch names its figures and holds', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const dir = tempDir(t, 'cashdesk-csv-');
    const given = await checkout(h, { type: 'payin', amount: '3000' });
    await h.call('checkout.recordCash', { localId: given.localId });
    h.sandbox.setStatus(SHOP, given.operationNumber, 'cancelled');
    await h.call('history.refresh', { localId: given.localId });
    await h.waitFor('operation.changed', (v) => v.localId === given.localId && v.cash === 'return');
    await h.call('checkout.recordCash', { localId: given.localId, action: 'returned' });

    const mismatched = await checkout(h, { type: 'payin', amount: '5000' });
    h.sandbox.inject(
      'getOperation',
      {
        kind: 'mutate',
        mutate: (reply) => {
          const operation = (reply as { data?: { operation?: Record<string, unknown> } }).data?.operation;
          if (operation?.operationNumber === mismatched.operationNumber) operation.amount = '5500';
          return reply;
        },
      },
      Number.POSITIVE_INFINITY,
    );
    await h.call('history.refresh', { localId: mismatched.localId });
    const held = await h.waitFor(
      'operation.changed',
      (v) => v.localId === mismatched.localId && v.meaning.open === 'mismatch',
    );

    const path = join(dir, 'answer.csv');
    dialog.answer(path);
    await h.call('history.exportCsv', { shiftId: given.shiftId! });
    const [header, ...rows] = parseCsv(readFileSync(path, 'utf8').slice(1));
    const row = (number: string) => {
      const found = rows.find((r) => r[header!.indexOf('operation_number')] === number)!;
      return (name: string) => found[header!.indexOf(name)];
    };
    const back = row(given.operationNumber);
    assert.deepEqual(
      [back('status'), back('custody'), back('cash'), back('open_reason')],
      ['cancelled', 'returned', 'none', ''],
    );
    assert.match(back('returned_at')!, ISO_WITH_OFFSET);
    const odd = row(mismatched.operationNumber);
    assert.deepEqual(
      [odd('mismatch'), odd('cash'), odd('open_reason'), odd('money')],
      [`amount: entered 5000, gateway 5500`, held.cash, 'mismatch', 'training'],
    );
  });

  test('no UNC path, no traversal, and the same words whether a folder exists or not', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const dir = tempDir(t, 'cashdesk-csv-');
    const { shiftId } = await checkout(h);
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    mkdirSync(join(dir, 'folder.csv'));
    for (const path of [
      '\\\\host\\share\\x.csv',
      '//host/share/x.csv',
      '\\\\?\\C:\\x.csv',
      `${dir}/inner/../x.csv`,
      join(dir, 'no-such-folder', 'x.csv'),
      join(dir, 'a-file', 'x.csv'),
      join(dir, 'folder.csv'),
      join(dir, 'x.txt'),
    ]) {
      dialog.answer(path);
      const result = await h.invoke('history.exportCsv', { shiftId: shiftId! });
      assert.ok(!result.ok, path);
      assert.equal(result.error.field, 'path', path);
      assert.equal(result.error.key, 'export.notThere', path);
    }
    assert.deepEqual(readdirSync(dir).sort(), ['a-file', 'folder.csv'], 'nothing was written');
  });

  test('a file the dialog confirmed is replaced; one that appeared meanwhile is left alone', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const dir = tempDir(t, 'cashdesk-csv-');
    const { shiftId } = await checkout(h);
    const confirmed = join(dir, 'confirmed.csv');
    writeFileSync(confirmed, 'last week');
    dialog.answer(confirmed);
    assert.equal((await h.call('history.exportCsv', { shiftId: shiftId! })).rows, 1);
    assert.match(readFileSync(confirmed, 'utf8'), /operation_number/);

    const appeared = join(dir, 'appeared.csv');
    dialog.answer(appeared, () => writeFileSync(appeared, 'somebody else'));
    const refused = await h.invoke('history.exportCsv', { shiftId: shiftId! });
    assert.equal(!refused.ok && refused.error.kind, 'conflict');
    assert.equal(readFileSync(appeared, 'utf8'), 'somebody else');
    assert.deepEqual(readdirSync(dir).sort(), ['appeared.csv', 'confirmed.csv'], 'no partial file is left');
  });

  test('two exports at once: each file holds its own rows', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const dir = tempDir(t, 'cashdesk-csv-');
    const { shiftId } = await checkout(h);
    await checkout(h);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (let round = 0; round < 5; round++) {
      const full = join(dir, `full-${round}.csv`);
      const none = join(dir, `none-${round}.csv`);
      dialog.answer(full);
      dialog.answer(none);
      const [a, b] = await Promise.all([
        h.call('history.exportCsv', { shiftId: shiftId! }),
        h.call('history.exportCsv', { from: future, to: future }),
      ]);
      assert.deepEqual(
        [a, b],
        [
          { path: full, rows: 2 },
          { path: none, rows: 0 },
        ],
      );
      assert.equal(parseCsv(readFileSync(full, 'utf8').slice(1)).length, 3);
      assert.equal(parseCsv(readFileSync(none, 'utf8').slice(1)).length, 1);
    }
  });

  test('the supervisor’s act: refused while the supervisor is locked', async (t) => {
    const dialog = saveDialog();
    const h = await startHarness(t, { printer: dialog });
    const { shiftId } = await checkout(h);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    await h.call('supervisor.lock', {});
    const refused = await h.invoke('history.exportCsv', { shiftId: shiftId! });
    assert.equal(!refused.ok && refused.error.kind, 'locked');
    assert.deepEqual(dialog.asked, [], 'no dialog opened');
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    dialog.answer(join(tempDir(t, 'cashdesk-csv-'), 'x.csv'));
    assert.equal((await h.call('history.exportCsv', { shiftId: shiftId! })).rows, 1);
  });
});

describe('backups', () => {
  test('after each Z report and on demand, keeping this terminal’s last N', async (t) => {
    const h = await startHarness(t);
    const folder = tempDir(t, 'cashdesk-backups-');
    const foreign = 'cashdesk-T99-20260101T000000000Z.sqlite';
    writeFileSync(join(folder, foreign), 'another desk');
    const refused = await h.invoke('settings.save', await withDesk(h, backupsTo(join(folder, 'missing'), 2)));
    assert.equal(!refused.ok && refused.error.field, 'backupFolder');
    await h.call('settings.save', await withDesk(h, backupsTo(folder, 2)));
    const ours = () =>
      readdirSync(folder)
        .filter((f) => f !== foreign)
        .sort();
    for (let i = 0; i < 3; i++) {
      const state = await h.call('backup.now', {});
      assert.equal(state.lastError, null);
      assert.ok(state.lastFile?.startsWith(folder));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(ours().length, 2);
    assert.ok(readdirSync(folder).includes(foreign), 'another terminal’s copies are not ours to prune');

    const last = (await h.call('desk.state', {})).backup.lastAt!;
    await checkout(h, { type: 'payin', amount: '1500' });
    await h.call('shift.close', { counted: [{ currency: 'KZT', total: '0' }] });
    await h.waitFor('desk.changed', (s) => s.backup.lastAt !== null && s.backup.lastAt > last);
    assert.equal(ours().length, 2);
  });

  test('the daily copy is made by the clock: checked each hour, made once the last is a day old', async (t) => {
    const clock = testClock({ flowing: true });
    const h = await startHarness(t, { clock });
    // The check at start has found no folder yet (it runs just after the core is up).
    await new Promise(setImmediate);
    const folder = tempDir(t, 'cashdesk-backups-');
    await h.call('settings.save', await withDesk(h, backupsTo(folder, 5)));
    const first = await h.call('backup.now', {});
    clock.advance(CHECK_EVERY_MS);
    // The hour's check ran and found the copy an hour old: nothing more is made.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(readdirSync(folder).length, 1);
    clock.advance(BACKUP_EVERY_MS - CHECK_EVERY_MS);
    // The copy's file lands before its state is kept: wait for the state, then look at both.
    await until(
      async () => (await h.call('desk.state', {})).backup.lastAt !== first.lastAt,
      'the daily copy',
    );
    assert.equal(readdirSync(folder).length, 2);
    const state = (await h.call('desk.state', {})).backup;
    assert.ok(Date.parse(state.lastAt!) - Date.parse(first.lastAt!) >= BACKUP_EVERY_MS, 'dated by the clock');
  });

  test('a backup asked for while another is under way is a fresh copy made after it, not the older one', async (t) => {
    // A clock that stands still: both copies are made in the same millisecond, and keep apart.
    const h = await startHarness(t, { clock: testClock() });
    const folder = tempDir(t, 'cashdesk-backups-');
    await h.call('settings.save', await withDesk(h, backupsTo(folder, 5)));
    // The first is the Z report's copy in real life: begun before the operation asked about existed.
    const first = h.call('backup.now', {});
    const asked = h.call('backup.now', {});
    const alsoAsked = h.call('backup.now', {});
    const [a, b, c] = await Promise.all([first, asked, alsoAsked]);
    assert.notEqual(
      b.lastFile,
      a.lastFile,
      'the later request must not be answered with the copy begun before it',
    );
    assert.ok(b.lastAt! >= a.lastAt!);
    assert.equal(c.lastFile, b.lastFile, 'requests that arrive while one waits share the copy that follows');
    assert.deepEqual(
      readdirSync(folder).sort(),
      [a.lastFile, b.lastFile].map((f) => f!.slice(folder.length + 1)).sort(),
    );
  });

  test('a backup restored into a fresh data folder works on, and its queued lookups resume', async (t) => {
    const h = await startHarness(t);
    const folder = tempDir(t, 'cashdesk-backups-');
    await h.call('settings.save', await withDesk(h, backupsTo(folder, 3)));
    const received = await checkout(h, { type: 'payin', amount: '2500' });
    await h.call('checkout.recordCash', { localId: received.localId });
    h.sandbox.capture(SHOP, received.operationNumber);
    await h.waitFor('operation.changed', (v) => v.localId === received.localId && v.status === 'captured');
    const closed = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '2500' }] });
    const waiting = await checkout(h, { type: 'payout', amount: '5000' });
    await h.sandbox.goOffline();
    await h.call('history.refresh', { localId: waiting.localId });
    const { lastFile } = await h.call('backup.now', {});

    // The disk died: the backup goes into a fresh data folder, as the supervisor's guide says.
    const restored = tempDir(t, 'cashdesk-restored-');
    copyFileSync(lastFile!, join(restored, DATABASE_FILE));
    const { core, probe } = await assembleCore({ ...h.coreOptions, dataDir: restored });
    t.after(() => core.close());
    const call = async (channel: Parameters<typeof core.invoke>[0], request: unknown) => {
      const result = await core.invoke(channel, request);
      assert.ok(result.ok, JSON.stringify(result));
      return result.value as never;
    };
    const z = await call('shift.zReport', { shiftId: closed.shift.id });
    assert.deepEqual(z, closed);
    const { operation } = await call('history.get', { localId: received.localId });
    assert.deepEqual(
      (operation as { custody: unknown }).custody,
      (await h.call('history.get', { localId: received.localId })).operation.custody,
    );

    await h.sandbox.goOnline();
    h.sandbox.capture(SHOP, waiting.operationNumber);
    await until(async () => {
      const { operation: payout } = await call('history.get', { localId: waiting.localId });
      return (payout as { status: string }).status === 'captured';
    }, 'the restored queue to settle the payout');
    await probe.idle();
    // It works on: the shift that was open is open, and new operations get new numbers.
    const next = await call('checkout.openSession', {
      shopId: SHOP,
      operationType: 'payin',
      paymentMethodId: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
      amount: '1500',
      payerId: 'after-restore',
    });
    assert.notEqual((next as { operationNumber: string }).operationNumber, waiting.operationNumber);
    assert.equal((next as { shiftId: number }).shiftId, waiting.shiftId);
  });
});

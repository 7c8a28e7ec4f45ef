// Re-enrolment against a real HQ on a real PostgreSQL, with a real desk core: a desk restored from
// a day-old backup first hears that its journal no longer matches what HQ holds (HQ overwrites
// nothing), then, enrolled again, goes on in a new stream of its terminal; HQ links the new stream
// to the old one and names the entries of the lost day, which staff of the branch can read and an
// admin resolves with a note kept in HQ's audit log. A desk enrolled again without losing anything
// keeps its stream, with no alarm.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LostEntriesReply } from '../../common/hq-api/staff-alarms.ts';
import type { Alarm } from '../../common/hq-api/staff-views.ts';
import { GENESIS_HASH, type UnhashedEntry } from '../../common/journal-entry.ts';
import { firstBreak, sealEntry } from '../../common-node/journal-hash.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { testClock } from '../support/clock.ts';
import { checkout, type Harness, until } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { enrolmentCodeFor, json, SimDesk, signIn, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

const DAY = 86_400_000;

/** The desk's SQLite files (the database, its write-ahead log) copied from `from` to `to`. */
function copyDatabase(from: string, to: string) {
  for (const name of readdirSync(to)) if (name.startsWith(DATABASE_FILE)) rmSync(join(to, name));
  for (const name of readdirSync(from))
    if (name.startsWith(DATABASE_FILE)) copyFileSync(join(from, name), join(to, name));
}

async function cashPayin(h: Harness, amount: string) {
  const payin = await checkout(h, { type: 'payin', amount });
  await h.call('checkout.recordCash', { localId: payin.localId });
  return payin.operationNumber;
}

async function desk(hq: TestHq, terminalId: string) {
  const row = await hq.db.query<{ high_water: string; epoch: number; alarms: number }>(
    'SELECT high_water::text AS high_water, epoch, alarms FROM hq_desks WHERE terminal_id = $1',
    [terminalId],
  );
  return { ...row.rows[0]!, highWater: Number(row.rows[0]!.high_water) };
}

async function hashes(hq: TestHq, terminalId: string) {
  const rows = await hq.db.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM hq_entries e WHERE terminal_id = $1 ORDER BY e.seq',
    [terminalId],
  );
  return new Map(rows.rows.map((r) => [Number(r.seq), r.hash]));
}

const alarmsOf = async (hq: TestHq, terminalId: string) =>
  (await json<{ alarms: Alarm[] }>(hq.admin.get('/api/alarms'))).alarms.filter(
    (a) => a.terminalId === terminalId,
  );

describe('re-enrolment', () => {
  test('a desk enrolled again having lost nothing keeps its stream; restored from a day-old backup, it goes on in a new stream and HQ names what the lost day held', async (t) => {
    const hq = await startTestHq(t, pg);
    const clock = testClock({ flowing: true });
    const { h } = await enrolledDesk(t, hq, 'T31', { clock, day: { idleLockMs: 3 * DAY } });

    // Day 1, with an enrolment again halfway that loses nothing: the same stream, and no alarm.
    await cashPayin(h, '1000');
    await uploaded(h);
    const { code: again } = await enrolmentCodeFor(hq, 'T31');
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    await h.call('hq.enrol', { url: hq.url, code: again });
    await cashPayin(h, '1200');
    await uploaded(h);
    assert.equal((await desk(hq, 'T31')).epoch, 1);
    assert.deepEqual(await alarmsOf(hq, 'T31'), []);
    const gapFree = journal(h);
    assert.deepEqual(
      gapFree.map((e) => e.seq),
      gapFree.map((_, i) => i + 1),
    );
    assert.deepEqual(
      [...(await hashes(hq, 'T31')).values()],
      gapFree.map((e) => e.hash),
    );

    // The night's backup of the desk's database.
    const backup = mkdtempSync(join(tmpdir(), 'cashdesk-backup-'));
    t.after(() => rmSync(backup, { recursive: true, force: true }));
    await h.restart({ before: () => copyDatabase(h.dataDir, backup) });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    const dayOne = (await desk(hq, 'T31')).highWater;
    assert.ok(existsSync(join(backup, DATABASE_FILE)));

    // Day 2, all of it at HQ.
    clock.advance(DAY);
    const lostPayin = await cashPayin(h, '2500');
    await uploaded(h);
    const dayTwo = (await desk(hq, 'T31')).highWater;
    assert.ok(dayTwo > dayOne);
    const before = await hashes(hq, 'T31');

    // The disk fails; the desk comes back from the day-1 copy and works on, the next day.
    await h.restart({ before: () => copyDatabase(backup, h.dataDir) });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    clock.advance(DAY);
    const afterRestore = await cashPayin(h, '4000');
    // Its journal now differs from HQ's at the first entry it lost: HQ refuses it, stores nothing
    // over its own entries, and raises an alarm; the desk stops and says so.
    await h.probe.headOfficeIdle();
    await until(async () => (await h.call('hq.status', {})).alarm === 'refused', 'the desk to stop');
    assert.deepEqual(await hashes(hq, 'T31'), before, 'HQ overwrote nothing');
    assert.deepEqual(
      (await alarmsOf(hq, 'T31')).map((a) => [a.kind, a.seq]),
      [['conflict', String(dayOne + 1)]],
    );

    // Enrolled again with a new code: a new stream after HQ's high-water, chained to day 1's last entry.
    const { code } = await enrolmentCodeFor(hq, 'T31');
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    const status = await h.call('hq.enrol', { url: hq.url, code });
    assert.equal(status.alarm, null);
    await cashPayin(h, '800');
    await uploaded(h);
    const now = await desk(hq, 'T31');
    assert.equal(now.epoch, 2);
    const epochs = await hq.db.query(
      'SELECT epoch, continues_after::int AS continues_after, start_seq::int AS start_seq FROM hq_desk_epochs WHERE terminal_id = $1',
      ['T31'],
    );
    assert.deepEqual(epochs.rows, [{ epoch: 2, continues_after: dayOne, start_seq: dayTwo + 1 }]);
    const held = await hashes(hq, 'T31');
    for (const [seq, hash] of before) assert.equal(held.get(seq), hash, `entry ${seq} kept`);
    // The desk's journal skips the seqs it lost and stays chained across them; HQ holds all of it.
    const entries = journal(h);
    assert.deepEqual(
      entries.filter((e) => e.seq > dayOne).map((e) => e.seq),
      entries.filter((e) => e.seq > dayOne).map((_, i) => dayTwo + 1 + i),
    );
    assert.equal(firstBreak(entries), null);
    for (const e of entries) assert.equal(held.get(e.seq), e.hash, `HQ holds the desk's entry ${e.seq}`);
    assert.ok(
      entries.some((e) => 'operationNumber' in e.body && e.body.operationNumber === afterRestore),
      "the restored desk's own work reached HQ",
    );

    // The dashboard's API names the lost day's entries, for the branch's supervisor too.
    const lost = (await alarmsOf(hq, 'T31')).find((a) => a.kind === 'lost_entries');
    assert.ok(lost);
    assert.equal(lost.seq, String(dayOne + 1));
    assert.deepEqual(lost.detail, { epoch: 2, previousEpoch: 1, from: dayOne + 1, to: dayTwo });
    assert.equal(lost.resolved, null);
    const branches = await json<{ branches: { id: number; name: string }[] }>(
      hq.admin.get('/api/admin/branches'),
    );
    const central = branches.branches.find((b) => b.name === 'Central')!.id;
    const made = await json<{ username: string; password: string }>(
      hq.admin.post('/api/admin/users', { username: 'central.sv', role: 'supervisor', branchId: central }),
    );
    const supervisor = await signIn(hq.url, made.username, made.password);
    const read = await json<LostEntriesReply>(supervisor.get(`/api/alarms/${lost.id}/entries`));
    assert.equal(read.terminalId, 'T31');
    assert.deepEqual(
      read.entries.map((e) => Number(e.seq)),
      [...before.keys()].filter((seq) => seq > dayOne),
    );
    const created = read.entries.find((e) => e.kind === 'operation_created');
    assert.equal(created?.operationNumber, lostPayin);
    assert.equal(created?.currency, 'KZT');
    assert.match(created?.amount ?? '', /^2500(\.00)?$/);
    const other = await json<{ id: number }>(hq.admin.post('/api/admin/branches', { name: 'North' }));
    const north = await json<{ username: string; password: string }>(
      hq.admin.post('/api/admin/users', { username: 'north.sv', role: 'supervisor', branchId: other.id }),
    );
    const outsider = await signIn(hq.url, north.username, north.password);
    assert.equal((await outsider.get(`/api/alarms/${lost.id}/entries`)).status, 403);

    // Only an admin resolves it, only with a note, and only once; the note is in HQ's audit log.
    assert.equal((await supervisor.post(`/api/admin/alarms/${lost.id}/resolve`, { note: 'x' })).status, 403);
    assert.equal((await hq.admin.post(`/api/admin/alarms/${lost.id}/resolve`, { note: '  ' })).status, 400);
    const note = 'Day 2 re-entered from the paper receipts; cash counted and matched.';
    assert.equal((await hq.admin.post(`/api/admin/alarms/${lost.id}/resolve`, { note })).status, 200);
    assert.equal((await hq.admin.post(`/api/admin/alarms/${lost.id}/resolve`, { note })).status, 409);
    const resolved = (await alarmsOf(hq, 'T31')).find((a) => a.id === lost.id)!;
    assert.equal(resolved.resolved?.note, note);
    const admin = await hq.db.query<{ username: string }>(
      "SELECT username FROM hq_users WHERE role = 'admin'",
    );
    assert.equal(resolved.resolved?.by, admin.rows[0]!.username);
    const logged = await hq.db.query<{ detail: { alarm: string; note: string }; terminal_id: string }>(
      "SELECT detail, terminal_id FROM hq_audit_log WHERE action = 'alarm_resolved'",
    );
    assert.deepEqual(logged.rows, [
      { detail: { alarm: lost.id, kind: 'lost_entries', note }, terminal_id: 'T31' },
    ]);
  });

  test('a replaced desk starts a new stream after everything HQ holds; enrolled again before sending, it keeps that one', async (t) => {
    const hq = await startTestHq(t, pg);
    const old = await SimDesk.enrol(hq, 'T33');
    old.day('D1');
    const held = await old.sync();
    const enrol = async (journal?: { seq: number; hash: string }[]) => {
      const { code } = await enrolmentCodeFor(hq, 'T33');
      const fresh = new SimDesk(hq.url, 'T33');
      const response = await fetch(`${hq.url}/api/desk/enrol`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, terminalId: 'T33', deskPublicKey: fresh.keys.publicKeyPem, journal }),
      });
      const body = (await response.json()) as {
        deskToken: string;
        highWater: number;
        continuesAfter: number;
        epoch: number;
      };
      fresh.token = body.deskToken;
      return { fresh, body };
    };
    // A desk too old to say where its journal stands keeps the stream as it is.
    assert.deepEqual((await enrol()).body.epoch, 1);
    // A new computer with an empty journal: HQ holds all of the old stream, the new one starts after it.
    const { body } = await enrol([]);
    assert.deepEqual([body.highWater, body.continuesAfter, body.epoch], [held, 0, 2]);
    const again = await enrol([]);
    assert.deepEqual([again.body.highWater, again.body.continuesAfter, again.body.epoch], [held, 0, 2]);
    const lost = (await alarmsOf(hq, 'T33')).filter((a) => a.kind === 'lost_entries');
    assert.deepEqual(
      lost.map((a) => a.detail),
      [{ epoch: 2, previousEpoch: 1, from: 1, to: held }],
    );
    // Its first entry goes on at HQ's high-water + 1, chained to nothing before it.
    const first = sealEntry({
      terminalId: 'T33',
      seq: held + 1,
      at: '2026-11-22T08:00:00.000Z',
      kind: 'shift_opened',
      body: { shiftId: 'D3-S', operator: 'Aigerim', float: [{ currency: 'KZT', amount: '5000.00' }] },
      prevHash: GENESIS_HASH,
    } as UnhashedEntry);
    const stored = await again.fresh.upload([first]);
    assert.equal(stored.status, 200, await stored.clone().text());
    assert.deepEqual(await stored.json(), { highWater: held + 1, retentionDays: 90 });
  });

  test('a desk far ahead of HQ (HQ restored from an older backup) keeps its stream when its hashes skip HQ’s end', async (t) => {
    const hq = await startTestHq(t, pg);
    const desk = await SimDesk.enrol(hq, 'T34');
    for (let day = 1; desk.entries.length < 2100; day += 1) desk.day(`D${day}`);
    const ahead = desk.entries.slice(0, 2100);
    // HQ holds the first 1050; the desk's hashes are every seq of its last 1000 and one far back.
    for (let from = 0; from < 1050; from += 525)
      assert.equal((await desk.upload(ahead.slice(from, from + 525))).status, 200);
    const journal = [...ahead.slice(1100).reverse(), ahead[99]!].map((e) => ({ seq: e.seq, hash: e.hash }));
    const { code } = await enrolmentCodeFor(hq, 'T34');
    const response = await fetch(`${hq.url}/api/desk/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, terminalId: 'T34', deskPublicKey: desk.keys.publicKeyPem, journal }),
    });
    const body = (await response.json()) as {
      deskToken: string;
      highWater: number;
      continuesAfter: number;
      epoch: number;
    };
    assert.deepEqual([body.highWater, body.continuesAfter, body.epoch], [1050, 1050, 1]);
    assert.deepEqual(await alarmsOf(hq, 'T34'), []);
    desk.token = body.deskToken;
    assert.equal((await desk.upload(ahead.slice(1050, 1550))).status, 200);
  });
});

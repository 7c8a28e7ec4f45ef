// How long the desk keeps its journal, on a real core and SQLite file enrolled at a real head office
// on a real PostgreSQL, the desk's clock moved by the test: an entry HQ acknowledged stays until the
// retention HQ sets (90 days) has passed since, then its reference goes; one HQ has not acknowledged
// never goes, however old. What stays still uploads, linked to HQ's stream (no alarm at HQ), and the
// desk's chain check finds nothing. A head office that asks for an entry the desk no longer holds
// (restored from a backup older than the retention) stops the upload for a person: no broken chain.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { startTestHq } from '../hq/support.ts';
import { testClock } from '../support/clock.ts';
import type { Harness } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, rows, uploaded } from '../support/head-office.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

const DAY = 86_400_000;

const cashIn = async (h: Harness) => {
  await h.call('desk.unlock', { pin: OPERATOR_PIN });
  await h.call('shift.cashMovement', {
    kind: 'added',
    currency: 'KZT',
    amount: '100',
    reason: 'change',
    supervisorPin: SUPERVISOR_PIN,
  });
};

/** The references the desk still keeps (a Z report's, which keep their note, aside). */
const kept = (h: Harness) =>
  rows(h, 'SELECT seq FROM desk_journal_refs WHERE note IS NULL ORDER BY seq').map((r) => Number(r.seq));
const floor = (h: Harness) => Number(rows(h, 'SELECT below FROM desk_journal_floor')[0]!.below);

/** The desk started again with its upload state patched in its file (json_set arguments). */
async function restartWith(h: Harness, patch: string) {
  await h.restart({
    before() {
      const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
      db.exec(`UPDATE settings SET value = json_set(value, ${patch}) WHERE key = 'head_office_upload'`);
      db.close();
    },
  });
}

test('an acknowledged entry stays for the retention, then goes; an unacknowledged one never; the next upload still links', async (t) => {
  const hq = await startTestHq(t, pg);
  const clock = testClock({ flowing: true });
  const { h } = await enrolledDesk(t, hq, 'T31', { clock });
  await uploaded(h);
  const firstDay = journal(h);
  const refsAtStart = kept(h);
  assert.ok(refsAtStart.length > 5, `entries to keep: ${refsAtStart.length}`);

  // A month on, more facts, acknowledged then: nothing is old enough to go.
  clock.advance(30 * DAY);
  await cashIn(h);
  await uploaded(h);
  const monthOn = journal(h);
  assert.deepEqual(kept(h).slice(0, refsAtStart.length), refsAtStart, 'all kept a month on');
  assert.equal(floor(h), 0);

  // 91 days after the first acknowledgements, 61 after the second: the first day's go, but for the
  // last of them, whose hash the next entry links to; the month-on ones stay.
  clock.advance(61 * DAY);
  await cashIn(h);
  await uploaded(h);
  const last = firstDay.at(-1)!.seq;
  assert.equal(floor(h), last);
  assert.deepEqual(
    kept(h).filter((seq) => seq <= last),
    [last],
  );
  assert.deepEqual(
    kept(h).filter((seq) => seq > last && seq <= monthOn.at(-1)!.seq),
    monthOn.filter((e) => e.seq > last).map((e) => e.seq),
    'every entry acknowledged within the retention stays',
  );

  // HQ unanswered (the outbox stopped): facts wait unacknowledged. 200 days on, the alarm cleared,
  // the desk starts again: before its upload it deletes what HQ acknowledged and keeps every entry
  // it did not; what waited then goes, linked to HQ's stream: no alarm at HQ, nothing found at the
  // desk.
  await restartWith(h, "'$.alarm', 'refused'");
  await cashIn(h);
  await cashIn(h);
  await h.probe.headOfficeIdle();
  const status = await h.call('hq.status', {});
  assert.ok(status.waiting >= 2, `waiting: ${status.waiting}`);
  const held = await hq.db.query<{ high_water: string }>(
    "SELECT high_water FROM hq_desks WHERE terminal_id = 'T31'",
  );
  const acknowledgedUpTo = Number(held.rows[0]!.high_water);
  clock.advance(200 * DAY);
  await restartWith(h, "'$.alarm', null");
  await h.call('desk.unlock', { pin: OPERATOR_PIN });
  await uploaded(h);
  assert.equal(floor(h), acknowledgedUpTo, 'gone up to what HQ acknowledged');
  assert.deepEqual(
    kept(h),
    Array.from({ length: 1 + status.waiting }, (_, i) => acknowledgedUpTo + i),
    'every unacknowledged entry stays',
  );
  const stored = await hq.db.query<{ high_water: string; alarms: number }>(
    "SELECT high_water, alarms FROM hq_desks WHERE terminal_id = 'T31'",
  );
  assert.equal(Number(stored.rows[0]!.high_water), acknowledgedUpTo + status.waiting);
  assert.equal(stored.rows[0]!.alarms, 0, 'the chain links to what HQ holds');
  await h.probe.chainChecked();
  const state = await h.call('desk.state', {});
  assert.deepEqual(state.integrity.findings, [], "the desk's chain holds");

  // HQ restored from a backup older than the retention asks for entries the desk deleted: the upload
  // stops for a person, nothing is sent.
  await restartWith(h, "'$.highWater', 3");
  await h.call('desk.unlock', { pin: OPERATOR_PIN });
  await h.probe.headOfficeIdle();
  assert.equal((await h.call('hq.status', {})).alarm, 'refused');
  const after = await hq.db.query<{ alarms: number }>(
    "SELECT alarms FROM hq_desks WHERE terminal_id = 'T31'",
  );
  assert.equal(after.rows[0]!.alarms, 0);
});

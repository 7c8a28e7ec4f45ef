// The desk journal's retention rules on a real SQLite file, the clock moved by the test: an
// acknowledgement counts from the end of the hour it came in; one HQ withdraws (its high-water
// falls back, by an upload's answer or an enrolment's) covers no more than HQ still holds, and the
// rest counts again from HQ's next acknowledgement; a Z report's reference and the one at the floor
// stay; the floor never falls back, and no reference at or above it can be deleted, by anyone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createDeskJournalRepo } from '../../main/headoffice/desk-journal-repo.ts';
import { createJournalRetention } from '../../main/headoffice/journal-retention.ts';
import { createStore } from '../../main/store/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function journalOf(t: { after: (fn: () => void) => void }, entries: number, noted: readonly number[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-retention-'));
  const store = createStore(dir);
  t.after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const repo = store.repository(createDeskJournalRepo);
  for (let seq = 1; seq <= entries; seq += 1)
    repo.append({
      seq,
      linkSeq: seq,
      part: 0,
      hash: seq.toString(16).padStart(64, '0'),
      note: noted.includes(seq) ? '{"waiting":0,"lastReachedAt":null}' : null,
    });
  let now = Date.parse('2026-01-10T10:30:00Z');
  const retention = createJournalRetention({
    repo,
    transaction: store.transaction,
    clock: { now: () => now },
    log: { info: () => undefined },
  });
  const kept = () => repo.refsAfter(0, 1_000).map((r) => r.seq);
  return { store, repo, retention, kept, advance: (ms: number) => (now += ms) };
}

test('an acknowledgement counts from the end of its hour, and only for what HQ still holds', (t) => {
  const { retention, kept, advance, repo } = journalOf(t, 10, [3]);
  retention.moved(0, 6); // at 10:30, counted from 11:00
  advance(90 * DAY);
  assert.equal(retention.prune(6, 90), 0, 'at 10:30 ninety days on, the hour has not ended');
  advance(HOUR / 2);
  assert.equal(retention.prune(6, 90), 4);
  assert.deepEqual(kept(), [3, 6, 7, 8, 9, 10], "a Z report's reference and the floor's stay");
  assert.equal(repo.floor(), 6);
  assert.equal(retention.holdsAfter(5), false);
  assert.equal(retention.holdsAfter(6), true);
  // Unacknowledged entries never go, however old.
  advance(1_000 * DAY);
  assert.equal(retention.prune(6, 90), 0);
  assert.deepEqual(kept(), [3, 6, 7, 8, 9, 10]);
});

test('an acknowledgement HQ withdraws covers what HQ still holds; the rest counts again from the next one', (t) => {
  const { retention, kept, advance } = journalOf(t, 10);
  retention.moved(0, 8);
  advance(10 * DAY);
  // HQ restored from an older backup: it holds up to 4, then takes 5 to 8 again.
  retention.moved(8, 4);
  retention.moved(4, 8);
  advance(85 * DAY);
  assert.equal(retention.prune(8, 90), 3, 'only what the restored HQ had held for 95 days');
  assert.deepEqual(kept(), [4, 5, 6, 7, 8, 9, 10]);
  advance(10 * DAY);
  assert.equal(retention.prune(8, 90), 4);
  assert.deepEqual(kept(), [8, 9, 10]);
});

test('a high-water set without an acknowledgement (an enrolment) withdraws what lies above it', (t) => {
  const { retention, kept, advance } = journalOf(t, 10);
  retention.moved(0, 9);
  advance(100 * DAY);
  // Enrolled again, HQ says it holds 2: nothing above it goes, old acknowledgement or not.
  assert.equal(retention.prune(2, 90), 1);
  retention.moved(2, 9);
  assert.equal(retention.prune(9, 90), 0, 'acknowledged again just now');
  assert.deepEqual(kept(), [2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test('the floor never falls back, and nothing at or above it can be deleted', (t) => {
  const { retention, store, advance } = journalOf(t, 10);
  retention.moved(0, 5);
  advance(91 * DAY);
  retention.prune(5, 90);
  const db = store.repository((d) => d);
  assert.throws(() => db.exec('DELETE FROM desk_journal_refs WHERE seq = 5'), /may ask for again/);
  assert.throws(() => db.exec('UPDATE desk_journal_floor SET below = 2'), /never falls back/);
  assert.throws(() => db.exec('DELETE FROM desk_journal_floor'), /stays/);
});

// What the cash rules read at each operation event is stored once (migration 0019): an event keeps
// the id of its state. A desk's database from before upgrades in place, and the desk journal reads
// each event's state back as the same text, so the entry it derives from the event is unchanged.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { createDeskJournalRepo } from '../../main/headoffice/desk-journal-repo.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { clock, databaseThrough, newOperation, openStore, tempDir } from '../support/store.ts';

const OPENING =
  '{"mismatch":false,"correction":false,"custody":null,"returned":false,"final":false,"open":"waiting"}';
const CAPTURED =
  '{"mismatch":false,"correction":false,"custody":null,"returned":false,"final":true,"open":null}';

/** A database as a desk left it before 0019: each event's state as JSON text in the event. */
function databaseBefore(dir: string): void {
  const db = databaseThrough(join(dir, DATABASE_FILE), '0018-requisite-lists');
  db.exec(`INSERT INTO operations (local_id, shop_id, operation_number, terminal_id, origin, type,
    training, method_id, method_name, instrument_type, payer_id, amount, currency, phase, status,
    created_at, updated_at)
    VALUES (1, 1001, 'T01-261101-0001', 'T01', 'counter', 'payin', 0, 'm', 'Cash KZT', 'cash', 'P1',
      '100.00', 'KZT', 'created', 'captured', '2026-11-01T09:00:00.000Z', '2026-11-01T09:05:00.000Z')`);
  const event = db.prepare(`INSERT INTO operation_events (id, local_id, at, kind, phase, status, money_state)
    VALUES (?, 1, ?, ?, ?, ?, ?)`);
  event.run(1, '2026-11-01T09:00:00.000Z', 'session_requested', 'opening', null, null);
  event.run(2, '2026-11-01T09:01:00.000Z', 'session_opened', 'session_open', null, OPENING);
  event.run(3, '2026-11-01T09:05:00.000Z', 'status_changed', 'created', 'captured', CAPTURED);
  event.run(4, '2026-11-01T09:06:00.000Z', 'receipt_printed', 'created', 'captured', CAPTURED);
  db.close();
}

test('a database from before 0019 keeps each event its state, each state stored once', (t) => {
  const dir = tempDir(t);
  databaseBefore(dir);
  const store = openStore(t, dir, clock().now);
  const journal = store.repository(createDeskJournalRepo);
  const states = (id: number) => {
    const row = journal.row('operation_events', id)!;
    return [row.money_state, row.previous_state];
  };
  assert.deepEqual(states(1), [null, null]);
  assert.deepEqual(states(2), [OPENING, null]);
  assert.deepEqual(states(3), [CAPTURED, OPENING]);
  assert.deepEqual(states(4), [CAPTURED, CAPTURED]);

  const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
  t.after(() => db.close());
  assert.deepEqual(
    db
      .prepare('SELECT state FROM money_states ORDER BY state')
      .all()
      .map((r) => r.state),
    [OPENING, CAPTURED].sort(),
  );
});

test('events stay append-only, and new events share the states kept', (t) => {
  const dir = tempDir(t);
  const store = openStore(t, dir, clock().now);
  const first = store.operations.insert(newOperation(), { kind: 'session_requested' });
  const second = store.operations.insert(newOperation(), { kind: 'session_requested' });
  store.operations.update(first.localId, { phase: 'session_open' }, { kind: 'session_opened' });
  const db = new DatabaseSync(join(dir, DATABASE_FILE));
  t.after(() => db.close());
  const count = () => Number(db.prepare('SELECT count(*) AS n FROM money_states').get()!.n);
  assert.equal(count(), 1, 'the two new operations left in the same state share it');
  const journal = store.repository(createDeskJournalRepo);
  const ids = db
    .prepare('SELECT id FROM operation_events ORDER BY id')
    .all()
    .map((r) => Number(r.id));
  assert.equal(
    journal.row('operation_events', ids[1]!)!.money_state,
    journal.row('operation_events', ids[0]!)!.money_state,
  );
  assert.ok(second.localId > first.localId);
  assert.throws(() => db.exec('UPDATE operation_events SET kind = kind'), /append-only/);
});

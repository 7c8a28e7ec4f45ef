// A payment method's requisite lists are stored once (migration 0018): an operation keeps the id of
// its list. A desk's database from before upgrades in place and reads every list back as written;
// new operations share the lists already kept, and every read of an operation resolves them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import type { Requisite, RequisiteDescriptor } from '../../common/contract.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { clock, databaseThrough, newOperation, openStore, tempDir } from '../support/store.ts';

const PAYER: RequisiteDescriptor[] = [{ name: 'phone', title: 'Phone number', type: 'string' }];
const METHOD: Requisite[] = [
  { name: 'cashPointCode', value: 'KZ-ALA-0042' },
  { name: 'cashPointAddress', value: 'Almaty, 10 Abay Avenue' },
];
const OTHER_METHOD: Requisite[] = [{ name: 'cashPointCode', value: 'TR-IST-0007' }];

/** A database as a desk left it before 0018: its requisites as JSON text in every operation. */
function databaseBefore(dir: string): void {
  const db = databaseThrough(join(dir, DATABASE_FILE), '0017-history-indexes-ascending');
  const insert = db.prepare(`INSERT INTO operations (shop_id, operation_number, terminal_id, origin, type,
    training, method_id, method_name, instrument_type, payer_id, amount, currency, phase,
    payer_requisites, method_requisites, created_at, updated_at)
    VALUES (1001, ?, 'T01', 'counter', 'payin', 0, 'm', 'Cash KZT', 'cash', 'P1', '100.00', 'KZT',
      'session_open', ?, ?, '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z')`);
  insert.run('T01-261101-0001', JSON.stringify(PAYER), JSON.stringify(METHOD));
  insert.run('T01-261101-0002', JSON.stringify(PAYER), JSON.stringify(METHOD));
  insert.run('T01-261101-0003', '[]', JSON.stringify(OTHER_METHOD));
  insert.run('T01-261101-0004', null, null);
  db.close();
}

const lists = (dir: string) => {
  const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
  try {
    return (db.prepare('SELECT list FROM requisite_lists ORDER BY id').all() as { list: string }[]).map(
      (row) => row.list,
    );
  } finally {
    db.close();
  }
};

test('a database from before 0018 keeps every operation its requisites, each list stored once', (t) => {
  const dir = tempDir(t);
  databaseBefore(dir);
  const store = openStore(t, dir, clock().now);
  const read = (number: string) => store.operations.findByNumber(1001, number)!;

  assert.deepEqual(read('T01-261101-0001').payerRequisites, PAYER);
  assert.deepEqual(read('T01-261101-0001').methodRequisites, METHOD);
  assert.deepEqual(read('T01-261101-0002').payerRequisites, PAYER);
  assert.deepEqual(read('T01-261101-0002').methodRequisites, METHOD);
  assert.deepEqual(read('T01-261101-0003').payerRequisites, []);
  assert.deepEqual(read('T01-261101-0003').methodRequisites, OTHER_METHOD);
  assert.deepEqual(read('T01-261101-0004').payerRequisites, []);
  assert.deepEqual(read('T01-261101-0004').methodRequisites, []);
  assert.deepEqual(
    lists(dir).sort(),
    ['[]', JSON.stringify(PAYER), JSON.stringify(METHOD), JSON.stringify(OTHER_METHOD)].sort(),
  );
});

test('new operations share the lists kept, and every read resolves them', (t) => {
  const dir = tempDir(t);
  const store = openStore(t, dir, clock().now);
  const first = store.operations.insert(newOperation({ payerRequisites: PAYER, methodRequisites: METHOD }), {
    kind: 'session_requested',
  });
  assert.deepEqual([first.payerRequisites, first.methodRequisites], [PAYER, METHOD]);
  const second = store.operations.insert(newOperation(), { kind: 'session_requested' });
  assert.deepEqual([second.payerRequisites, second.methodRequisites], [[], []]);
  const changed = store.operations.update(second.localId, {
    payerRequisites: PAYER,
    methodRequisites: METHOD,
  });
  assert.deepEqual([changed.payerRequisites, changed.methodRequisites], [PAYER, METHOD]);
  assert.equal(lists(dir).length, 2, 'the payer list and the method list, once each');

  const moved = store.operations.update(first.localId, { methodRequisites: OTHER_METHOD });
  assert.deepEqual([moved.payerRequisites, moved.methodRequisites], [PAYER, OTHER_METHOD]);
  assert.deepEqual(store.operations.get(first.localId), moved);
  const { rows } = store.operations.page({ limit: 10 });
  assert.deepEqual(
    rows.map((op) => op.methodRequisites),
    [METHOD, OTHER_METHOD],
  );
  const searched = store.operations.page({ text: first.operationNumber, limit: 10 }).rows;
  assert.deepEqual(
    searched.map((op) => op.methodRequisites),
    [OTHER_METHOD],
  );
  assert.equal(lists(dir).length, 3);
});

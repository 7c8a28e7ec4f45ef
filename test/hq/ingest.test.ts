// Enrolment and the journal upload against a real HQ on a real PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Postgres, startPostgres } from './postgres.ts';
import { enrolmentCodeFor, json, SimDesk, startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

const enrol = (url: string, code: string, terminalId: string) =>
  fetch(`${url}/api/desk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, terminalId }),
  });

test('an enrolment code enrols its desk once; a wrong, reused or other-terminal code is refused', async (t) => {
  const hq = await startTestHq(t, pg);
  const { code, branchId } = await enrolmentCodeFor(hq, 'T-1');

  const wrong = await enrol(hq.url, 'ABCD-EFGH-JKLM-NPQR', 'T-1');
  assert.equal(wrong.status, 403);
  assert.match(((await wrong.json()) as { message: string }).message, /unknown, used already or expired/);

  const first = await enrol(hq.url, code.toLowerCase(), 'T-1');
  assert.equal(first.status, 200);
  const body = (await first.json()) as {
    deskToken: string;
    branchId: number;
    hqSigningKey: string;
    highWater: number;
  };
  assert.equal(body.branchId, branchId);
  assert.equal(body.highWater, 0);
  assert.match(body.hqSigningKey, /^-----BEGIN PUBLIC KEY-----/);
  assert.ok(body.deskToken.length >= 32);
  const stored = await hq.db.query<{ token_hash: string }>(
    'SELECT token_hash FROM hq_desks WHERE terminal_id = $1',
    ['T-1'],
  );
  assert.notEqual(stored.rows[0]!.token_hash, body.deskToken, 'only a hash of the token is stored');

  assert.equal((await enrol(hq.url, code, 'T-1')).status, 403, 'the code works once');

  const other = await enrolmentCodeFor(hq, 'T-2');
  const misused = await enrol(hq.url, other.code, 'T-3');
  assert.equal(misused.status, 403);
  assert.match(((await misused.json()) as { message: string }).message, /issued for terminal T-2/);
  const log = await hq.db.query(
    "SELECT 1 FROM hq_audit_log WHERE action = 'desk_enrolled' AND terminal_id = 'T-1'",
  );
  assert.equal(log.rowCount, 1);
});

test('entries upload in order; duplicates and a replayed batch are idempotent; projections follow', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A', { handOverPayout: false });
  const first = await desk.upload(desk.entries.slice(0, 4));
  assert.deepEqual(await first.json(), { highWater: 4, retentionDays: 90 });

  // A crash after HQ committed but before the desk read the answer: the desk sends 1–7 again.
  const replay = await desk.upload(desk.entries);
  assert.equal(replay.status, 200);
  assert.deepEqual(await replay.json(), { highWater: 6, retentionDays: 90 });
  const again = await desk.upload(desk.entries);
  assert.deepEqual(await again.json(), { highWater: 6, retentionDays: 90 });
  const count = await hq.db.query('SELECT count(*)::int AS n FROM hq_entries');
  assert.equal(count.rows[0]!.n, 6);

  const view = await json<{ desk: Record<string, unknown>; open: { operationNumber: string }[] }>(
    hq.admin.get('/api/desks/T-1'),
  );
  assert.equal(view.desk.operator, 'Aigerim');
  assert.deepEqual(view.desk.expected, [{ currency: 'KZT', amount: '11500.00' }]);
  assert.equal(view.desk.openCash, 1, 'the captured payout not handed over is open cash');
  assert.deepEqual(
    view.open.map((o) => o.operationNumber),
    ['A-OUT'],
  );
  assert.equal(await desk.highWater(), 6);
});

test('a gap is refused with the high-water, and nothing after the gap is stored', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  const gapped = await desk.upload([...desk.entries.slice(0, 2), ...desk.entries.slice(3)]);
  assert.equal(gapped.status, 409);
  const body = (await gapped.json()) as { error: string; highWater: number; seq: number };
  assert.deepEqual([body.error, body.highWater, body.seq], ['gap', 2, 4]);
  const seqs = await hq.db.query<{ seq: string }>('SELECT seq::text AS seq FROM hq_entries ORDER BY seq');
  assert.deepEqual(
    seqs.rows.map((r) => r.seq),
    ['1', '2'],
  );
  assert.equal(await desk.sync(), 7);
});

test('a tampered entry is an alarm, never an overwrite', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  await desk.sync();
  const original = desk.entries[2]!;

  // The same seq with another amount, re-hashed so its own hash holds: a rewritten history.
  const { sealEntry } = await import('../../common-node/journal-hash.ts');
  const { hash: _h, ...rest } = original;
  const rewritten = sealEntry({ ...rest, body: { ...original.body, amount: '15.00' } } as never);
  const refused = await desk.upload([rewritten]);
  assert.equal(refused.status, 409);
  assert.equal(((await refused.json()) as { error: string }).error, 'conflict');
  const stored = await hq.db.query<{ hash: string; body: { amount: string } }>(
    'SELECT hash, body FROM hq_entries WHERE terminal_id = $1 AND seq = 3',
    ['T-1'],
  );
  assert.equal(stored.rows[0]!.hash, original.hash);
  assert.equal(stored.rows[0]!.body.amount, '1500.00');

  // A new entry whose body was changed after hashing: the chain does not hold.
  desk.record('shift_closed', { shiftId: 'A-S', operator: 'Aigerim' });
  const next = desk.entries[7]!;
  const forged = { ...next, body: { ...next.body, operator: 'Mallory' } } as typeof next;
  const chain = await desk.upload([forged]);
  assert.equal(chain.status, 409);
  assert.equal(((await chain.json()) as { error: string }).error, 'chain');

  const alarms = await json<{ alarms: { seq: string; kind: string; storedHash: string | null }[] }>(
    hq.admin.get('/api/alarms'),
  );
  assert.deepEqual(alarms.alarms.map((a) => [a.seq, a.kind]).sort(), [
    ['3', 'conflict'],
    ['8', 'chain'],
  ]);
  assert.equal(alarms.alarms.find((a) => a.kind === 'conflict')!.storedHash, original.hash);
  assert.equal(await desk.sync(), 8, 'the true entry still goes in');
});

test('a revoked token uploads nothing', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  await desk.upload(desk.entries.slice(0, 2));
  assert.equal((await hq.admin.post('/api/admin/desks/T-1/revoke')).status, 200);
  const refused = await desk.upload(desk.entries.slice(2));
  assert.equal(refused.status, 401);
  assert.equal(((await refused.json()) as { error: string }).error, 'token_rejected');
  assert.equal((await hq.db.query('SELECT 1 FROM hq_entries')).rowCount, 2);
  const other = new SimDesk(hq.url, 'T-1');
  other.token = 'not-a-token-at-all-not-a-token-at-all';
  assert.equal((await other.upload(desk.entries.slice(2))).status, 401);
});

test('a token uploads only its own terminal’s entries', async (t) => {
  const hq = await startTestHq(t, pg);
  const a = await SimDesk.enrol(hq, 'T-A');
  const b = await SimDesk.enrol(hq, 'T-B');
  b.day('B');
  const response = await a.upload(b.entries);
  assert.equal(response.status, 403);
  assert.equal((await hq.db.query('SELECT 1 FROM hq_entries')).rowCount, 0);
});

test('days offline: thousands of entries catch up in order, in batches', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  for (let day = 0; day < 600; day += 1) {
    desk.day(`D${day}`);
    desk.record('shift_closed', { shiftId: `D${day}-S`, operator: 'Aigerim' });
  }
  assert.equal(desk.entries.length, 4800);
  assert.equal(await desk.sync(1000), 4800);
  const count = await hq.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_entries');
  assert.equal(count.rows[0]!.n, 4800);
  const view = await json<{ desk: Record<string, unknown> }>(hq.admin.get('/api/desks/T-1'));
  assert.equal(view.desk.highWater, '4800');
  assert.equal(view.desk.shiftId, null, 'the last shift is closed');
  assert.deepEqual(view.desk.expected, [{ currency: 'KZT', amount: '10800.00' }]);
});

test('every cash fact moves the projections: movements, returns, reversals, handovers, unknown outcomes, audit', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.record('shift_opened', {
    shiftId: 'S1',
    operator: 'Aigerim',
    float: [
      { currency: 'KZT', amount: '5000.00' },
      { currency: 'USD', amount: '100.00' },
    ],
  });
  desk.record('cash_movement', {
    shiftId: 'S1',
    direction: 'in',
    amount: '250.50',
    currency: 'KZT',
    reason: 'change',
    operator: 'Aigerim',
  });
  desk.record('cash_movement', {
    shiftId: 'S1',
    direction: 'out',
    amount: '40.00',
    currency: 'USD',
    reason: 'bank',
    operator: 'Aigerim',
  });
  desk.record('operation_created', {
    operationNumber: 'P1',
    type: 'payin',
    amount: '1000.00',
    currency: 'KZT',
    instrument: 'cash',
    outcomeUnknown: false,
  });
  desk.record('custody', {
    operationNumber: 'P1',
    action: 'received',
    amount: '1000.00',
    currency: 'KZT',
    operator: 'Aigerim',
  });
  desk.record('operation_status', { operationNumber: 'P1', status: 'cancelled' });
  desk.record('cash_returned', {
    operationNumber: 'P1',
    amount: '1000.00',
    currency: 'KZT',
    operator: 'Aigerim',
  });
  desk.record('operation_created', {
    operationNumber: 'P2',
    type: 'payin',
    amount: '300.00',
    currency: 'KZT',
    instrument: 'cash',
    outcomeUnknown: true,
  });
  desk.record('operation_created', {
    operationNumber: 'P3',
    type: 'payout',
    amount: '20.00',
    currency: 'USD',
    instrument: 'cash',
    outcomeUnknown: false,
  });
  desk.record('operation_status', { operationNumber: 'P3', status: 'captured' });
  desk.record('custody', {
    operationNumber: 'P3',
    action: 'handed_over',
    amount: '20.00',
    currency: 'USD',
    operator: 'Aigerim',
  });
  desk.record('custody_reversed', {
    operationNumber: 'P3',
    action: 'handed_over',
    amount: '20.00',
    currency: 'USD',
    supervisor: 'Dana',
    reason: 'recorded on the wrong payout',
  });
  desk.record('handover', { shiftId: 'S1', fromOperator: 'Aigerim', toOperator: 'Bolat', counted: [] });
  desk.record('audit', { action: 'supervisor_reset', actor: 'Dana', detail: { nonce: 'abc' } });
  assert.equal(await desk.sync(), 14);

  const view = await json<{
    desk: Record<string, unknown>;
    open: { operationNumber: string; status: string | null }[];
  }>(hq.admin.get('/api/desks/T-1'));
  assert.equal(view.desk.operator, 'Bolat', 'the handover changed the operator');
  assert.deepEqual(view.desk.expected, [
    { currency: 'KZT', amount: '5250.50' },
    { currency: 'USD', amount: '60.00' },
  ]);
  assert.equal(view.desk.unknownOps, 1);
  assert.equal(view.desk.openCash, 1, 'P3 is captured and, after the reversal, not handed over');
  assert.deepEqual(view.open.map((o) => [o.operationNumber, o.status]).sort(), [
    ['P2', null],
    ['P3', 'captured'],
  ]);
  const events = await json<{ events: { action: string; actor: string }[] }>(hq.admin.get('/api/desk-audit'));
  assert.deepEqual(
    events.events.map((e) => [e.action, e.actor]),
    [['supervisor_reset', 'Dana']],
  );

  desk.record('operation_status', { operationNumber: 'P2', status: 'captured' });
  await desk.sync();
  const after = await json<{ desk: Record<string, unknown> }>(hq.admin.get('/api/desks/T-1'));
  assert.equal(after.desk.unknownOps, 0, 'a status resolves the unknown outcome');
});

test('a return reversed puts the cash back in the expected drawer', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.record('shift_opened', {
    shiftId: 'S1',
    operator: 'Aigerim',
    float: [{ currency: 'KZT', amount: '5000.00' }],
  });
  desk.record('operation_created', {
    operationNumber: 'P1',
    type: 'payin',
    amount: '1000.00',
    currency: 'KZT',
    instrument: 'cash',
    outcomeUnknown: false,
  });
  const money = { operationNumber: 'P1', amount: '1000.00', currency: 'KZT' };
  desk.record('custody', { ...money, action: 'received', operator: 'Aigerim' });
  desk.record('cash_returned', { ...money, operator: 'Aigerim' });
  const expected = async () =>
    (await json<{ desk: { expected: unknown } }>(hq.admin.get('/api/desks/T-1'))).desk.expected;
  await desk.sync();
  assert.deepEqual(await expected(), [{ currency: 'KZT', amount: '5000.00' }]);
  desk.record('custody_reversed', {
    ...money,
    action: 'returned',
    supervisor: 'Dana',
    reason: 'never given back',
  });
  await desk.sync();
  assert.deepEqual(await expected(), [{ currency: 'KZT', amount: '6000.00' }]);
});

// A payout handed over once, at any desk of its branch: release, the claim race, refusals.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Postgres, startPostgres } from './postgres.ts';
import { SimDesk, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

type Refusal = { error: string; message: string };

async function threeDesks(hq: TestHq) {
  const a = await SimDesk.enrol(hq, 'T-A', 'Central');
  const b = await SimDesk.enrol(hq, 'T-B', 'Central');
  const c = await SimDesk.enrol(hq, 'T-C', 'Central');
  const far = await SimDesk.enrol(hq, 'T-FAR', 'North');
  a.day('A', { handOverPayout: false });
  await a.sync();
  return { a, b, c, far };
}

test('an unreleased payout cannot be claimed; released by its supervisor, exactly one of two racing desks wins', async (t) => {
  const hq = await startTestHq(t, pg);
  const { a, b, c, far } = await threeDesks(hq);

  const early = await b.request('/api/desk/payouts/A-OUT/claim', { operator: 'Bolat' });
  assert.equal(early.status, 409);
  const refusal = (await early.json()) as Refusal;
  assert.equal(refusal.error, 'not_released');
  assert.match(refusal.message, /Desk T-A has not released this payout/);

  a.record('payout_released', {
    operationNumber: 'A-OUT',
    amount: '700.00',
    currency: 'KZT',
    supervisor: 'Dana',
  });
  await a.sync();
  const state = (await (await b.request('/api/desk/payouts/A-OUT')).json()) as Record<string, unknown>;
  assert.equal(state.released, true);
  assert.equal(state.releasedBy, 'supervisor');
  assert.equal(state.claim, null);

  assert.equal(
    (await far.request('/api/desk/payouts/A-OUT/claim', { operator: 'Far' })).status,
    404,
    'another branch never sees it',
  );
  const own = await a.request('/api/desk/payouts/A-OUT/claim', { operator: 'Aigerim' });
  assert.equal(((await own.json()) as Refusal).error, 'own_payout');

  // Two desks at once: one row under the unique key, so exactly one wins.
  const [fromB, fromC] = await Promise.all([
    b.request('/api/desk/payouts/A-OUT/claim', { operator: 'Bolat' }),
    c.request('/api/desk/payouts/A-OUT/claim', { operator: 'Cholpan' }),
  ]);
  const statuses = [fromB.status, fromC.status].sort();
  assert.deepEqual(statuses, [200, 409]);
  const [winner, loser] = fromB.status === 200 ? [b, fromC] : [c, fromB];
  const lost = (await loser.json()) as Refusal;
  assert.equal(lost.error, 'already_claimed');
  assert.match(lost.message, new RegExp(`Desk ${winner.terminalId} claimed this payout first`));
  const claims = await hq.db.query('SELECT terminal_id FROM hq_claims WHERE operation_number = $1', [
    'A-OUT',
  ]);
  assert.deepEqual(claims.rows, [{ terminal_id: winner.terminalId }]);

  // The winner records the claim and the handover; the payout is then closed everywhere.
  winner.record('payout_claimed', {
    operationNumber: 'A-OUT',
    originTerminalId: 'T-A',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Bolat',
  });
  winner.record('custody', {
    operationNumber: 'A-OUT',
    action: 'handed_over',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Bolat',
  });
  await winner.sync();
  const after = (await (await a.request('/api/desk/payouts/A-OUT')).json()) as Record<string, unknown>;
  assert.equal(after.handedOver, true);
  assert.deepEqual((after.claim as { terminalId: string }).terminalId, winner.terminalId);
  const openA = await hq.db.query("SELECT 1 FROM hq_operations WHERE terminal_id = 'T-A' AND open_cash");
  assert.equal(openA.rowCount, 0);
  const late = await (winner === b ? c : b).request('/api/desk/payouts/A-OUT/claim', { operator: 'X' });
  assert.equal(((await late.json()) as Refusal).error, 'handed_over');
});

test('a payout listed as open cash in a Z report HQ holds is released to the branch', async (t) => {
  const hq = await startTestHq(t, pg);
  const { a, b } = await threeDesks(hq);
  a.zReport('A', { number: 1, counted: '11490.00' });
  a.record('shift_closed', { shiftId: 'A-S', operator: 'Aigerim' });
  await a.sync();
  const state = (await (await b.request('/api/desk/payouts/A-OUT')).json()) as Record<string, unknown>;
  assert.equal(state.releasedBy, 'z_report');
  const won = await b.request('/api/desk/payouts/A-OUT/claim', { operator: 'Bolat' });
  assert.equal(won.status, 200);
  const zs = (await (await hq.admin.get('/api/z-reports')).json()) as { zReports: { number: number }[] };
  assert.deepEqual(
    zs.zReports.map((z) => z.number),
    [1],
  );
  const variances = (await (await hq.admin.get('/api/variances?threshold=5')).json()) as {
    variances: { variance: string }[];
  };
  assert.deepEqual(
    variances.variances.map((v) => v.variance),
    ['-10.00'],
  );
  const none = (await (await hq.admin.get('/api/variances?threshold=50')).json()) as { variances: unknown[] };
  assert.equal(none.variances.length, 0);
});

test('a payout handed over at two desks is recorded as each desk says, and raised as an alarm', async (t) => {
  const hq = await startTestHq(t, pg);
  const { a, b } = await threeDesks(hq);
  a.record('payout_released', {
    operationNumber: 'A-OUT',
    amount: '700.00',
    currency: 'KZT',
    supervisor: 'Dana',
  });
  await a.sync();
  assert.equal((await b.request('/api/desk/payouts/A-OUT/claim', { operator: 'Bolat' })).status, 200);
  b.record('custody', {
    operationNumber: 'A-OUT',
    action: 'handed_over',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Bolat',
  });
  await b.sync();
  // Desk A, against the rule, hands over its released payout too (say an old build, or offline).
  a.record('custody', {
    operationNumber: 'A-OUT',
    action: 'handed_over',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Aigerim',
  });
  assert.equal(await a.sync(), a.entries.length, 'the desk’s fact is stored, never refused');
  const alarms = (await (await hq.admin.get('/api/alarms')).json()) as {
    alarms: { terminalId: string; kind: string }[];
  };
  assert.deepEqual(
    alarms.alarms.map((x) => [x.terminalId, x.kind]),
    [['T-A', 'double_handover']],
  );
  const cash = await hq.db.query<{ terminal_id: string; expected: string }>(
    'SELECT terminal_id, expected::text AS expected FROM hq_desk_cash ORDER BY terminal_id',
  );
  assert.deepEqual(cash.rows, [
    { terminal_id: 'T-A', expected: '10800.00' },
    { terminal_id: 'T-B', expected: '-700.00' },
  ]);
});

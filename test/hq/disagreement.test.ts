// HQ holds its own fold of a desk's journal against the answers the desk journalled: an operation's
// answer (final, open reason) or a count's expected cash that differs from HQ's is a disagreement
// alarm naming the desk, the operation and both answers; agreeing answers, and entries from before
// the desk carried its answer, raise none. Against a real HQ on a real PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, SimDesk, startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

type Alarm = {
  terminalId: string;
  seq: string;
  kind: string;
  operationNumber: string | null;
  detail: Record<string, unknown> | null;
};

test('an answer or an expected cash the desk journalled that differs from HQ’s is a disagreement alarm', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T31');
  // A journal from before the answers were carried: nothing to hold against.
  desk.day('OLD');
  desk.record('shift_opened', {
    shiftId: 'S2',
    operator: 'Aigerim',
    float: [{ currency: 'KZT', amount: '10000' }],
  });
  const payout = { operationNumber: 'T31-P1', type: 'payout', amount: '700.00', currency: 'KZT' } as const;
  desk.record('operation_created', {
    ...payout,
    instrument: 'cash',
    outcomeUnknown: false,
    answer: { final: false, open: 'waiting' },
  });
  // Captured and not handed over is cash to hand over; this desk says nothing is open.
  const wrong = desk.record('operation_status', {
    operationNumber: payout.operationNumber,
    status: 'captured',
    mismatch: false,
    correction: false,
    answer: { final: true, open: null },
  });
  desk.record('custody', {
    operationNumber: payout.operationNumber,
    amount: payout.amount,
    currency: payout.currency,
    action: 'handed_over',
    operator: 'Aigerim',
  });
  desk.record('operation_answer', {
    operationNumber: payout.operationNumber,
    answer: { final: true, open: null },
  });
  // HQ expects 10,000 − 700; the desk's count says it expected 9,400.
  const count = desk.record('count', {
    shiftId: 'S2',
    operator: 'Aigerim',
    counted: [{ currency: 'KZT', amount: '9300' }],
    expected: [{ currency: 'KZT', amount: '9400.00' }],
  });
  await desk.sync();

  const { alarms } = await json<{ alarms: Alarm[] }>(hq.admin.get('/api/alarms'));
  assert.deepEqual(
    alarms
      .filter((a) => a.terminalId === 'T31')
      .map((a) => [a.kind, a.seq, a.operationNumber, a.detail])
      .sort(),
    [
      [
        'disagreement',
        String(wrong.seq),
        payout.operationNumber,
        { hq: { final: true, open: 'hand_over' }, desk: { final: true, open: null } },
      ],
      [
        'disagreement',
        String(count.seq),
        null,
        { expected: [{ currency: 'KZT', desk: '9400.00', hq: '9300.00' }] },
      ],
    ].sort(),
  );
  const view = await json<{
    desk: { alarms: number };
    expectedCash: { currency: string; amount: string }[];
    openCash: unknown[];
  }>(hq.admin.get('/api/desks/T31'));
  assert.equal(view.desk.alarms, 2);
  assert.deepEqual(view.expectedCash, [{ currency: 'KZT', amount: '9300.00' }]);
  // The OLD day's payout was handed over: nothing is open at HQ either.
  assert.deepEqual(view.openCash, []);
});

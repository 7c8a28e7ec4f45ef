// Text a person types at the desk (names, reasons, notes, payer fields) is cleaned at input of what
// PostgreSQL cannot store (a NUL goes, a lone surrogate becomes U+FFFD): the desk never journals
// it, so the head office never refuses a batch for it and no later entry waits behind it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { startTestHq } from '../hq/support.ts';
import { checkout } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('a NUL or a lone surrogate typed at the desk is cleaned before it is journalled; HQ stores every entry', async (t) => {
  const hq = await startTestHq(t, pg);
  const { h } = await enrolledDesk(t, hq, 'T24');

  await h.call('shift.cashMovement', {
    kind: 'removed',
    currency: 'KZT',
    amount: '300',
    reason: 'to the\u0000 safe\ud800',
    supervisorPin: SUPERVISOR_PIN,
  });
  const payin = await checkout(h, { type: 'payin', amount: '2000' });
  await h.call('checkout.recordCash', { localId: payin.localId });
  await h.call('custody.reverse', {
    localId: payin.localId,
    reason: '\u0000recorded by mistake',
    supervisorPin: SUPERVISOR_PIN,
  });
  await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
  const erlan = await h.call('operators.add', { name: 'Er\u0000lan\udc00', pin: '8642' });
  assert.equal(erlan.name, 'Erlan\ufffd');
  // Nothing but a NUL is no reason at all.
  const empty = await h.invoke('shift.cashMovement', {
    kind: 'added',
    currency: 'KZT',
    amount: '100',
    reason: '\u0000\u0000',
    supervisorPin: SUPERVISOR_PIN,
  });
  assert.equal(empty.ok, false);

  await uploaded(h);
  const entries = journal(h);
  const movement = entries.find((e) => e.kind === 'cash_movement');
  assert.equal(movement?.kind === 'cash_movement' && movement.body.reason, 'to the safe\ufffd');
  const reversal = entries.find((e) => e.kind === 'custody_reversed');
  assert.equal(reversal?.kind === 'custody_reversed' && reversal.body.reason, 'recorded by mistake');
  assert.ok(!/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(entries)), 'no NUL and no lone surrogate journalled');
  const status = await h.call('hq.status', {});
  assert.deepEqual([status.alarm, status.waiting], [null, 0]);
  const stored = await hq.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM hq_entries WHERE terminal_id = 'T24'",
  );
  assert.equal(stored.rows[0]!.n, entries.length);
});

// The desk and the head office agree on cash: random small desk days (test/support/desk-day.ts) on
// real desk cores over the real sandbox gateway with its fault injection, enrolled at a real head
// office on a real PostgreSQL; after each day, the head office's expected cash per currency, open
// cash and unknown outcomes for each desk, and what its dashboard's API shows of the desk and the
// branch, must be the desk's own X report (and its Z reports). Here a fixed seed and one day, the
// seed chosen for the day it makes (a day is some twenty seconds of real desks): training, a payout
// handed over and one cancelled after its cash went out, a capture after its close, a close, a card
// payout, a drawer handover, a cancelled payin whose cash is kept, a gateway correction, and a
// payout listed in a Z report, so released to the branch, then claimed and handed over at desk B.
// bench/agreement.ts runs many more days from any seed.
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { checkDay } from '../support/desk-agreement.ts';
import { dayArb } from '../support/desk-day.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('random desk days: the head office and its dashboard say what each desk’s X and Z reports say', async (t) => {
  const hq = await startTestHq(t, pg);
  let days = 0;
  await fc.assert(
    fc.asyncProperty(dayArb(9), async (day) => {
      days += 1;
      const found = await checkDay(hq, `D${days}`, day);
      if (found.length) throw new Error(`the desk and the head office disagree:\n  ${found.join('\n  ')}`);
    }),
    { seed: 3656, numRuns: 1 },
  );
});

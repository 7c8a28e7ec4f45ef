// The desk and the head office agree on cash, over many more random days than npm test's few
// (test/hq/agreement.test.ts): each day on real desk cores over the real sandbox gateway, enrolled at
// a real HQ on a real PostgreSQL (test/support/desk-day.ts, desk-agreement.ts).
// - hq.agreement_days: the days checked;
// - hq.agreement_disagreements (target 0): the days on which HQ or its dashboard said otherwise than
//   the desk's own X and Z reports. The first such day is shrunk to a smallest one and printed.
// AGREEMENT_SEED replays a run (its seed is printed); AGREEMENT_DAYS sets how many days.
import fc from 'fast-check';
import { startPostgres } from '../test/hq/postgres.ts';
import { startTestHq, type TestHq } from '../test/hq/support.ts';
import { checkDay } from '../test/support/desk-agreement.ts';
import { type Cleanup, type Day, dayArb } from '../test/support/desk-day.ts';

const DAYS = Number(process.env.AGREEMENT_DAYS ?? 40);
const MAX_STEPS = 8;

type Log = (line: string) => void;

export async function benchAgreement(
  log: Log = (line) => console.log(`  [agreement] ${line}`),
): Promise<Record<string, number>> {
  const seed = Number(process.env.AGREEMENT_SEED ?? Date.now() % 1_000_000_007);
  log(`seed ${seed} (AGREEMENT_SEED=${seed} replays it), ${DAYS} days of up to ${MAX_STEPS} steps`);
  const pg = await startPostgres();
  const undo: (() => unknown)[] = [];
  const scope = { after: (fn: () => unknown) => void undo.push(fn) } as Cleanup;
  try {
    const hq = await startTestHq(scope as never, pg);
    let checked = 0;
    const failing: { index: number; day: Day }[] = [];
    for (const day of fc.sample(dayArb(MAX_STEPS), { seed, numRuns: DAYS })) {
      checked += 1;
      const found = await checkDay(hq, `B${checked}`, day);
      if (!found.length) continue;
      failing.push({ index: checked - 1, day });
      if (failing.length <= 5)
        log(`day ${checked} disagrees: ${JSON.stringify(day)}\n    ${found.join('\n    ')}`);
    }
    log(`${checked} days, ${failing.length} with a disagreement`);
    if (failing[0]) log(await shrunk(hq, seed, failing[0].index, checked));
    return { 'hq.agreement_days': checked, 'hq.agreement_disagreements': failing.length };
  } finally {
    for (const fn of undo.reverse()) await fn();
    await pg.stop();
  }
}

/**
 * The first disagreeing day (the `index`th of the seed's), replayed by fast-check and shrunk to a
 * smallest one that still disagrees: its report.
 */
async function shrunk(hq: TestHq, seed: number, index: number, from: number): Promise<string> {
  let n = from;
  const result = await fc.check(
    fc.asyncProperty(dayArb(MAX_STEPS), async (candidate) => {
      n += 1;
      const found = await checkDay(hq, `B${n}`, candidate);
      if (found.length)
        throw new Error(`the desk and the head office disagree:\n    ${found.join('\n    ')}`);
    }),
    { seed, path: String(index), numRuns: DAYS },
  );
  if (!result.failed) return 'the first disagreeing day agreed when run again';
  const cause =
    result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return `smallest disagreeing day: ${JSON.stringify(result.counterexample?.[0])}\n    ${cause}`;
}

// The share of mutants of the money and access modules that the tests kill (scripts/mutation.ts),
// with the survivors printed for a person to act on.
import { describeRun, runMutation } from '../scripts/mutation.ts';

export async function benchMutation(): Promise<Record<string, number>> {
  const run = await runMutation(process.cwd());
  console.log(describeRun(run));
  // Each group's own score beside the whole, so a group that slipped shows which.
  const byGroup = Object.entries(run.byGroup).map(([name, g]) => [
    `tests.mutation_score.${name}`,
    Number((g.killed / g.total).toFixed(4)),
  ]);
  return {
    'tests.mutation_score': Number(run.score.toFixed(4)),
    'tests.mutants': run.total,
    'tests.mutants_survived': run.survived,
    ...Object.fromEntries(byGroup),
  };
}

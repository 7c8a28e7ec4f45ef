// `npm run mutate [group …]`: mutation testing of the modules that guard money and access
// (scripts/mutation.ts). Prints the score and every surviving mutant; exits 1 when any survives.
import { describeRun, runMutation } from './mutation.ts';

const run = await runMutation(process.cwd(), process.argv.slice(2));
console.log(describeRun(run));
if (run.survived > 0) process.exitCode = 1;

// Runs test files four at a time, in an order that keeps both cores busy (npm test, through
// scripts/test-command.ts). Usage: node scripts/run-tests.ts [--tap] <glob …>
//
// `node --test` takes files in alphabetical order, which runs every Chromium-driving file (test/e2e)
// first and all of the others after: four Chromium-driving files at once contend for the two cores,
// and the others, which mostly wait on gateways, timers and child processes, then leave them idle.
// Here the two kinds are dealt out side by side instead, each in its own order, so that most of the
// time two of the four running files drive Chromium and two wait.
import { globSync } from 'node:fs';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';

const args = process.argv.slice(2);
const patterns = args.filter((arg) => !arg.startsWith('--'));
const files = [...new Set(patterns.flatMap((pattern) => globSync(pattern)))].sort();
if (files.length === 0) {
  console.error(`No test files match ${patterns.join(' ') || '(no pattern given)'}.`);
  process.exit(1);
}

/** The two lists merged by how far along each is: both start together and end together. */
function sideBySide<T>(a: T[], b: T[]): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && i / a.length <= j / b.length)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}

const chromium = files.filter((file) => file.startsWith('test/e2e/'));
const others = files.filter((file) => !file.startsWith('test/e2e/'));
const stream = run({ files: sideBySide(chromium, others), concurrency: 4 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(args.includes('--tap') ? tap : spec).pipe(process.stdout);

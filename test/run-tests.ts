// Runs test files four at a time, in an order that keeps both cores busy, with one Chromium for all
// of them (npm test, through scripts/test-command.ts). Usage: node test/run-tests.ts [--tap] <glob …>
//
// `node --test` takes files in alphabetical order, which runs every Chromium-driving file (test/e2e)
// first and all of the others after: four Chromium-driving files at once contend for the two cores,
// and the others, which mostly wait on gateways, timers and child processes, then leave them idle.
// Here the two kinds are dealt out side by side instead, so that most of the time two of the four
// running files drive Chromium and two wait. Each kind goes longest first, a file's size being a fair
// guess at its time: in alphabetical order a long file started late ran on alone at the end.
//
// A Chromium costs about 0.8 s of CPU to start, and some 27 test files use one: each connects to this
// one instead (CASHDESK_CHROMIUM, read by test/e2e/shared-browser.ts), in browser contexts of its own,
// closed when it disconnects. A file run by itself starts its own. So with PostgreSQL: one server for
// the run (test/hq/postgres.ts), a database of each file's own.
import { globSync, readFileSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { launchChromiumServer } from './e2e/chromium.ts';
import { SHARED_POSTGRES, startPostgres } from './hq/postgres.ts';

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

const needsPostgres = files.some((file) => readFileSync(file, 'utf8').includes('startPostgres('));
const [chromium, postgres] = await Promise.all([
  launchChromiumServer(),
  needsPostgres ? startPostgres({ own: true }) : null,
]);
// The test files are started by run() below, with this process's environment.
process.env.CASHDESK_CHROMIUM = chromium.wsEndpoint();
if (postgres) process.env[SHARED_POSTGRES] = `postgres://postgres@127.0.0.1:${postgres.port}/postgres`;
const size = new Map(files.map((file) => [file, statSync(file).size]));
const longestFirst = (list: string[]) => list.sort((a, b) => size.get(b)! - size.get(a)!);
const e2e = longestFirst(files.filter((file) => file.startsWith('test/e2e/')));
const others = longestFirst(files.filter((file) => !file.startsWith('test/e2e/')));
const stream = run({ files: sideBySide(e2e, others), concurrency: 4 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
const report = stream.compose(args.includes('--tap') ? tap : spec);
report.pipe(process.stdout);
await finished(report);
await Promise.all([chromium.close(), postgres?.stop()]);

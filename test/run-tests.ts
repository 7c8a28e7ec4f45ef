// Runs test files several at a time, in an order that keeps both cores busy, with one Chromium and
// one PostgreSQL for all of them (npm test, through scripts/test-command.ts).
// Usage: node test/run-tests.ts [--tap] [--record] <glob …>
//   --record  writes each file's time to test/durations.json, which orders the next runs.
//
// `node --test` takes files in alphabetical order, which runs every Chromium-driving file (test/e2e)
// first and all of the others after: the Chromium-driving files at once contend for the two cores,
// and the others, which mostly wait on gateways, timers and child processes, then leave them idle.
// Here the two kinds are dealt out side by side instead, so that most of the time half the running
// files drive Chromium and half wait. Each kind goes longest first, by the time each file took when
// the durations were last recorded (by its size, a fair guess, for a file not recorded yet): in
// alphabetical order a long file started late ran on alone at the end.
//
// A Chromium costs about 0.8 s of CPU to start, and some 27 test files use one: each connects to this
// one instead (CASHDESK_CHROMIUM, read by test/e2e/shared-browser.ts), in browser contexts of its own,
// closed when it disconnects. A file run by itself starts its own. So with PostgreSQL: one server for
// the run (test/hq/postgres.ts), a database of each file's own.
import { existsSync, globSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Files at once. Most of a test file's time is waiting (on a gateway, a timer, a child process), so
 * more files than cores keep the cores busy; CASHDESK_TEST_CONCURRENCY sets another number.
 */
const CONCURRENCY = Number(process.env.CASHDESK_TEST_CONCURRENCY ?? 6);
const DURATIONS = new URL('durations.json', import.meta.url);

function recordedSeconds(): Record<string, number> {
  return existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {};
}

/** Each file's expected seconds: as recorded, or from its size at the recorded files' median pace. */
function expectedSeconds(list: readonly string[]): Map<string, number> {
  const recorded = recordedSeconds();
  const size = new Map(list.map((file) => [file, statSync(file).size]));
  const paces = list
    .filter((file) => recorded[file] !== undefined)
    .map((file) => recorded[file]! / size.get(file)!)
    .sort((a, b) => a - b);
  const pace = paces[Math.floor(paces.length / 2)] ?? 1;
  return new Map(list.map((file) => [file, recorded[file] ?? size.get(file)! * pace]));
}

/** Each file's seconds: its top-level tests' durations, added up (a file runs its tests one by one). */
function timesByFile(events: ReturnType<typeof run>): Map<string, number> {
  const took = new Map<string, number>();
  events.on('test:complete', (data) => {
    if (data.file && data.nesting === 0)
      took.set(data.file, (took.get(data.file) ?? 0) + data.details.duration_ms / 1000);
  });
  return took;
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

const needsPostgres = files.some((file) => /startPostgres\(|hqForFile\(/.test(readFileSync(file, 'utf8')));
const [chromium, postgres] = await Promise.all([
  launchChromiumServer(),
  needsPostgres ? startPostgres({ own: true }) : null,
]);
// The test files are started by run() below, with this process's environment.
process.env.CASHDESK_CHROMIUM = chromium.wsEndpoint();
if (postgres) process.env[SHARED_POSTGRES] = `postgres://postgres@127.0.0.1:${postgres.port}/postgres`;
const expected = expectedSeconds(files);
const longestFirst = (list: string[]) => list.sort((a, b) => expected.get(b)! - expected.get(a)!);
const e2e = longestFirst(files.filter((file) => file.startsWith('test/e2e/')));
const others = longestFirst(files.filter((file) => !file.startsWith('test/e2e/')));
const stream = run({ files: sideBySide(e2e, others), concurrency: CONCURRENCY });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
const took = timesByFile(stream);
const report = stream.compose(args.includes('--tap') ? tap : spec);
report.pipe(process.stdout);
await finished(report);
await Promise.all([chromium.close(), postgres?.stop()]);
if (args.includes('--record')) {
  const cwd = `${process.cwd()}/`;
  const rows = [...took].map(([file, seconds]) => [file.replace(cwd, ''), Number(seconds.toFixed(1))]);
  const merged = { ...recordedSeconds(), ...Object.fromEntries(rows) };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
}

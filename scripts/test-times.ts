// Where `npm test` spends its time: runs the suite folder by folder, as `npm test` runs it (through
// the private keychain, temporary files in memory, one Chromium, four files at a time), and prints
// each folder's wall time, its pass/fail counts and its slowest top-level tests.
// Usage: node scripts/test-times.ts [--steps] [folder …]
//   folder   under test/ (unit, integration, security, e2e); all of them when none is named.
//   --steps  also times npm test's steps before the tests: typecheck, lint and build (e2e needs the build).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testCommand } from './test-command.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SLOWEST = 5;

const args = process.argv.slice(2);
const steps = args.includes('--steps');
const named = args.filter((arg) => !arg.startsWith('--'));
const folders = named.length
  ? named
  : readdirSync(join(ROOT, 'test'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => readdirSync(join(ROOT, 'test', name)).some((file) => file.endsWith('.test.ts')));

type Timed = { what: string; seconds: number; status: number | null; note: string };

function timed(what: string, command: string, commandArgs: string[]): Timed & { output: string } {
  const started = performance.now();
  const run = spawnSync(command, commandArgs, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    shell: process.platform === 'win32' && command === 'npm',
  });
  const seconds = (performance.now() - started) / 1000;
  return { what, seconds, status: run.status, note: '', output: `${run.stdout}${run.stderr}` };
}

/** `ok 3 - name` / `not ok 3 - name` at the top level of node's TAP, then its `duration_ms`. */
function topLevelTests(tap: string): { name: string; ms: number }[] {
  const tests: { name: string; ms: number }[] = [];
  for (const match of tap.matchAll(
    /^(?:not )?ok \d+ - (.+)\n {2}---\n(?: {2}.*\n)*? {2}duration_ms: ([\d.]+)/gm,
  )) {
    tests.push({ name: match[1]!, ms: Number(match[2]) });
  }
  return tests;
}

const rows: Timed[] = [];
if (steps) {
  for (const step of ['typecheck', 'lint', 'build']) {
    const run = timed(step, 'npm', ['run', '--silent', step]);
    rows.push({ ...run, note: run.status === 0 ? '' : 'FAILED' });
    console.log(`${step}: ${run.seconds.toFixed(1)} s${run.status === 0 ? '' : ' (failed)'}`);
  }
}
for (const folder of folders) {
  const run = timed(`test/${folder}`, ...testCommand([`test/${folder}/**/*.test.ts`], ['--tap']));
  const count = (key: string) => run.output.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? '?';
  const note = `${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped`;
  rows.push({ ...run, note });
  console.log(`test/${folder}: ${run.seconds.toFixed(1)} s, ${note}`);
  const slowest = topLevelTests(run.output)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  for (const test of slowest) console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
  // A failure is named, with its first lines: a flake must be findable from this output alone.
  for (const failed of run.output.matchAll(/^not ok \d+ - (.*)\n((?: {2}.*\n){0,12})/gm)) {
    console.log(`  FAILED  ${failed[1]}\n${failed[2]}`);
  }
}

const width = Math.max(...rows.map((row) => row.what.length));
console.log('\nwall time');
for (const row of rows)
  console.log(`${row.what.padEnd(width)}  ${row.seconds.toFixed(1).padStart(6)} s  ${row.note}`);
const total = rows.reduce((sum, row) => sum + row.seconds, 0);
console.log(`${'total'.padEnd(width)}  ${total.toFixed(1).padStart(6)} s`);
if (rows.some((row) => row.status !== 0)) process.exitCode = 1;

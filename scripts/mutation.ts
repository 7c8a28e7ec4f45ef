// Mutation testing of the modules that guard money and access (StrykerJS, its TAP runner over the
// files Node runs as they are). Each group's mutants run against that group's own test files, so a
// mutant costs a few test files, not the suite, and a run takes minutes. A mutant that no test
// kills is a rule the tests would let change unnoticed: either a test is missing, or the mutant is
// equivalent, said so on its line in the source (`// Stryker disable next-line <mutator>: why`),
// which keeps it out of the score.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';

export type MutationGroup = {
  name: string;
  mutate: string[];
  tests: string[];
  /**
   * For HQ's test files: the group starts one PostgreSQL for them all (test/hq/postgres.ts), since
   * a server's start under load outlasts a file's tests; and how many run at once, and the time
   * beyond a file's own before a run counts as hung.
   */
  heavy?: { concurrency: number; timeoutMS: number };
};

/** HQ files, each on its own databases of the group's one PostgreSQL: one run per core, 30 s of slack. */
const POSTGRES = { concurrency: 2, timeoutMS: 30_000 };

/** What is mutated, and the test files that answer for it. */
export const GROUPS: MutationGroup[] = [
  {
    name: 'meaning',
    mutate: ['common/cash-rules/operation-answer.ts', 'main/operations/meaning.ts'],
    tests: [
      'test/unit/operation-answer.test.ts',
      'test/unit/meaning-desk.test.ts',
      'test/unit/meaning.test.ts',
    ],
  },
  {
    name: 'lifecycle',
    mutate: ['main/operations/lifecycle.ts'],
    tests: ['test/unit/lifecycle.test.ts'],
  },
  {
    name: 'drawer',
    mutate: ['common/cash-rules/drawer-cash.ts'],
    tests: ['test/unit/drawer-cash.test.ts'],
  },
  {
    name: 'log',
    mutate: ['main/log-redaction.ts', 'main/log-literals.ts'],
    tests: ['test/unit/log-literals.test.ts', 'test/unit/log-redaction.test.ts', 'test/unit/log.test.ts'],
  },
  {
    // What a failed gateway call is called, and whether a POST's cash must be held.
    name: 'gateway-errors',
    mutate: ['main/gateway/failures.ts', 'main/gateway/errors.ts'],
    tests: ['test/unit/gateway-failures.test.ts'],
  },
  {
    // Who may act: the PIN checks and their waits, the supervisor's unlocked time, the gate.
    name: 'staff',
    mutate: [
      'main/staff/supervisor.ts',
      'main/staff/gate.ts',
      'main/staff/pin-guard.ts',
      'main/staff/pin-hash.ts',
    ],
    tests: ['test/integration/pin-guard.test.ts', 'test/integration/supervisor.test.ts'],
  },
  {
    // The create path: each intent on disk before its request, the create sent once, and a failed
    // create told apart (refused, expired, or an unknown outcome held and looked up).
    name: 'checkout',
    mutate: ['main/checkout/checkout.ts', 'main/checkout/create-failure.ts'],
    tests: ['test/integration/checkout-create.test.ts'],
  },
  {
    // HQ's fold of an entry into an operation and the answer the rules give it (no database).
    name: 'hq-fold',
    mutate: ['hq/server/operation-fold.ts'],
    tests: ['test/unit/hq-operation-fold.test.ts'],
  },
  {
    // HQ's ingest: the stream checks, the projections of operations, drawer, Z reports (and the
    // payouts they release) and alarms, and the desk's open cash as HQ reads it back.
    name: 'hq-ingest',
    mutate: [
      'hq/server/ingest.ts',
      'hq/server/projections.ts',
      'hq/server/operation-rows.ts',
      'hq/server/desk-cash.ts',
      'hq/server/close-rows.ts',
      'hq/server/desk-answers.ts',
      'hq/server/pg-array.ts',
    ],
    tests: [
      'test/hq/pg-array.test.ts',
      'test/hq/ingest.test.ts',
      'test/hq/disagreement.test.ts',
      'test/hq/claims.test.ts',
    ],
    heavy: POSTGRES,
  },
  {
    // A released payout claimed once, by a desk of its branch, only when captured and not handed over.
    name: 'hq-claims',
    mutate: ['hq/server/desk-routes.ts'],
    tests: ['test/hq/claims.test.ts', 'test/hq/ingest.test.ts'],
    heavy: POSTGRES,
  },
  {
    // Who on the head office's staff may read or do what: sign-in, CSRF, admin only, branch scope.
    name: 'hq-staff',
    mutate: ['hq/server/staff-api.ts', 'hq/server/staff-auth.ts', 'hq/server/staff-routes.ts'],
    tests: [
      'test/hq/staff-auth.test.ts',
      'test/hq/staff.test.ts',
      'test/hq/staff-api.test.ts',
      'test/hq/branch-scope.test.ts',
    ],
    heavy: POSTGRES,
  },
  {
    // Cash handed over once: the custody records and what the operation says of them.
    name: 'custody',
    mutate: ['main/checkout/custody.ts', 'main/store/custody.ts'],
    tests: ['test/integration/custody.test.ts'],
  },
];

export type MutantOutcome = {
  group: string;
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  status: string;
};

export type MutationRun = {
  score: number;
  killed: number;
  survived: number;
  total: number;
  survivors: MutantOutcome[];
  byGroup: Record<string, { killed: number; total: number }>;
};

/** Statuses that count: a mutant a test caught (killed, or hung into a timeout) or one none did. */
const CAUGHT = new Set(['Killed', 'Timeout']);
const MISSED = new Set(['Survived', 'NoCoverage']);

/**
 * The HQ tests' PostgreSQL (test/hq/postgres.ts), loaded when a group needs it: the test project
 * references this one, so this one cannot import from it.
 */
type TestPostgres = {
  SHARED_POSTGRES: string;
  startPostgres(options: { own: true }): Promise<{ port: number; stop(): Promise<void> }>;
};
const testPostgres = (root: string): Promise<TestPostgres> =>
  import(pathToFileURL(join(root, 'test', 'hq', 'postgres.ts')).href);

async function runGroup(group: MutationGroup, root: string): Promise<MutantOutcome[]> {
  const missing = [...group.mutate, ...group.tests].filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new Error(`mutation group ${group.name}: no such file ${missing.join(', ')}`);
  const { Stryker } = await import('@stryker-mutator/core');
  // One PostgreSQL for the whole group, its port passed down to every test file's run.
  // As npm test does (test/run-tests.ts): each file's run makes its own databases on it.
  const postgres = group.heavy ? await testPostgres(root) : null;
  const server = postgres ? await postgres.startPostgres({ own: true }) : null;
  if (postgres && server)
    process.env[postgres.SHARED_POSTGRES] = `postgres://postgres@127.0.0.1:${server.port}/postgres`;
  const tempDirName = join(tmpdir(), `cashdesk-mutation-${process.pid}-${group.name}`);
  const stryker = new Stryker({
    testRunner: 'tap',
    plugins: ['@stryker-mutator/tap-runner'],
    mutate: group.mutate,
    tap: { testFiles: group.tests, nodeArgs: ['--test-reporter=tap'], forceBail: true },
    coverageAnalysis: 'perTest',
    concurrency: group.heavy?.concurrency ?? 2,
    ...(group.heavy && { timeoutMS: group.heavy.timeoutMS }),
    // TypeScript 7 has no JavaScript API for Stryker's tsconfig rewriting; Node runs the sources
    // as they are, so nothing needs rewriting.
    tsconfigFile: 'no-tsconfig-for-mutation.json',
    ignorePatterns: ['dist', 'release', 'bench/results.json', 'test-results'],
    tempDirName,
    reporters: ['progress'],
    logLevel: 'warn' as PartialStrykerOptions['logLevel'],
  });
  try {
    const results = await stryker.runMutationTest();
    return results.map((m) => ({
      group: group.name,
      file: m.fileName.startsWith(root) ? m.fileName.slice(root.length + 1) : m.fileName,
      line: m.location.start.line,
      mutator: m.mutatorName,
      replacement: m.replacement ?? '',
      status: m.status,
    }));
  } finally {
    rmSync(tempDirName, { recursive: true, force: true });
    if (postgres) delete process.env[postgres.SHARED_POSTGRES];
    await server?.stop();
  }
}

/** Runs every group (or those named) and sums them up. */
export async function runMutation(root: string, names: readonly string[] = []): Promise<MutationRun> {
  const groups = names.length ? GROUPS.filter((g) => names.includes(g.name)) : GROUPS;
  const unknown = names.filter((n) => !GROUPS.some((g) => g.name === n));
  if (unknown.length) throw new Error(`unknown mutation group(s): ${unknown.join(', ')}`);
  const outcomes: MutantOutcome[] = [];
  for (const group of groups) outcomes.push(...(await runGroup(group, root)));
  const counted = outcomes.filter((m) => CAUGHT.has(m.status) || MISSED.has(m.status));
  const killed = counted.filter((m) => CAUGHT.has(m.status)).length;
  const byGroup: MutationRun['byGroup'] = {};
  for (const m of counted) {
    const group = byGroup[m.group] ?? { killed: 0, total: 0 };
    byGroup[m.group] = group;
    group.total += 1;
    if (CAUGHT.has(m.status)) group.killed += 1;
  }
  return {
    score: counted.length ? killed / counted.length : 0,
    killed,
    survived: counted.length - killed,
    total: counted.length,
    survivors: counted.filter((m) => MISSED.has(m.status)),
    byGroup,
  };
}

/** The survivors, one line each, for a person to act on. */
export function describeRun(run: MutationRun): string {
  const lines = Object.entries(run.byGroup).map(
    ([name, g]) => `  ${name}: ${g.killed}/${g.total} killed (${((100 * g.killed) / g.total).toFixed(1)}%)`,
  );
  const survivors = run.survivors.map(
    (m) =>
      `  ${m.file}:${m.line} ${m.mutator} → ${m.replacement.replace(/\s+/g, ' ').slice(0, 80)} (${m.status})`,
  );
  return [
    `mutation score ${(100 * run.score).toFixed(1)}%: ${run.killed} of ${run.total} mutants killed`,
    ...lines,
    survivors.length ? 'survivors:' : 'no survivors',
    ...survivors,
  ].join('\n');
}

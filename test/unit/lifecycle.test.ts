// The lifecycle table (main/operations/lifecycle.ts): every path through it, walked by fast-check,
// only ever reaches phases the table names; the phases it ends in take nothing more but the
// gateway's word; and the database's checks list exactly the phases and open reasons the code knows.
// The table itself is pinned by a list written out by hand, apart from it: a wrong entry in the
// table cannot also be the expected answer.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { atGateway, awaitsGateway, mayExistAtGateway } from '../../common/cash-rules/operation-answer.ts';
import { OPEN_REASONS, Phase } from '../../common/contract.ts';
import {
  ANNOTATIONS,
  FOUND_AT_GATEWAY,
  LIFECYCLE,
  LIFECYCLE_EVENTS,
  LifecycleError,
  nextPhase,
} from '../../main/operations/lifecycle.ts';
import migration from '../../main/store/migrations/0006-lifecycle-custody-records.ts';

const PHASES = Phase.options;
const EVENTS = [...LIFECYCLE_EVENTS, ...ANNOTATIONS, 'bogus', 'status', ''];
const TERMINAL = ['not_created', 'abandoned', 'expired'] as const;

test('the table covers every phase, and names only phases', () => {
  assert.deepEqual(Object.keys(LIFECYCLE).sort(), [...PHASES].sort());
  for (const row of Object.values(LIFECYCLE)) {
    for (const to of Object.values(row)) assert.ok(PHASES.includes(to), to);
  }
});

/**
 * Every transition the lifecycle allows, written out by hand (phase, event, next phase). The
 * gateway's word (found_at_gateway) and the annotations, which apply in every phase, are below.
 */
const ALLOWED: readonly (readonly [Phase, string, Phase])[] = [
  ['opening', 'session_opened', 'session_open'],
  ['opening', 'session_failed', 'session_failed'],
  ['opening', 'interrupted', 'abandoned'],
  ['session_open', 'create_sent', 'creating'],
  ['session_open', 'session_expired', 'expired'],
  ['session_open', 'abandoned', 'abandoned'],
  ['session_open', 'interrupted', 'abandoned'],
  ['session_failed', 'abandoned', 'abandoned'],
  ['creating', 'created', 'created'],
  ['creating', 'create_refused', 'session_open'],
  ['creating', 'session_expired', 'expired'],
  ['creating', 'outcome_unknown', 'outcome_unknown'],
  ['creating', 'interrupted', 'outcome_unknown'],
  ['outcome_unknown', 'resolved', 'created'],
  ['outcome_unknown', 'resolved_not_created', 'not_created'],
  ['created', 'resolved', 'created'],
  ['created', 'status_changed', 'created'],
  ['created', 'gateway_changed', 'created'],
  ['created', 'mismatch', 'created'],
  ['created', 'cash_received', 'created'],
  ['created', 'cash_handed_over', 'created'],
  ['created', 'cash_returned', 'created'],
  ['created', 'custody_reversed', 'created'],
  // The gateway holds the operation: whatever the desk thought, it is created.
  ...Phase.options
    .filter((phase) => phase !== 'created')
    .map((phase) => [phase, 'found_at_gateway', 'created'] as const),
];
const NOTES = ['receipt_printed', 'agent_copy_printed', 'lookup_slip_printed', 'print_failed', 'pdf_saved'];

test('the table allows exactly the transitions written out by hand, in every phase × event', () => {
  const expected = new Map(ALLOWED.map(([from, event, to]) => [`${from} + ${event}`, to]));
  const events = new Set([...ALLOWED.map(([, event]) => event), ...LIFECYCLE_EVENTS, ...NOTES, 'bogus', '']);
  assert.deepEqual([...LIFECYCLE_EVENTS].sort(), [...new Set(ALLOWED.map(([, event]) => event))].sort());
  assert.deepEqual([...ANNOTATIONS].sort(), [...NOTES].sort());
  for (const from of PHASES) {
    for (const event of events) {
      const where = `${from} + ${event}`;
      const to = NOTES.includes(event) ? from : expected.get(where);
      if (to) assert.equal(nextPhase(from, event), to, where);
      else assert.throws(() => nextPhase(from, event), LifecycleError, `${where} is allowed`);
    }
  }
});

test('every path through the table: each step is the table’s, or refused with a LifecycleError', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...PHASES),
      fc.array(fc.constantFrom(...EVENTS), { maxLength: 30 }),
      (start, path) => {
        let phase: Phase = start;
        for (const event of path) {
          const row = LIFECYCLE[phase] as Record<string, Phase>;
          let to: Phase;
          try {
            to = nextPhase(phase, event);
          } catch (error) {
            assert.ok(error instanceof LifecycleError, String(error));
            assert.equal(error.from, phase);
            assert.equal(error.event, event);
            assert.ok(!(event in row) && !ANNOTATIONS.has(event));
            // The gateway's word moves any phase to created, but a created one takes its own events.
            assert.ok(event !== FOUND_AT_GATEWAY || phase === 'created');
            continue;
          }
          if (ANNOTATIONS.has(event)) assert.equal(to, phase, 'an annotation never moves the phase');
          else if (event === FOUND_AT_GATEWAY && phase !== 'created') assert.equal(to, 'created');
          else assert.equal(to, row[event]);
          phase = to;
        }
      },
    ),
    { numRuns: 2000 },
  );
});

test('from the start, every phase is reachable, and the ends take only the gateway’s word', () => {
  const reached = new Set<Phase>(['opening']);
  let frontier: Phase[] = ['opening'];
  while (frontier.length) {
    const next: Phase[] = [];
    for (const phase of frontier) {
      for (const to of Object.values(LIFECYCLE[phase] as Record<string, Phase>)) {
        if (!reached.has(to)) {
          reached.add(to);
          next.push(to);
        }
      }
    }
    frontier = next;
  }
  assert.deepEqual([...reached].sort(), [...PHASES].sort());
  for (const end of TERMINAL) {
    for (const event of LIFECYCLE_EVENTS) {
      if (event === FOUND_AT_GATEWAY) assert.equal(nextPhase(end, event), 'created');
      else assert.throws(() => nextPhase(end, event), LifecycleError, `${end} + ${event}`);
    }
  }
  // Cash moves only once the gateway holds the operation.
  for (const custody of ['cash_received', 'cash_handed_over', 'cash_returned', 'custody_reversed']) {
    for (const phase of PHASES) {
      if (phase === 'created') assert.equal(nextPhase(phase, custody), 'created');
      else assert.throws(() => nextPhase(phase, custody), LifecycleError);
    }
  }
});

test('the database checks the same phases and open reasons as the code', () => {
  const lists = (pattern: RegExp) =>
    [...migration.matchAll(pattern)].map((m) => [...m[1]!.matchAll(/'(\w+)'/g)].map((q) => q[1]).sort());
  const phaseLists = lists(/WHEN NEW\.phase NOT IN \(([^)]*)\)/g);
  assert.equal(phaseLists.length, 2);
  for (const list of phaseLists) assert.deepEqual(list, [...PHASES].sort());
  const [reasons] = lists(/open_reason TEXT CHECK \(open_reason IN \(([^)]*)\)\)/g);
  assert.deepEqual(reasons, [...OPEN_REASONS].sort());
});

test('a refusal names the phase and the event; the gateway may hold only a create that left', () => {
  let error: unknown;
  try {
    nextPhase('abandoned', 'created');
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof LifecycleError);
  assert.equal(error.name, 'LifecycleError');
  assert.equal(error.message, 'An operation in phase "abandoned" cannot take the event "created".');
  assert.deepEqual([error.from, error.event], ['abandoned', 'created']);
  assert.deepEqual(PHASES.filter(mayExistAtGateway).sort(), ['created', 'creating', 'outcome_unknown']);
});

test('whether the gateway holds an operation is one rule of its phase, asked everywhere', async () => {
  const held = Object.fromEntries(PHASES.map((phase) => [phase, atGateway(phase)]));
  assert.deepEqual(held, {
    opening: 'absent',
    session_open: 'absent',
    session_failed: 'absent',
    creating: 'unresolved',
    outcome_unknown: 'unresolved',
    created: 'held',
    not_created: 'absent',
    abandoned: 'absent',
    expired: 'absent',
  });
  assert.deepEqual(
    PHASES.filter((phase) => mayExistAtGateway(phase)),
    ['creating', 'outcome_unknown', 'created'],
  );
  assert.deepEqual(
    PHASES.filter((phase) => awaitsGateway(phase)),
    ['opening', 'creating'],
  );
  // Nothing else spells the rule out again from the phase words (the journal names the table's
  // events by phase, as the table does).
  const spelled = /phase\s*[!=]==\s*'(creating|outcome_unknown|opening)'|'creating',\s*'outcome_unknown'/;
  const offenders: string[] = [];
  for (const root of ['main', 'renderer', 'hq']) {
    for (const file of await readdir(root, { recursive: true })) {
      if (!/\.tsx?$/.test(file) || file.includes('migrations') || file === 'operations/operation-journal.ts')
        continue;
      if (spelled.test(await readFile(join(root, file), 'utf8'))) offenders.push(join(root, file));
    }
  }
  assert.deepEqual(offenders, []);
});

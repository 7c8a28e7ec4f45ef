// attribute(): which shift a new operation belongs to. A query with no side effects, asked right
// before checkout writes: it reads the open shift and whether it is closing, and changes nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AgentError } from '../../main/app-error.ts';
import { createAttribution } from '../../main/shift/attribution.ts';
import type { Store } from '../../main/store/index.ts';
import { openStore } from '../support/store.ts';

function shiftIn(store: Store, training: boolean) {
  return store.shifts.insert({
    terminalId: 'T01',
    training,
    operatorId: null,
    operatorName: training ? 'Training' : 'Aigerim',
    openedAt: '2026-03-01T09:00:00.000Z',
    openingFloat: [],
  });
}

/** Rows written on the store's connection so far: a query leaves it as it was. */
const changes = (store: Store) => (store.probeSql('SELECT total_changes() AS n')[0] as { n: number }).n;

const refusal = (message: RegExp) => (error: unknown) =>
  error instanceof AgentError && error.kind === 'conflict' && message.test(error.message);

describe('attribute()', () => {
  test('names the open shift of the same mode and its operator, and writes nothing', (t) => {
    const store = openStore(t);
    const id = shiftIn(store, false);
    const attribute = createAttribution({ shifts: store.shifts, closing: () => false });
    const before = changes(store);
    const commits = store.durableCommits();
    assert.deepEqual(attribute(false), { shiftId: id, operator: 'Aigerim' });
    assert.deepEqual(attribute(false), { shiftId: id, operator: 'Aigerim' }, 'asked twice, the same answer');
    assert.equal(changes(store), before, 'a row was written');
    assert.equal(store.durableCommits(), commits);
  });

  test('refuses with no shift open, with a shift of the other mode, and while the shift closes', (t) => {
    const store = openStore(t);
    let closing = false;
    const attribute = createAttribution({ shifts: store.shifts, closing: () => closing });
    assert.throws(() => attribute(true), refusal(/Start a training shift first/));
    assert.throws(() => attribute(false), refusal(/No shift is open/));
    shiftIn(store, true);
    assert.throws(() => attribute(false), refusal(/A training shift is open/));
    closing = true;
    const before = changes(store);
    assert.throws(() => attribute(true), refusal(/The shift is closing/));
    assert.equal(changes(store), before, 'a refusal wrote a row');
  });
});

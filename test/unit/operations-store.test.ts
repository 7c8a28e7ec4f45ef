// The renderer's one operation store: one copy per localId, the newest wins, a push for one row
// leaves every other row's object as it was (so a narrow selector re-renders nothing else), and
// views on screen are never dropped while the unshown ones are capped.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { OperationView } from '../../common/contract.ts';
import { KEPT_UNSHOWN, shownIds, useOperations } from '../../renderer/operations/store.ts';

/** The fields the store reads; the rest of a view only travels through it. */
const view = (localId: number, updatedAt: string, status = 'created'): OperationView =>
  ({ localId, updatedAt, status }) as OperationView;

const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, second)).toISOString();

beforeEach(() => useOperations.setState({ byId: new Map(), shown: new Map() }));

describe('operation store', () => {
  test('one copy per localId: a newer view replaces it, an older one changes nothing', () => {
    const { put } = useOperations.getState();
    put(view(1, at(1)));
    put(view(1, at(3), 'captured'));
    const before = useOperations.getState();
    let notified = 0;
    const off = useOperations.subscribe(() => notified++);
    // A call's answer read before the push that overtook it.
    put(view(1, at(2), 'created'));
    off();
    assert.equal(notified, 0, 'an older view wakes no subscriber');
    assert.equal(useOperations.getState(), before);
    assert.equal(useOperations.getState().byId.get(1)?.status, 'captured');
    assert.equal(useOperations.getState().byId.size, 1);
  });

  test('a view as new as the one held replaces it: the desk may have changed its meaning', () => {
    const { put } = useOperations.getState();
    put(view(1, at(1), 'created'));
    const again = view(1, at(1), 'created');
    put(again);
    assert.equal(useOperations.getState().byId.get(1), again);
  });

  test('a push for one row leaves every other row’s object as it was', () => {
    const { put } = useOperations.getState();
    put(view(1, at(1)));
    put(view(2, at(1)));
    const other = useOperations.getState().byId.get(2);
    const selected: (OperationView | undefined)[] = [];
    // What a screen's selector for row 2 sees after each change.
    const off = useOperations.subscribe((s, prev) => {
      if (s.byId.get(2) !== prev.byId.get(2)) selected.push(s.byId.get(2));
    });
    put(view(1, at(2), 'captured'));
    put(view(1, at(3), 'cancelled'));
    off();
    assert.deepEqual(selected, [], 'row 2’s selector saw no change');
    assert.equal(useOperations.getState().byId.get(2), other);
  });

  test('views on screen are kept; beyond KEPT_UNSHOWN the least recently used others go', () => {
    const { put, show, hide } = useOperations.getState();
    put(view(1, at(0)));
    show(1);
    show(1);
    for (let id = 2; id <= KEPT_UNSHOWN + 11; id++) put(view(id, at(1)));
    const { byId } = useOperations.getState();
    assert.equal(byId.size, KEPT_UNSHOWN + 1);
    assert.ok(byId.has(1), 'the one on screen stays, though it is the oldest');
    assert.ok(!byId.has(2) && !byId.has(11), 'the oldest unshown went');
    assert.ok(byId.has(12) && byId.has(KEPT_UNSHOWN + 11));
    // Shown twice (two screens): hidden once, it is still shown.
    hide(1);
    assert.deepEqual(shownIds(useOperations.getState().shown), [1]);
    hide(1);
    assert.deepEqual(shownIds(useOperations.getState().shown), []);
    put(view(KEPT_UNSHOWN + 12, at(2)));
    assert.ok(!useOperations.getState().byId.has(1), 'no longer shown: it may go now');
  });

  test('main is told at most the contract’s eight operations on screen', () => {
    const { show } = useOperations.getState();
    for (let id = 1; id <= 10; id++) show(id);
    assert.deepEqual(shownIds(useOperations.getState().shown), [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// The composition root merges the features' handlers into one table (main/feature.ts): every
// feature's channels are there, and two features answering one channel fail at start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handlersOf } from '../../main/feature.ts';

const answer = () => ({});

test("the features' handlers make one table", () => {
  const table = handlersOf([
    { handlers: { 'app.getState': answer } },
    { handlers: { 'audit.list': answer }, start() {}, close() {} },
  ]);
  assert.deepEqual(Object.keys(table).sort(), ['app.getState', 'audit.list']);
  assert.equal(table['audit.list'], answer);
});

test('two features answering one channel are refused', () => {
  assert.throws(
    () => handlersOf([{ handlers: { 'audit.list': answer } }, { handlers: { 'audit.list': answer } }]),
    /Two features answer audit\.list/,
  );
});

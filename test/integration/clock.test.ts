// createCore's clock is the time its records carry (main/clock.ts): on a desk whose clock reads
// another day, the operation number's day, the operation, the shift and the audit trail all say
// that day, not the machine's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testClock } from '../support/clock.ts';
import { checkout, startHarness } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';

test("a desk's records carry its clock's time, not the machine's", async (t) => {
  const day = '2030-03-04';
  const clock = testClock({ at: Date.parse(`${day}T05:06:07Z`), flowing: true });
  const h = await startHarness(t, { clock });
  const operation = await checkout(h);
  assert.match(operation.operationNumber, /-300304-\d+$/);
  assert.ok(operation.createdAt.startsWith(day), operation.createdAt);
  const { shift } = await h.call('desk.state', {});
  assert.ok(shift?.openedAt.startsWith(day), shift?.openedAt);
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  const { entries } = await h.call('audit.list', {});
  assert.ok(entries.length > 0);
  for (const entry of entries) assert.ok(entry.at.startsWith(day), `${entry.kind} at ${entry.at}`);
});

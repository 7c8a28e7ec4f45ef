// Errors the renderer reports (app.reportError) reach the support log as renderer_error, redacted,
// answer nothing back, are logged behind the lock screen too, and cannot flood the log.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createRendererErrors, MAX_PER_WINDOW, WINDOW_MS } from '../../main/diagnostics/renderer-errors.ts';
import { testClock } from '../support/clock.ts';
import { type Harness, startHarness } from '../support/core.ts';
import { goLive } from '../support/desk.ts';

type Line = { level: string; event: string; detail: Record<string, unknown> };

async function logLines(h: Harness): Promise<Line[]> {
  await h.core.log.flush();
  return readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

test('a report through the core is logged at error level, redacted, and answers an empty object', async (t) => {
  const h = await startHarness(t);
  const token = h.sandbox.token;
  const result = await h.invoke('app.reportError', {
    message: `TypeError: cannot read "amount" (token ${token})`,
    stack: 'TypeError: cannot read "amount"\n    at CheckoutScreen (app://cashdesk/assets/index.js:1:2345)',
    where: 'CrashGuard',
  });
  assert.deepEqual(result, { ok: true, value: {} });
  const line = (await logLines(h)).find((l) => l.event === 'renderer_error');
  assert.ok(line, 'renderer_error is in the log');
  assert.equal(line.level, 'error');
  assert.equal(line.detail.where, 'CrashGuard');
  assert.match(String(line.detail.stack), /CheckoutScreen/);
  assert.doesNotMatch(readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8'), new RegExp(token));
});

test('behind the lock screen a report is still logged (it passes the desk’s gate)', async (t) => {
  const h = await startHarness(t);
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await goLive(h.core.invoke, { ...settings, gatewayUrl: h.sandbox.url });
  await h.call('desk.lock', {});
  assert.equal((await h.call('desk.state', {})).locked, true);
  assert.deepEqual(await h.invoke('app.reportError', { message: 'while locked' }), { ok: true, value: {} });
  assert.ok(
    (await logLines(h)).some((l) => l.event === 'renderer_error' && l.detail.message === 'while locked'),
  );
});

test(`at most ${MAX_PER_WINDOW} a minute; the rest become one suppressed line when the minute ends`, () => {
  const lines: { event: string; detail: unknown }[] = [];
  const log = {
    error: (event: string, detail: unknown = {}) => lines.push({ event, detail }),
    warn: (event: string, detail: unknown = {}) => lines.push({ event, detail }),
  };
  const clock = testClock({ at: 5_000 });
  const errors = createRendererErrors(log, clock);
  for (let i = 0; i < MAX_PER_WINDOW + 15; i++) errors.report({ message: `render loop ${i}` });
  assert.equal(lines.length, MAX_PER_WINDOW);
  assert.ok(lines.every((l) => l.event === 'renderer_error'));

  clock.advance(WINDOW_MS - 1);
  assert.equal(lines.length, MAX_PER_WINDOW, 'the minute is not over yet');
  clock.advance(1);
  // Written as the minute ends, with no report after it to trigger the write.
  assert.deepEqual(lines.at(-1), {
    event: 'renderer_error_suppressed',
    detail: { count: 15, windowMs: WINDOW_MS },
  });
  errors.report({ message: 'a new minute' });
  assert.deepEqual(lines.slice(MAX_PER_WINDOW), [
    { event: 'renderer_error_suppressed', detail: { count: 15, windowMs: WINDOW_MS } },
    { event: 'renderer_error', detail: { message: 'a new minute' } },
  ]);
  errors.close();
  assert.equal(lines.length, MAX_PER_WINDOW + 2, 'nothing held back, nothing more to write');
});

test('what is held back is written at close, even if the renderer falls silent', () => {
  const lines: string[] = [];
  const log = { error: (event: string) => lines.push(event), warn: (event: string) => lines.push(event) };
  const errors = createRendererErrors(log, testClock({ at: 0 }));
  for (let i = 0; i < MAX_PER_WINDOW + 1; i++) errors.report({ message: 'x' });
  errors.close();
  assert.equal(lines.at(-1), 'renderer_error_suppressed');
});

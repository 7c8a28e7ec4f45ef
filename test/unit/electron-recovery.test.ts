// A renderer that crashed or hangs, under Node with a stand-in webContents: logged, then the screen
// loaded again with ?recovered=1 (the renderer's banner); a window closing is not a crash, and a
// screen that crashes as it loads is not reloaded for ever.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { MAX_RECOVERIES, RECOVERY_WINDOW_MS, recoverRenderer } from '../../main/electron/recovery.ts';

const PAGE = 'app://cashdesk/index.html';

function fakeContents() {
  const contents = Object.assign(new EventEmitter(), {
    loads: [] as string[],
    crashes: 0,
    pending: [] as (() => void)[],
    isDestroyed: () => false,
    forcefullyCrashRenderer() {
      contents.crashes += 1;
      // Chromium reports the renderer it ended as gone.
      contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    },
    loadURL(url: string) {
      contents.loads.push(url);
      return new Promise<void>((resolve) => contents.pending.push(resolve));
    },
  });
  return contents;
}

function fakeLog() {
  const events: { event: string; detail: unknown }[] = [];
  return { events, error: (event: string, detail: unknown = {}) => events.push({ event, detail }) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function loaded(contents: ReturnType<typeof fakeContents>) {
  for (const resolve of contents.pending.splice(0)) resolve();
  await settle();
}

test('a crashed renderer is logged, then its screen loaded again with ?recovered=1', async () => {
  const contents = fakeContents();
  const log = fakeLog();
  recoverRenderer(contents, PAGE, log);
  contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  assert.deepEqual(log.events, [{ event: 'renderer_gone', detail: { reason: 'crashed', exitCode: 139 } }]);
  assert.deepEqual(contents.loads, [`${PAGE}?recovered=1`]);
});

test('a hung renderer is ended, then loaded again once (the gone event it causes adds no second load)', async () => {
  const contents = fakeContents();
  const log = fakeLog();
  recoverRenderer(contents, PAGE, log);
  contents.emit('unresponsive');
  assert.equal(contents.crashes, 1);
  assert.deepEqual(contents.loads, [`${PAGE}?recovered=1`]);
  assert.deepEqual(
    log.events.map((e) => e.event),
    ['renderer_unresponsive', 'renderer_gone'],
  );
  // Still hung while the new page loads: nothing more.
  contents.emit('unresponsive');
  assert.equal(contents.crashes, 1);
  assert.equal(contents.loads.length, 1);
});

test('the window closing (clean-exit) reloads nothing', () => {
  const contents = fakeContents();
  recoverRenderer(contents, PAGE, fakeLog());
  contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
  assert.deepEqual(contents.loads, []);
});

test(`at most ${MAX_RECOVERIES} reloads a minute: a screen that crashes as it loads is left, and that is logged`, async () => {
  const contents = fakeContents();
  const log = fakeLog();
  let now = 1_000_000;
  recoverRenderer(contents, PAGE, log, () => now);
  for (let i = 0; i < MAX_RECOVERIES + 1; i++) {
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await loaded(contents);
    now += 1_000;
  }
  assert.equal(contents.loads.length, MAX_RECOVERIES);
  assert.equal(log.events.at(-1)?.event, 'renderer_recovery_stopped');

  now += RECOVERY_WINDOW_MS;
  contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
  assert.equal(contents.loads.length, MAX_RECOVERIES + 1, 'a crash a while later is recovered again');
});

// before-quit waits for the core to close, under Node with a stand-in app: the first before-quit is
// held back, the core closes (or the limit passes), then quit() again goes through; a second
// before-quit meanwhile closes nothing twice.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { closeBeforeQuit } from '../../main/electron/quit.ts';

function fakeApp() {
  const app = Object.assign(new EventEmitter(), {
    quits: 0,
    prevented: 0,
    quit() {
      app.quits += 1;
      app.tryQuit();
    },
    /** What Electron does on quit(): before-quit, and the app goes unless a listener prevents it. */
    tryQuit(): boolean {
      let prevented = false;
      app.emit('before-quit', {
        preventDefault: () => {
          prevented = true;
          app.prevented += 1;
        },
      });
      if (!prevented) app.gone = true;
      return !prevented;
    },
    gone: false,
  });
  return app;
}

function fakeLog() {
  const lines: { level: string; event: string; detail: unknown }[] = [];
  return {
    lines,
    info: (event: string, detail: unknown = {}) => lines.push({ level: 'info', event, detail }),
    error: (event: string, detail: unknown = {}) => lines.push({ level: 'error', event, detail }),
  };
}

test('the first before-quit waits for close(); quit() again then goes through; a second before-quit closes nothing twice', async () => {
  const app = fakeApp();
  const log = fakeLog();
  let closes = 0;
  let finish!: () => void;
  closeBeforeQuit(
    app,
    () => {
      closes += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    log,
  );

  assert.equal(app.tryQuit(), false, 'held back while the core closes');
  assert.equal(app.tryQuit(), false, 'a second quit meanwhile is held back too');
  assert.equal(closes, 1, 'and closes nothing twice');
  assert.equal(app.gone, false);

  finish();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(app.quits, 1, 'quit() called again once closed');
  assert.equal(app.gone, true);
  assert.equal(closes, 1);
  assert.deepEqual(log.lines, [{ level: 'info', event: 'closed', detail: { outcome: 'closed' } }]);
});

test('a close that never ends: the app quits at the limit, and says so in the log', async () => {
  const app = fakeApp();
  const log = fakeLog();
  closeBeforeQuit(app, () => new Promise<void>(() => {}), log, 20);
  assert.equal(app.tryQuit(), false);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(app.gone, true);
  assert.deepEqual(log.lines, [{ level: 'error', event: 'close_timed_out', detail: { limitMs: 20 } }]);
});

test('a close that fails still quits, with the error logged', async () => {
  const app = fakeApp();
  const log = fakeLog();
  closeBeforeQuit(app, () => Promise.reject(new Error('database is locked')), log);
  app.tryQuit();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(app.gone, true);
  assert.deepEqual(
    log.lines.map((l) => [l.level, l.event]),
    [
      ['error', 'close_failed'],
      ['info', 'closed'],
    ],
  );
});

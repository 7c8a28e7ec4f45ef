// A renderer that crashed or hangs, under Node with a stand-in webContents: logged, then the screen
// loaded again with ?recovered=1 (the renderer's banner); a window closing is not a crash, and a
// screen that crashes as it loads is not reloaded for ever.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { LANGUAGES } from '../../common/enums.ts';
import { MAX_RECOVERIES, RECOVERY_WINDOW_MS, recoverRenderer } from '../../main/electron/recovery.ts';
import { actionUrl } from '../../main/host/shell-pages.ts';
import { recoveryScreen, shellWindow } from '../../main/host/shell-window.ts';

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

/** The screen as loads of the stand-in alone (the shell's page is its own test, below). */
const reloads = (contents: ReturnType<typeof fakeContents>) => ({
  load: (url: string) => contents.loadURL(url),
  failed: () => contents.loads.push('failed'),
});

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
  recoverRenderer(contents, reloads(contents), PAGE, log);
  contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  assert.deepEqual(log.events, [{ event: 'renderer_gone', detail: { reason: 'crashed', exitCode: 139 } }]);
  assert.deepEqual(contents.loads, [`${PAGE}?recovered=1`]);
});

test('a hung renderer is ended, then loaded again once (the gone event it causes adds no second load)', async () => {
  const contents = fakeContents();
  const log = fakeLog();
  recoverRenderer(contents, reloads(contents), PAGE, log);
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
  recoverRenderer(contents, reloads(contents), PAGE, fakeLog());
  contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
  assert.deepEqual(contents.loads, []);
});

test(`at most ${MAX_RECOVERIES} reloads a minute: a screen that crashes as it loads is left, and that is logged`, async () => {
  const contents = fakeContents();
  const log = fakeLog();
  let now = 1_000_000;
  recoverRenderer(contents, reloads(contents), PAGE, log, () => now);
  for (let i = 0; i < MAX_RECOVERIES + 1; i++) {
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await loaded(contents);
    now += 1_000;
  }
  assert.deepEqual(contents.loads, [
    ...Array.from({ length: MAX_RECOVERIES }, () => `${PAGE}?recovered=1`),
    'failed',
  ]);
  assert.equal(log.events.at(-1)?.event, 'renderer_recovery_stopped');

  now += RECOVERY_WINDOW_MS;
  contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
  assert.equal(contents.loads.length, MAX_RECOVERIES + 2, 'a crash a while later is recovered again');
});

const WORDS = {
  en: ['The screen stopped working', 'Nothing was lost', 'Restart CashDesk'],
  ru: ['Экран перестал работать', 'Ничего не потеряно', 'Перезапустить CashDesk'],
  kk: ['Экран жұмысын тоқтатты', 'Ештеңе жоғалған жоқ', 'CashDesk-ті қайта іске қосу'],
} as const;

for (const language of LANGUAGES) {
  test(`${language}: a screen that keeps failing is left for the shell's own page, whose button restarts CashDesk`, async () => {
    const contents = Object.assign(fakeContents(), { navigations: [] as string[] });
    const log = Object.assign(fakeLog(), {
      info: () => {},
      warn: (event: string) => log.events.push({ event, detail: {} }),
    });
    let now = 1_000_000;
    let restarts = 0;
    const window = shellWindow(contents, log);
    recoverRenderer(
      contents,
      recoveryScreen(
        window,
        () => language,
        () => restarts++,
      ),
      PAGE,
      log,
      () => now,
    );
    const navigate = (url: string) => {
      let prevented = false;
      contents.emit('will-navigate', { url, preventDefault: () => (prevented = true) });
      return prevented;
    };
    // The renderer's screen asks for a restart: no shell page offers one, so nothing happens.
    assert.equal(navigate(actionUrl('restart')), true);
    assert.equal(restarts, 0);

    for (let i = 0; i < MAX_RECOVERIES + 1; i++) {
      contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
      await loaded(contents);
      now += 1_000;
    }
    const shown = contents.loads.at(-1)!;
    assert.ok(shown.startsWith('data:text/html;charset=utf-8,'), 'a page of its own, not the bundle');
    const html = decodeURIComponent(shown.slice(shown.indexOf(',') + 1));
    assert.doesNotMatch(html, /<script|app:\/\/cashdesk\/(?!shell\/)/i, 'no script, nothing of the renderer');
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
    assert.match(html, new RegExp(`<html lang="${language}">`));
    for (const words of WORDS[language]) assert.ok(html.includes(words), words);

    // Its button: taken once, and the navigation itself never happens.
    assert.equal(navigate(actionUrl('restart')), true);
    assert.equal(navigate(actionUrl('restart')), true);
    assert.equal(restarts, 1);
    // Another crash of the shell's page itself shows nothing new.
    const loads = contents.loads.length;
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    assert.equal(contents.loads.length, loads);
  });
}

// The desk's start as the agent sees it, with the core as a Node child process and a stand-in for
// Electron's window: the window shows the shell's page at once; a start that hangs on the system
// keychain says so, in the desk's language, after the limit, and the wait is in the log; Try again
// ends that process and starts another, which comes up; Quit ends the start and the app.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../../common/enums.ts';
import { beginHostClient } from '../../main/host/client.ts';
import { forkHost } from '../../main/host/fork.ts';
import type { HostProcess, SpawnHost } from '../../main/host/hosted-core.ts';
import { actionUrl } from '../../main/host/shell-pages.ts';
import { shellWindow } from '../../main/host/shell-window.ts';
import { watchStart } from '../../main/host/start-watch.ts';
import { createLog } from '../../main/log.ts';
import { startSandbox } from '../../main/sandbox/server.ts';
import { until } from '../support/core.ts';

const HUNG = fileURLToPath(new URL('../support/hung-keychain-host.ts', import.meta.url));

/** Electron's webContents as the shell uses it: the pages loaded, and the navigations a click starts. */
function fakeContents() {
  const contents = Object.assign(new EventEmitter(), {
    loads: [] as string[],
    loadURL: async (url: string) => {
      contents.loads.push(url);
    },
    /** A click on a link of the page showing: true when main stopped the navigation. */
    click(url: string): boolean {
      let prevented = false;
      contents.emit('will-navigate', { url, preventDefault: () => (prevented = true) });
      return prevented;
    },
  });
  return contents;
}

const text = (url: string) => decodeURIComponent(url.slice(url.indexOf(',') + 1));

/** A start whose first process hangs on the keychain, and whose later ones are the real host. */
async function hungStart(t: TestContext) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-shell-start-'));
  const sandbox = await startSandbox({ port: 0, token: randomBytes(18).toString('base64url') });
  const processes: HostProcess[] = [];
  const hung = forkHost(HUNG);
  const real = forkHost();
  const spawn: SpawnHost = async () => {
    const started = await (processes.length === 0 ? hung() : real());
    processes.push(started);
    return started;
  };
  const logFile = join(dataDir, 'cashdesk.log');
  const start = beginHostClient({
    spawn,
    logFile,
    core: { dataDir, keychainService: `cashdesk-test-${randomUUID()}`, training: sandbox },
  });
  const contents = fakeContents();
  const log = createLog(logFile);
  const quits: number[] = [];
  const speaking: { language: Language } = { language: 'en' };
  // The limit's timer, fired by the test once the core has named the step it hangs on.
  let fire: (() => void) | null = null;
  const watching = watchStart({
    start,
    window: shellWindow(contents, log),
    language: () => speaking.language,
    log,
    quit: () => quits.push(1),
    after: (_ms, then) => {
      fire = then;
      return () => {
        fire = null;
      };
    },
  });
  t.after(async () => {
    await start.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await until(() => start.step === 'keychain', 'the core to reach the keychain');
  assert.equal(contents.loads.length, 1, 'the starting page, at once');
  assert.match(text(contents.loads[0]!), /CashDesk/);
  return { start, contents, log, logFile, watching, processes, quits, speaking, fire: () => fire!() };
}

const WAITING = {
  en: ['CashDesk is still starting', 'for the system keychain', 'Try again', 'Quit'],
  ru: ['CashDesk всё ещё запускается', 'системное хранилище паролей', 'Попробовать снова', 'Выйти'],
  kk: ['CashDesk әлі іске қосылуда', 'жүйелік кілттер қоймасын', 'Қайталау', 'Шығу'],
} as const;

test('a start hung on the keychain says so after the limit, in the desk’s language; Try again starts a new core', async (t) => {
  const { start, contents, log, logFile, watching, processes, speaking, fire } = await hungStart(t);
  for (const language of LANGUAGES) {
    speaking.language = language;
    fire();
    const waiting = text(contents.loads.at(-1)!);
    assert.match(waiting, new RegExp(`<html lang="${language}">`));
    for (const words of WAITING[language]) assert.ok(waiting.includes(words), `${words} in ${waiting}`);
    assert.ok(
      waiting.includes(`href="${actionUrl('retry')}"`) && waiting.includes(`href="${actionUrl('quit')}"`),
    );
  }
  await log.flush();
  assert.match(readFileSync(logFile, 'utf8'), /"event":"core_start_waiting".*"step":"keychain"/);

  assert.equal(contents.click(actionUrl('retry')), true);
  const core = await watching;
  assert.ok(core, 'the new process came up');
  assert.equal(processes.length, 2);
  assert.notEqual(core.pid, processes[0]!.pid);
  const state = await core.invoke('app.getState', {});
  assert.equal(state.ok, true);
  assert.equal(start.step, 'services');
});

test('Quit while the start hangs ends its process and the app, with no failure to show', async (t) => {
  const { contents, watching, processes, quits, fire } = await hungStart(t);
  fire();
  let ended = false;
  processes[0]!.onExit(() => {
    ended = true;
  });
  // The renderer's address of an action the page does not offer is refused.
  assert.equal(contents.click(actionUrl('restart')), true);
  assert.deepEqual(quits, []);
  assert.equal(contents.click(actionUrl('quit')), true);
  assert.equal(await watching, null);
  assert.deepEqual(quits, [1]);
  await until(() => ended, 'the hung process to end');
});

// The desk's start as the agent sees it: the window opens at once on the shell's "starting" page,
// and a start that has not finished within START_LIMIT_MS (a keychain that does not answer, a disk
// that does not) says what it is waiting for, in plain words, with Try again (that process ended, a
// new one started) and Quit. The wait is logged, and so is each try and how long the start took.
import type { Language } from '../../common/enums.ts';
import type { Log } from '../log.ts';
import type { HostedCore, HostStart } from './hosted-core.ts';
import { startingPage, waitingPage } from './shell-pages.ts';
import type { ShellWindow } from './shell-window.ts';

/** A start takes about a second; twenty is a start waiting on something that is not coming. */
const START_LIMIT_MS = 20_000;

/** Runs `then` after `ms`; returns how to cancel it (a test fires it itself). */
export type After = (ms: number, then: () => void) => () => void;
const after: After = (ms, then) => {
  const timer = setTimeout(then, ms);
  return () => clearTimeout(timer);
};

/** The core once up; null when the agent chose Quit; rejects with why the start failed. */
export async function watchStart(deps: {
  start: HostStart;
  window: Pick<ShellWindow, 'show'>;
  language: () => Language;
  log: Pick<Log, 'info' | 'warn'>;
  quit: () => void;
  limitMs?: number;
  after?: After;
  now?: () => number;
}): Promise<HostedCore | null> {
  const { start, window, log } = deps;
  const now = deps.now ?? Date.now;
  const limitMs = deps.limitMs ?? START_LIMIT_MS;
  const schedule = deps.after ?? after;
  let began = now();
  let quitting = false;
  let cancel = () => {};

  const waiting = () => {
    const waitedMs = now() - began;
    log.warn('core_start_waiting', { step: start.step ?? 'process', waitedMs });
    void window.show(waitingPage(deps.language(), start.step, Math.round(waitedMs / 1000)), {
      retry,
      quit,
    });
  };
  function begin() {
    began = now();
    void window.show(startingPage(deps.language()));
    cancel = schedule(limitMs, waiting);
  }
  function retry() {
    cancel();
    start.retry();
    begin();
  }
  function quit() {
    cancel();
    quitting = true;
    void start.close();
    deps.quit();
  }

  begin();
  try {
    const core = await start.ready;
    log.info('core_started', { ms: now() - began });
    return core;
  } catch (error) {
    if (quitting) return null;
    throw error;
  } finally {
    cancel();
  }
}

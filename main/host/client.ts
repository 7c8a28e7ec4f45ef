// The shell's side of the core's own process: starts the host (through an injected spawn: Node's
// fork in tests, the preview and the bench, Electron's utilityProcess in the app), gives the shell
// the same invoke/on/close it had from createCore, answers the core's calls with the shell's
// printer and updater, and when the process dies without being asked, starts it again.
//
// A call in flight when the core dies is answered with `outcome_unknown` and cash `hold`: whether
// it took effect is not known, and the core's startup recovery (lookups/recovery.ts) settles it by
// looking up, never by sending again. A call the channel table declares a read (common/channel.ts)
// is the exception: asking it again changes nothing, so it is asked once more of the new core.
// Calls made while it restarts wait for it. Nothing that writes is replayed.
import { type ConnectionState, isReadChannel, type Result } from '../../common/contract.ts';
import type { StartStep } from '../core-types.ts';
import type { Listener } from '../events.ts';
import { createLog, type LogLevel } from '../log.ts';
import {
  answerShellCall,
  CLOSING,
  CORE_GAVE_UP,
  coreStoppedError,
  ENDED_AS_IT_STARTED,
  type HostClientOptions,
  type HostedCore,
  type HostProcess,
  type HostStart,
  HostStartError,
  localIdOf,
  MAX_RESTARTS,
  RESTART_WINDOW_MS,
} from './hosted-core.ts';
import type { FromHost, HostOptions, ToHost } from './protocol.ts';
import { createUpdateRelay } from './update-relay.ts';

type Pending = {
  resolve(result: Result<unknown>): void;
  localId: number | undefined;
  /** A read already asked once more after a core died under it: a second death answers it. */
  retried: boolean;
};
type Call = { channel: string; request: unknown; pending: Pending };

/** Starts the core's process; resolves once its core is up, rejects with why it did not start. */
export function startHostClient(options: HostClientOptions): Promise<HostedCore> {
  return beginHostClient(options).ready;
}

/**
 * The start, watched: the shell shows its window at once and, if the start does not finish, says
 * which step it waits on, and may end that process and start another (Try again), or close.
 */
export function beginHostClient(options: HostClientOptions): HostStart {
  const now = options.now ?? Date.now;
  const { printer, training, ...coreOptions } = options.core;
  // Only what a clone carries: a running sandbox passed as the training gateway crosses as its address.
  const hostOptions: HostOptions = {
    ...coreOptions,
    ...(training ? { training: { url: training.url, token: training.token } } : {}),
    printer: printer !== undefined,
  };
  const fallbackLog = createLog(options.logFile);
  const listeners = new Set<Listener>();
  const inflight = new Map<number, Call>();
  const waiting: Call[] = [];
  const crashes: number[] = [];
  let nextId = 0;
  let child!: HostProcess;
  let connection: ConnectionState = 'reconnecting';
  let closing: Promise<void> | null = null;
  let step: StartStep | null = null;
  let up = false;
  let retrying = false;

  const emit = (state: ConnectionState) => {
    connection = state;
    for (const listener of listeners) listener('core.connection', { state });
  };

  function send(message: ToHost) {
    if (connection === 'connected') child.send(message);
  }

  const relay = createUpdateRelay({
    send,
    connected: () => connection === 'connected',
    nextId: () => ++nextId,
  });

  function dispatch(call: Call) {
    const id = ++nextId;
    inflight.set(id, call);
    child.send({ type: 'invoke', id, channel: call.channel, request: call.request });
  }

  async function answerShell(message: Extract<FromHost, { type: 'shell.call' }>, to: HostProcess) {
    const reply = (value: ToHost) => {
      if (to === child && connection === 'connected') to.send(value);
    };
    reply(await answerShellCall(printer, message));
  }

  /** Starts a process and resolves once its core is up; rejects with why it did not start. */
  async function launch(): Promise<void> {
    const started = await options.spawn();
    // Closed while a restart was on its way: the new process is not wanted.
    if (closing) {
      started.kill();
      throw new HostStartError('CashDesk is closing.');
    }
    child = started;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      started.onMessage((message) => {
        switch (message.type) {
          case 'starting':
            if (started === child) step = message.step;
            return;
          case 'ready':
            ready = true;
            up = true;
            connection = 'connected';
            // What the shell told the last process, told again to this one.
            relay.tell(started.send);
            return resolve();
          case 'start.failed':
            started.kill();
            return reject(new HostStartError(message.reason));
          case 'result': {
            const call = inflight.get(message.id);
            inflight.delete(message.id);
            return call?.pending.resolve(message.result);
          }
          case 'event':
            for (const listener of listeners) listener(message.event, message.payload);
            return;
          case 'shell.call':
            return void answerShell(message, started);
          case 'updates.install':
          case 'updates.feed':
            return relay.receive(message);
          case 'closed':
            return started.kill();
        }
      });
      started.onExit(() => {
        if (!ready) reject(new HostStartError(ENDED_AS_IT_STARTED));
        else if (started === child) void crashed();
      });
      try {
        started.send({ type: 'start', options: hostOptions });
      } catch (error) {
        started.kill();
        reject(error);
      }
    });
  }

  async function crashed() {
    if (closing) return;
    fallbackLog.error('core_process_gone', { pid: child.pid });
    const lost = [...inflight.values()];
    inflight.clear();
    relay.dropFeeds();
    emit('reconnecting');
    for (const call of lost) {
      if (isReadChannel(call.channel) && !call.pending.retried) {
        call.pending.retried = true;
        waiting.push(call);
      } else {
        call.pending.resolve({ ok: false, error: coreStoppedError(call.pending.localId) });
      }
    }
    while (!closing) {
      const at = now();
      while (crashes.length > 0 && at - crashes[0]! > RESTART_WINDOW_MS) crashes.shift();
      if (crashes.length >= MAX_RESTARTS) return giveUp();
      crashes.push(at);
      try {
        await launch();
        break;
      } catch (error) {
        if (closing) return;
        fallbackLog.error('core_restart_failed', { error });
        // A start that failed for a reason (a database it cannot open) fails the same way again.
        if (error instanceof HostStartError && error.message !== ENDED_AS_IT_STARTED) {
          return giveUp();
        }
      }
    }
    if (closing) return;
    fallbackLog.info('core_process_back', { pid: child.pid });
    emit('connected');
    for (const call of waiting.splice(0)) dispatch(call);
  }

  function giveUp() {
    fallbackLog.error('core_process_stopped', { crashes: crashes.length });
    emit('stopped');
    for (const { pending } of waiting.splice(0)) pending.resolve({ ok: false, error: CORE_GAVE_UP });
  }

  /** The first start; one the shell ended to try again is begun afresh, as often as it asks. */
  async function firstStart(): Promise<void> {
    for (;;) {
      step = null;
      try {
        await launch();
        return;
      } catch (error) {
        if (!retrying || closing) throw error;
        retrying = false;
        fallbackLog.info('core_start_retried', {});
      }
    }
  }

  const hosted: HostedCore = {
    invoke(channel, request) {
      return new Promise((resolve) => {
        if (closing) {
          resolve({ ok: false, error: CLOSING });
          return;
        }
        if (connection === 'stopped') return resolve({ ok: false, error: CORE_GAVE_UP });
        const call = { channel, request, pending: { resolve, localId: localIdOf(request), retried: false } };
        if (connection === 'reconnecting') waiting.push(call);
        else dispatch(call);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    log: {
      info: (event, detail = {}) => writeLog('info', event, detail),
      warn: (event, detail = {}) => writeLog('warn', event, detail),
      error: (event, detail = {}) => writeLog('error', event, detail),
      files: fallbackLog.files,
    },
    updates: relay.updates,
    get pid() {
      return child.pid;
    },
    get connection() {
      return connection;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        const ending = child;
        for (const { pending } of waiting.splice(0)) {
          pending.resolve({ ok: false, error: CLOSING });
        }
        ending.onExit(() => {
          for (const { pending } of inflight.values()) {
            pending.resolve({ ok: false, error: CLOSING });
          }
          inflight.clear();
          resolve();
        });
        if (connection === 'connected') ending.send({ type: 'close' });
        else ending.kill();
      });
      return closing;
    },
  };

  return {
    ready: firstStart().then(() => hosted),
    get step() {
      return step;
    },
    retry() {
      if (up || closing) return;
      retrying = true;
      child.kill();
    },
    close: () => hosted.close(),
  };

  function writeLog(level: LogLevel, event: string, detail: unknown) {
    try {
      if (connection === 'connected') return child.send({ type: 'log', level, event, detail });
    } catch {
      // A detail that cannot be cloned across (a function in it): written here instead.
    }
    fallbackLog[level](event, detail);
  }
}

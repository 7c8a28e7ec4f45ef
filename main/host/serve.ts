// The host's side: builds the core with createCore and serves it over the protocol. It runs in the
// core's own process (entry.ts picks the port), and takes only a port, so any carrier will do.
import { join } from 'node:path';
import { firstLanguage } from '../../common/enums.ts';
import { createCore } from '../core.ts';
import type { Core } from '../core-types.ts';
import { startupReason } from '../electron/startup.ts';
import type { Log } from '../log.ts';
import type { Printer } from '../receipts/printer.ts';
import type { FromHost, Port, ShellCallName, ShellCalls, ToHost } from './protocol.ts';
import { createShellLanguage, SHELL_LANGUAGE_FILE } from './shell-language.ts';

/**
 * Serves the core over `port`; gives the core's log once it is up (for errors nothing caught), and
 * halts: after an error nothing caught, no message is handled again (the process is ending).
 */
export function serveHost(port: Port<ToHost, FromHost>): { log(): Log | null; halt(): void } {
  let core: Core | null = null;
  let halted = false;
  // Halted, nothing more goes out either: an answer made after the error may be made from its wreck.
  const send = (message: FromHost) => {
    if (!halted) port.send(message);
  };
  let nextCall = 0;
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** What arrives before the core is up waits for it, in order. */
  const early: ToHost[] = [];

  function callShell<C extends ShellCallName>(
    call: C,
    ...args: ShellCalls[C]['args']
  ): Promise<ShellCalls[C]['reply']> {
    const id = ++nextCall;
    return new Promise((resolve, reject) => {
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      send({ type: 'shell.call', id, call, args } as FromHost);
    });
  }

  /** The shell's printer, reached through the parent: the core cannot tell it from a local one. */
  const printer: Printer = {
    list: () => callShell('printer.list'),
    print: (html, job) => callShell('printer.print', html, job),
    printToPdf: (html, paper) => callShell('printer.printToPdf', html, paper),
    choosePdfPath: (name) => callShell('printer.choosePdfPath', name),
    chooseCsvPath: (name) => callShell('printer.chooseCsvPath', name),
  };

  async function start(message: Extract<ToHost, { type: 'start' }>) {
    const { printer: shellPrints, ...options } = message.options;
    try {
      core = await createCore({
        ...options,
        ...(shellPrints ? { printer } : {}),
        starting: (step) => send({ type: 'starting', step }),
      });
    } catch (error) {
      // In the shell's language, which the desk's settings (maybe the very thing that failed) cannot give.
      const language = createShellLanguage(
        join(options.dataDir, SHELL_LANGUAGE_FILE),
        firstLanguage(options.systemLanguages ?? []),
      ).get();
      send({ type: 'start.failed', reason: startupReason(error, language) });
      return;
    }
    core.on((event, payload) => send({ type: 'event', event, payload }));
    send({ type: 'ready' });
    for (const waiting of early.splice(0)) handle(waiting);
  }

  function handle(message: ToHost) {
    if (halted) return;
    if (message.type === 'start') return void start(message);
    if (message.type === 'shell.reply') {
      const call = calls.get(message.id);
      calls.delete(message.id);
      if (message.ok) call?.resolve(message.value);
      else call?.reject(new Error(message.message));
      return;
    }
    if (!core) return void early.push(message);
    const ready = core;
    switch (message.type) {
      case 'invoke':
        void ready.invoke(message.channel, message.request).then((result) => {
          send({ type: 'result', id: message.id, result });
        });
        return;
      case 'updates.available':
        return ready.updates.available(message.version);
      case 'updates.installer':
        // The core's install() asked the policy a moment before: the shell installs on this word.
        return ready.updates.setInstaller(() => {
          send({ type: 'updates.install' });
          return true;
        });
      case 'updates.feed':
        return send({ type: 'updates.feed', id: message.id, url: ready.updates.feed(message.url) });
      case 'log':
        return ready.log[message.level](message.event, message.detail);
      case 'close':
        // The parent ends the process once it hears this: the database is closed by then.
        void ready.close().then(() => send({ type: 'closed' }));
        return;
    }
  }

  port.on(handle);
  return {
    log: () => core?.log ?? null,
    halt: () => {
      halted = true;
    },
  };
}

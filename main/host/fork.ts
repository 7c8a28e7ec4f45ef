// The core's own process under plain Node: a child_process.fork of the host entry (Node strips the
// types, so the .ts runs as it is). The tests, the browser preview and the bench start it this way.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostProcess, SpawnHost } from './hosted-core.ts';
import type { FromHost } from './protocol.ts';

export const HOST_ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

export function forkHost(entry: string = HOST_ENTRY): SpawnHost {
  return () => {
    // No inherited flags (a test runner's own): the host is a plain Node program.
    const child = fork(entry, [], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let exited = false;
    const exits: (() => void)[] = [];
    child.once('exit', () => {
      exited = true;
      for (const listener of exits.splice(0)) listener();
    });
    const process: HostProcess = {
      pid: child.pid,
      send: (message) => {
        // A message to a process that has just died is lost, as its answer would have been.
        if (child.connected) child.send(message, (error) => error && undefined);
      },
      onMessage: (listener) => void child.on('message', (message) => listener(message as FromHost)),
      onExit: (listener) => {
        if (exited) listener();
        else exits.push(listener);
      },
      kill: () => void child.kill(),
    };
    return process;
  };
}

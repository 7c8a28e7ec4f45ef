// The core's own process in the app: an Electron utilityProcess running dist/main/host.js (built
// from main/host/entry.ts), whose messages come in on its parent port. Typed against Electron, but
// utilityProcess is an argument, so it is the only Electron piece of the host.
import type { UtilityProcess } from 'electron';
import type { HostProcess, SpawnHost } from '../host/hosted-core.ts';
import type { FromHost } from '../host/protocol.ts';

type Fork = { fork(modulePath: string, args?: string[], options?: { serviceName?: string }): UtilityProcess };

export function utilityHost(utilityProcess: Fork, entry: string): SpawnHost {
  return () => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'CashDesk core' });
    let exited = false;
    const exits: (() => void)[] = [];
    child.once('exit', () => {
      exited = true;
      for (const listener of exits.splice(0)) listener();
    });
    const process: HostProcess = {
      // Known once the process has spawned; read at each use, so a restart's new pid shows.
      get pid() {
        return child.pid;
      },
      send: (message) => {
        // Messages to a process that has not spawned yet are queued by Electron; after its exit, dropped.
        if (!exited) child.postMessage(message);
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

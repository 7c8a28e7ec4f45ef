// The core's own process starts here: under Electron a utilityProcess (its parent port), under Node
// a child_process.fork with serialization 'advanced' (process.send). The same serveHost on both.
import type { FromHost, Port, ToHost } from './protocol.ts';
import { serveHost } from './serve.ts';
import { endOnUncaught } from './uncaught.ts';

type ParentPort = {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
};

function parentPort(): Port<ToHost, FromHost> {
  const electron = (process as { parentPort?: ParentPort }).parentPort;
  if (electron) {
    return {
      send: (message) => electron.postMessage(message),
      on: (listener) => void electron.on('message', (event) => listener(event.data as ToHost)),
    };
  }
  if (!process.send)
    throw new Error('The core host must be started by the shell (no channel to its parent).');
  return {
    send: (message) => void process.send?.(message),
    on: (listener) => void process.on('message', (message) => listener(message as ToHost)),
  };
}

// The parent gone (its channel closed) leaves nobody to serve: the core stops with it.
process.on('disconnect', () => process.exit(0));
const host = serveHost(parentPort());
// An error nothing caught ends the core (uncaught.ts): its shell starts a new one.
endOnUncaught(process, { log: host.log, halt: host.halt, exit: (code) => process.exit(code) });

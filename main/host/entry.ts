// The core's own process starts here: under Electron a utilityProcess (its parent port), under Node
// a child_process.fork with serialization 'advanced' (process.send). The same serveHost on both.
import { logUncaught } from '../electron/process-errors.ts';
import type { FromHost, Port, ToHost } from './protocol.ts';
import { serveHost } from './serve.ts';

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
// As when the core ran in main: an error nothing caught goes to the core's log, and the core stays
// up (its operations are on disk either way). Before the core is up, to stderr.
logUncaught(process, () => host.log() ?? { error: (event, detail) => console.error(event, detail) });

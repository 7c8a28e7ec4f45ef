// The app's way of starting the core (main/electron/core-process.ts, a utilityProcess whose child
// talks through process.parentPort), run under Node: the stand-in utilityProcess forks a real Node
// child, and a shim gives that child the parentPort Electron would. The host entry takes the
// Electron branch, and a killed process comes back through the same spawn.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ConnectionState } from '../../common/contract.ts';
import { utilityHost } from '../../main/electron/core-process.ts';
import { startHostClient } from '../../main/host/client.ts';
import { HOST_ENTRY } from '../../main/host/fork.ts';
import { startSandbox } from '../../main/sandbox/server.ts';
import { until } from '../support/core.ts';

/** What Electron gives a utility process: a parentPort whose messages arrive as { data }. */
const PARENT_PORT_SHIM = `import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
const port = new EventEmitter();
port.postMessage = (message) => process.send(message);
process.on('message', (message) => port.emit('message', { data: message }));
process.parentPort = port;
await import(pathToFileURL(process.argv[2]).href);
`;

type UtilityProcess = ReturnType<Parameters<typeof utilityHost>[0]['fork']>;

function standInUtilityProcess(shim: string) {
  const forked: number[] = [];
  return {
    forked,
    fork(modulePath: string): UtilityProcess {
      const child = fork(shim, [modulePath], { serialization: 'advanced', execArgv: [], stdio: 'inherit' });
      forked.push(child.pid!);
      const utility = Object.assign(new EventEmitter(), {
        get pid() {
          return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
        },
        postMessage: (message: unknown) => child.send(message as object),
        kill: () => child.kill(),
      });
      child.on('message', (message) => utility.emit('message', message));
      child.on('exit', (code) => utility.emit('exit', code ?? 1));
      return utility as unknown as UtilityProcess;
    },
  };
}

test('the core as a utilityProcess: served over its parent port, and started again when killed', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-utility-'));
  const shim = join(dataDir, 'parent-port-shim.mjs');
  writeFileSync(shim, PARENT_PORT_SHIM);
  const sandbox = await startSandbox({ port: 0, token: randomBytes(18).toString('base64url') });
  const utility = standInUtilityProcess(shim);
  const core = await startHostClient({
    spawn: utilityHost(utility, HOST_ENTRY),
    logFile: join(dataDir, 'cashdesk.log'),
    core: { dataDir, keychainService: `cashdesk-test-${randomUUID()}`, training: sandbox },
  });
  t.after(async () => {
    await core.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const states: ConnectionState[] = [];
  core.on((event, payload) => {
    if (event === 'core.connection') states.push((payload as { state: ConnectionState }).state);
  });
  assert.equal((await core.invoke('app.getState', {})).ok, true);

  process.kill(core.pid!, 'SIGKILL');
  await until(() => states.includes('connected'), 'the core back');
  assert.deepEqual(states, ['reconnecting', 'connected']);
  assert.equal(utility.forked.length, 2);
  assert.equal(core.pid, utility.forked[1]);
  assert.equal((await core.invoke('app.getState', {})).ok, true);
});

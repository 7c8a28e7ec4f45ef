// What the core's own process costs a call: app.getState (a cheap channel, so the relay is most of
// what is timed) through the Node child host (main/host/, fork with serialization 'advanced', the
// same protocol the app's utilityProcess speaks) against the same call to a core in this process.
// In the app, main adds one more hop (ipcMain to the client) that it had before as well.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../main/core.ts';
import { startHostClient } from '../main/host/client.ts';
import { forkHost } from '../main/host/fork.ts';
import type { Invoke } from '../main/ipc/dispatch.ts';
import { startSandbox } from '../main/sandbox/server.ts';
import { keychain, percentile } from './core.ts';

const WARMUP = 200;
const CALLS = 2_000;

async function roundTrips(invoke: Invoke): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const started = performance.now();
    const result = await invoke('app.getState', {});
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(`app.getState failed: ${result.error.message}`);
    if (i >= WARMUP) samples.push(ms);
  }
  return samples;
}

export async function benchHost(): Promise<Record<string, number>> {
  const sandbox = await startSandbox({ port: 0, token: randomBytes(18).toString('base64url') });
  const training = { url: sandbox.url, token: sandbox.token };
  const dirs = [
    mkdtempSync(join(tmpdir(), 'cashdesk-bench-host-')),
    mkdtempSync(join(tmpdir(), 'cashdesk-bench-in-')),
  ];
  try {
    const hosted = await startHostClient({
      spawn: forkHost(),
      logFile: join(dirs[0]!, 'cashdesk.log'),
      core: { dataDir: dirs[0]!, training, keychainService: keychain() },
    });
    const host = await roundTrips(hosted.invoke).finally(() => hosted.close());
    const local = await createCore({ dataDir: dirs[1]!, training, keychainService: keychain() });
    const inProcess = await roundTrips(local.invoke).finally(() => local.close());
    const figures = {
      'core.host_roundtrip_ms_p50': Number(percentile(host, 50).toFixed(3)),
      'core.host_roundtrip_ms_p95': Number(percentile(host, 95).toFixed(3)),
      'core.inprocess_roundtrip_ms_p50': Number(percentile(inProcess, 50).toFixed(3)),
      'core.inprocess_roundtrip_ms_p95': Number(percentile(inProcess, 95).toFixed(3)),
    };
    console.log(
      `  app.getState ×${CALLS}: child host p50 ${figures['core.host_roundtrip_ms_p50']} p95 ${figures['core.host_roundtrip_ms_p95']} ms; ` +
        `in process p50 ${figures['core.inprocess_roundtrip_ms_p50']} p95 ${figures['core.inprocess_roundtrip_ms_p95']} ms`,
    );
    return figures;
  } finally {
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await benchHost());

// Whether the counter stays answered while the desk does its heaviest work: a stand-in renderer in
// a thread of its own asks `app.getState` every 5 ms, as IPC would from the renderer's process, and
// times each round trip, while a diagnostics export (five nearly full log files zipped) and the Z
// report of a 5,000-operation shift run at once. A request the core could not take up because its
// event loop was busy counts from when it was sent, so a blocked loop shows in the times.
// `core.ipc_reply_ms_p95` (target ≤ 50 ms) is the busy run's p95. Run alone with `node bench/responsiveness.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { assembleCore, type Core } from '../main/core.ts';
import { createLog } from '../main/log.ts';
import type { TrainingGateway } from '../main/training/gateway.ts';
import { keychain, percentile } from './core.ts';
import { seedShift } from './shift.ts';

const OPERATIONS = 5_000;
const PING_MS = 5;
/** Nothing listens here: the Z report's reconciliation is refused at once. */
const REFUSING_GATEWAY: TrainingGateway = { url: 'http://127.0.0.1:9', token: 'unused' };
/** About 5 MB: the five files of a log that has been rotating for weeks. */
const LOG_LINES = 22_000;

type Log = (line: string) => void;

/** The stand-in renderer: sends numbered requests on a timer, and answers with every round trip. */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
const sent = new Map();
const times = [];
let seq = 0;
const timer = setInterval(() => {
  sent.set(++seq, performance.now());
  parentPort.postMessage(seq);
}, workerData.every);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    // Still unanswered: as long as they have waited so far.
    for (const at of sent.values()) times.push(performance.now() - at);
    parentPort.postMessage({ times });
    return;
  }
  times.push(performance.now() - sent.get(message));
  sent.delete(message);
});
`;

/** Round trips of `app.getState` while `work` runs, in ms. */
async function pinged(core: Core, work: () => Promise<unknown>): Promise<number[]> {
  const worker = new Worker(PINGER, { eval: true, workerData: { every: PING_MS } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: number | { times: number[] }) => {
      if (typeof message === 'number') {
        void core.invoke('app.getState', undefined).then(() => worker.postMessage(message));
      } else resolve(message.times);
    });
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await work();
    worker.postMessage('stop');
    return await done;
  } finally {
    await worker.terminate();
  }
}

export async function benchResponsiveness(
  log: Log = (line) => console.log(`  [responsiveness] ${line}`),
): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-bench-responsive-'));
  const out = mkdtempSync(join(tmpdir(), 'cashdesk-bench-responsive-out-'));
  try {
    seedShift(
      dataDir,
      Array.from({ length: OPERATIONS }, (_, i) => `R-${process.pid}-${i}`),
    );
    const filler = createLog(join(dataDir, 'cashdesk.log'));
    for (let i = 0; i < LOG_LINES; i++) {
      filler.info('gateway_request', {
        method: 'GET',
        path: `/operations/R-${process.pid}-${i % OPERATIONS}`,
        status: 200,
        ms: i % 97,
        shopId: 1001,
        note: 'a read while the lookup queue drains, as a busy day logs them',
      });
    }
    // Before: the log wrote each line at once and had no flush.
    await (filler as { flush?: () => Promise<void> }).flush?.();

    const { core, probe } = await assembleCore({
      dataDir,
      training: REFUSING_GATEWAY,
      keychainService: keychain(),
      gateway: { retry: { limit: 0 } },
      lookups: { concurrency: 8 },
    });
    try {
      // The start's own work (the chain's check, the first lookups) is over before anything is timed.
      await probe.chainChecked();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idle = await pinged(core, () => new Promise((resolve) => setTimeout(resolve, 1000)));
      const took: Record<string, number> = {};
      const timedCall = async (name: string, call: () => Promise<unknown>) => {
        const started = performance.now();
        const result = (await call()) as { ok: boolean; error?: { message: string } };
        took[name] = performance.now() - started;
        if (!result.ok) throw new Error(`${name}: ${result.error?.message}`);
      };
      const exportZip = () =>
        timedCall('diagnostics.export', () =>
          core.invoke('diagnostics.export', { path: join(out, 'diagnostics.zip'), supervisorPin: '840517' }),
        );
      const exporting = await pinged(core, exportZip);
      log(
        `during the export alone (${took['diagnostics.export']!.toFixed(0)} ms): ` +
          `p95 ${percentile(exporting, 95).toFixed(1)}, max ${Math.max(...exporting).toFixed(1)} ms`,
      );
      const busy = await pinged(core, () =>
        Promise.all([
          exportZip(),
          timedCall('shift.close', () =>
            core.invoke('shift.close', { counted: [{ currency: 'KZT', total: '0' }], note: 'bench' }),
          ),
        ]),
      );
      const p95 = percentile(busy, 95);
      log(
        `idle: p95 ${percentile(idle, 95).toFixed(1)} ms over ${idle.length} requests; ` +
          `during the export (${took['diagnostics.export']!.toFixed(0)} ms) and the Z report ` +
          `(${took['shift.close']!.toFixed(0)} ms): p50 ${percentile(busy, 50).toFixed(1)}, ` +
          `p95 ${p95.toFixed(1)}, max ${Math.max(...busy).toFixed(1)} ms over ${busy.length} requests`,
      );
      return {
        'core.ipc_reply_ms_p95': Number(p95.toFixed(1)),
        'core.ipc_reply_ms_max': Number(Math.max(...busy).toFixed(1)),
        'core.ipc_reply_idle_ms_p95': Number(percentile(idle, 95).toFixed(1)),
        'core.ipc_reply_export_ms_p95': Number(percentile(exporting, 95).toFixed(1)),
      };
    } finally {
      await core.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await benchResponsiveness());

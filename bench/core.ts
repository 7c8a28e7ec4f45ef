// The core's benchmarks: history queries and cold open over 1,000,000 stored operations, the lookup
// queue draining 10,000 lookups, and what the core adds to a checkout over the bare gateway client.
// The training gateway runs as its own process (main/sandbox/cli.ts), as a real gateway would, so
// its CPU time is not charged to the core. Run alone with `node bench/core.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperationView, Response } from '../common/contract.ts';
import { assembleCore, createCore } from '../main/core.ts';
import { createGatewayClient } from '../main/gateway/client.ts';
import { createStore } from '../main/store/index.ts';
import type { TrainingGateway } from '../main/training/gateway.ts';
import { databaseBytes, prng, type SeededHistory, seededHistory, seededKeychain } from './seed.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OPERATIONS = 1_000_000;
const SHOP = 1001;
const CASH_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000101';
const PHONE = '+77011234567';
/** Where nothing listens: a core over a settled history never needs its training gateway. */
const UNUSED_GATEWAY: TrainingGateway = { url: 'http://127.0.0.1:9', token: 'unused' };

type Log = (line: string) => void;

const PARTS = ['history', 'cold-open', 'queue', 'checkout'] as const;
type Part = (typeof PARTS)[number];

export async function benchCore(
  log: Log = (line) => console.log(`  [core] ${line}`),
  parts: readonly Part[] = PARTS,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  if (parts.includes('history') || parts.includes('cold-open')) {
    const history = seededHistory({ operations: OPERATIONS, eventsPerOperation: 3 }, log);
    const bytes = databaseBytes(history.file, (path) => statSync(path).size);
    log(`database: ${(bytes / 1e6).toFixed(0)} MB for ${history.operations.toLocaleString('en')} operations`);
    results['history.db_bytes_per_operation'] = round(bytes / history.operations, 0);
    if (parts.includes('history')) Object.assign(results, await historyQueries(history, log));
    if (parts.includes('cold-open')) results['core.cold_open_ms'] = await coldOpen(history.dataDir, log);
  }
  if (parts.includes('queue')) Object.assign(results, await queueDrain(log));
  if (parts.includes('checkout')) Object.assign(results, await checkoutOverhead(log));
  return results;
}

// ── History over 1,000,000 operations ───────────────────────────────────────────────────────────

async function historyQueries(history: SeededHistory, log: Log): Promise<Record<string, number>> {
  const keychainEntry = await seededKeychain();
  const { core, probe } = await assembleCore({
    dataDir: history.dataDir,
    training: UNUSED_GATEWAY,
    keychainService: keychainEntry.service,
  });
  // The chain's check after the start reads every link: measured apart (bench/chain.ts), not here.
  await probe.chainChecked();
  try {
    const search = async (request: Record<string, unknown>) => {
      const started = performance.now();
      const result = await core.invoke('history.search', request);
      const ms = performance.now() - started;
      if (!result.ok) throw new Error(`history.search failed: ${result.error.message}`);
      return { ms, value: result.value as Response<'history.search'> };
    };

    // What the agent does when a payer reads a number out: the whole number, typed or scanned.
    const byNumber: number[] = [];
    for (const [i, number] of history.sampleNumbers.entries()) {
      const { ms, value } = await search({ text: number });
      if (value.rows[0]?.operationNumber !== number) throw new Error(`lookup of ${number} did not find it`);
      if (i >= 100) byNumber.push(ms);
    }

    // Date range + type + status, newest first, 50 a page: the first page and the next three.
    const random = prng(11);
    const first = Date.parse(history.from);
    const span = Date.parse(history.to) - first;
    const pages: number[] = [];
    for (let i = 0; i < 200; i++) {
      const days = [1, 7, 30, 90, 365][i % 5]!;
      const from = first + random() * (span - days * 86_400_000);
      const request = {
        type: random() < 0.5 ? 'payin' : 'payout',
        status: 'captured',
        from: new Date(from).toISOString(),
        to: new Date(from + days * 86_400_000).toISOString(),
        limit: 50,
      };
      let before: unknown;
      for (let page = 0; page < 4; page++) {
        const { ms, value } = await search(before ? { ...request, before } : request);
        if (i >= 20) pages.push(ms);
        if (!value.next) break;
        before = value.next;
      }
    }

    // Not targets, but what search-as-you-type and a status-only filter cost at this size.
    const prefixes: number[] = [];
    for (const prefix of [
      'T',
      'T01-',
      'T01-26',
      'T01-2606',
      'T01-2407',
      'T01-240709',
      'T01-240709-04',
      'P00213',
    ]) {
      for (let i = 0; i < 10; i++) prefixes.push((await search({ text: prefix })).ms);
    }
    const statusOnly: number[] = [];
    for (const status of ['captured', 'created', 'unknown']) {
      for (let i = 0; i < 10; i++) statusOnly.push((await search({ status })).ms);
    }

    // Text anywhere in the number, payer ID or payer details, as an agent types it: a number's
    // 4-digit tail, a payer ID whole or in part, a run of a phone's digits, a number's start in
    // lower case, a name; alone and within a month. Each is a first page, so its totals are in it.
    const random2 = prng(23);
    const pick = <T>(list: T[]) => list[Math.floor(random2() * list.length)]!;
    const texts = [
      '0002',
      '777',
      'payer-777',
      't01-',
      ...Array.from({ length: 12 }, () => pick(history.sampleNumbers).slice(-4)),
      ...Array.from({ length: 6 }, () => pick(history.samplePayers).slice(-5)),
      ...Array.from({ length: 12 }, () => pick(history.samplePhones).replace(/\D/g, '').slice(4, 11)),
      ...Array.from({ length: 6 }, () => pick(history.sampleNumbers).slice(0, 8).toLowerCase()),
      'petrova',
      'садыкова',
    ];
    const month = {
      from: new Date(first + span / 2).toISOString(),
      to: new Date(first + span / 2 + 30 * 86_400_000).toISOString(),
    };
    const textSearch: number[] = [];
    for (let pass = 0; pass < 4; pass++) {
      for (const text of texts) {
        for (const request of [{ text }, { text, ...month }]) {
          const { ms } = await search(request);
          if (pass > 0) textSearch.push(ms);
        }
      }
    }

    // What the totals add to a first page for filters an agent uses (a day, a week, a payer, a
    // week's completed cash-ins), and what the whole history costs, past their bound.
    const store = createStore(history.dataDir);
    const totalsTypical: number[] = [];
    let totalsAll = 0;
    try {
      const day = 86_400_000;
      const end = Date.parse(history.to);
      for (let pass = 0; pass < 11; pass++) {
        for (const filter of [
          { from: new Date(end - day).toISOString() },
          { from: new Date(end - 7 * day).toISOString() },
          { text: pick(history.samplePayers) },
          { type: 'payin' as const, status: 'captured', from: new Date(end - 7 * day).toISOString() },
        ]) {
          const started = performance.now();
          store.operations.totals(filter);
          if (pass > 0) totalsTypical.push(performance.now() - started);
        }
      }
      const started = performance.now();
      if (store.operations.totals({}) !== null) throw new Error('the whole history was totalled');
      totalsAll = performance.now() - started;
    } finally {
      store.close();
    }

    log(
      `by number p50 ${round(percentile(byNumber, 50))} p95 ${round(percentile(byNumber, 95))} ms; ` +
        `search page p50 ${round(percentile(pages, 50))} p95 ${round(percentile(pages, 95))} ms; ` +
        `prefix max ${round(Math.max(...prefixes))} ms; status-only max ${round(Math.max(...statusOnly))} ms; ` +
        `text p50 ${round(percentile(textSearch, 50))} p95 ${round(percentile(textSearch, 95))} ms; ` +
        `totals p50 ${round(percentile(totalsTypical, 50))} p95 ${round(percentile(totalsTypical, 95))} ms, ` +
        `whole history ${round(totalsAll)} ms`,
    );
    return {
      'history.lookup_by_number_ms_p95': round(percentile(byNumber, 95)),
      'history.search_page_ms_p95': round(percentile(pages, 95)),
      'history.prefix_search_ms_p95': round(percentile(prefixes, 95)),
      'history.status_only_page_ms_p95': round(percentile(statusOnly, 95)),
      'history.text_search_ms_p95': round(percentile(textSearch, 95)),
      'history.totals_ms_p95': round(percentile(totalsTypical, 95)),
      'history.totals_whole_history_ms': round(totalsAll),
    };
  } finally {
    await core.close();
    await keychainEntry.forget();
  }
}

/** createCore over the big history, each time in a fresh process so no SQLite page is cached in it. */
async function coldOpen(dataDir: string, log: Log): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--cold-open', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`cold open run exited with ${code}`);
    samples.push(JSON.parse(output).ms);
  }
  log(`cold open runs: ${samples.map((ms) => round(ms)).join(', ')} ms`);
  return round(percentile(samples, 50));
}

async function coldOpenChild(dataDir: string): Promise<void> {
  const keychainEntry = await seededKeychain();
  const started = performance.now();
  const core = await createCore({
    dataDir,
    training: UNUSED_GATEWAY,
    keychainService: keychainEntry.service,
  });
  const ms = performance.now() - started;
  await core.close();
  await keychainEntry.forget();
  process.stdout.write(JSON.stringify({ ms }));
}

// ── The lookup queue ────────────────────────────────────────────────────────────────────────────

async function queueDrain(log: Log): Promise<Record<string, number>> {
  const LOOKUPS = 10_000;
  const gateway = await startGatewayProcess();
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-bench-queue-'));
  try {
    // The operations exist at the gateway, already captured, so each lookup settles its entry.
    const client = createGatewayClient({ baseUrl: gateway.url, token: gateway.token });
    const numbers = Array.from({ length: LOOKUPS }, (_, i) => `Q-${process.pid}-${i}`);
    const started = performance.now();
    await pool(numbers, 16, async (operationNumber) => {
      const session = await client.openSession({
        paymentMethodTypeId: CASH_KZT_IN,
        operationType: 'payin',
        shopId: SHOP,
        operationNumber,
        payerId: 'P0000042',
        amount: '1500',
        currency: 'KZT',
      });
      await client.createOperation({
        sessionId: session.sessionId,
        payerRequisites: [{ name: 'phone', type: 'string', value: PHONE }],
      });
      await gateway.capture(operationNumber);
    });
    log(
      `created and captured ${LOOKUPS} operations at the gateway in ${round((performance.now() - started) / 1000, 1)} s`,
    );

    // Locally they still read `created`, each with its status lookup waiting in the outbox.
    const store = createStore(dataDir);
    store.transaction(() => {
      for (const operationNumber of numbers) {
        store.operations.insert(
          {
            shopId: SHOP,
            operationNumber,
            terminalId: 'T01',
            origin: 'counter',
            type: 'payin',
            training: true,
            methodId: CASH_KZT_IN,
            methodName: 'Cash KZT',
            instrumentType: 'cash',
            payerId: 'P0000042',
            amount: '1500',
            currency: 'KZT',
            phase: 'created',
            status: 'created',
          },
          { kind: 'created', detail: 'status created' },
        );
        store.outbox.enqueue(SHOP, operationNumber, 'status');
      }
    });
    store.close();

    const drainStarted = performance.now();
    const { core, probe } = await assembleCore({ dataDir, training: gateway, keychainService: keychain() });
    await probe.idle();
    const seconds = (performance.now() - drainStarted) / 1000;
    const duplicates = probe.duplicateInflight();
    await core.close();

    const check = createStore(dataDir);
    const settled = check.operations.search({ status: 'captured', limit: 200 }).length;
    const left = check.outbox.count();
    check.close();
    if (left !== 0 || settled !== 200)
      throw new Error(`the queue did not settle: ${left} left in the outbox`);
    log(`drained ${LOOKUPS} lookups in ${round(seconds, 2)} s`);
    return {
      'queue.drain_lookups_per_s': round(LOOKUPS / seconds, 0),
      'queue.duplicate_inflight': duplicates,
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── Checkout overhead ───────────────────────────────────────────────────────────────────────────

/** Core openSession + createOperation (persisted, validated, viewed) ÷ the same two bare client calls. */
/**
 * Core openSession + createOperation (persisted, validated, viewed) against the same two bare client
 * calls, and how many commits each checkout syncs to disk: the write-ahead records that must
 * survive a power cut before each POST (under WAL with synchronous=FULL, one WAL fsync each).
 */
async function checkoutOverhead(log: Log): Promise<Record<string, number>> {
  const gateway = await startGatewayProcess();
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-bench-checkout-'));
  // The status lookup each creation queues runs between timed rounds, never inside one.
  const { core, probe } = await assembleCore({
    dataDir,
    training: gateway,
    keychainService: keychain(),
    lookups: { statusDelayMs: 5, statusMaxDelayMs: 5 },
  });
  const started = await core.invoke('shift.openTraining', {});
  if (!started.ok) throw new Error(`shift.openTraining: ${started.error.message}`);
  const client = createGatewayClient({ baseUrl: gateway.url, token: gateway.token });
  try {
    let bareCount = 0;
    const viaCore = async () => {
      const started = performance.now();
      const opened = await core.invoke('checkout.openSession', {
        shopId: SHOP,
        operationType: 'payin',
        paymentMethodId: CASH_KZT_IN,
        amount: '1500',
        payerId: 'P0000042',
      });
      if (!opened.ok) throw new Error(`openSession: ${opened.error.message}`);
      const created = await core.invoke('checkout.createOperation', {
        localId: (opened.value as OperationView).localId,
        payerRequisites: [{ name: 'phone', value: PHONE }],
      });
      const ms = performance.now() - started;
      if (!created.ok) throw new Error(`createOperation: ${created.error.message}`);
      await gateway.capture((created.value as OperationView).operationNumber);
      await probe.idle();
      return ms;
    };
    const bare = async () => {
      const started = performance.now();
      const session = await client.openSession({
        paymentMethodTypeId: CASH_KZT_IN,
        operationType: 'payin',
        shopId: SHOP,
        operationNumber: `BARE-${process.pid}-${++bareCount}`,
        payerId: 'P0000042',
        amount: '1500',
        currency: 'KZT',
      });
      await client.createOperation({
        sessionId: session.sessionId,
        payerRequisites: [{ name: 'phone', type: 'string', value: PHONE }],
      });
      return performance.now() - started;
    };
    const coreMs: number[] = [];
    const bareMs: number[] = [];
    const durableBefore = probe.durableCommits();
    for (let i = 0; i < 330; i++) {
      // Alternate which goes first, so neither always follows the other.
      let core: number;
      let plain: number;
      if (i % 2) {
        core = await viaCore();
        plain = await bare();
      } else {
        plain = await bare();
        core = await viaCore();
      }
      if (i >= 30) {
        coreMs.push(core);
        bareMs.push(plain);
      }
    }
    const fsyncs = (probe.durableCommits() - durableBefore) / 330;
    const ratio = percentile(coreMs, 50) / percentile(bareMs, 50);
    log(
      `checkout median: core ${round(percentile(coreMs, 50))} ms, bare client ${round(percentile(bareMs, 50))} ms ` +
        `(p95 ${round(percentile(coreMs, 95))} / ${round(percentile(bareMs, 95))})`,
    );
    return {
      'core.checkout_overhead_ratio': round(ratio, 3),
      'core.checkout_fsyncs': round(fsyncs, 2),
      'core.checkout_median_ms': round(percentile(coreMs, 50), 2),
      'core.bare_checkout_median_ms': round(percentile(bareMs, 50), 2),
    };
  } finally {
    await core.close();
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

type GatewayProcess = TrainingGateway & {
  capture(operationNumber: string): Promise<void>;
  close(): Promise<void>;
};

/** The sandbox as its own process on a free port, like the gateway the app really talks to. */
export async function startGatewayProcess(): Promise<GatewayProcess> {
  const token = randomBytes(18).toString('base64url');
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'main/sandbox/cli.ts'), '--port', '0', '--token', token],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
  });
  return {
    url,
    token,
    async capture(operationNumber) {
      const response = await fetch(
        `${url}/sandbox/operations/${SHOP}/${encodeURIComponent(operationNumber)}/capture`,
        {
          method: 'POST',
          headers: { 'Api-Access-Token': token },
        },
      );
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`capture ${operationNumber}: HTTP ${response.status}`);
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}

/** A keychain service of the benchmark's own; nothing here reads or writes a token. */
export function keychain(): string {
  return `cashdesk-bench-${randomUUID()}`;
}

if (import.meta.main) {
  if (process.argv[2] === '--cold-open') {
    await coldOpenChild(process.argv[3]!);
  } else {
    const asked = process.argv.slice(2) as Part[];
    console.log(await benchCore(undefined, asked.length ? asked : PARTS));
  }
}

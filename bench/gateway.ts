// What the gateway client costs over a bare fetch: the median time of `getOperation` through the
// client (ky, retry wrapper, zod parsing, error mapping) divided by the median time of a bare
// `fetch` + `JSON.parse` of the same URL with the same headers, against a sandbox with no added
// latency. Target: ≤ 1.25. Run alone with `node bench/gateway.ts`.
import { pathToFileURL } from 'node:url';
import { createGatewayClient } from '../main/gateway/client.ts';
import { DEFAULT_CATALOGUE } from '../main/sandbox/catalogue.ts';
import { startSandbox } from '../main/sandbox/server.ts';

export type GatewayBenchOptions = { iterations?: number; warmup?: number };

export type GatewayBenchDetail = {
  ratio: number;
  clientMedianMs: number;
  rawMedianMs: number;
  iterations: number;
};

const TOKEN = 'bench-token';
const SHOP_ID = 1001;

export async function benchGateway(options: GatewayBenchOptions = {}): Promise<Record<string, number>> {
  const detail = await measureGateway(options);
  return { 'gateway.client_vs_raw_fetch_ratio': round(detail.ratio, 3) };
}

export async function measureGateway({
  iterations = 300,
  warmup = 50,
}: GatewayBenchOptions = {}): Promise<GatewayBenchDetail> {
  const sandbox = await startSandbox({ port: 0, token: TOKEN });
  try {
    const client = createGatewayClient({ baseUrl: sandbox.url, token: TOKEN });
    const shop = DEFAULT_CATALOGUE.shops.find((s) => s.id === SHOP_ID);
    const method = DEFAULT_CATALOGUE.methodTypes.find(
      (m) => m.operationType === 'payin' && shop?.methodTypeIds.includes(m.id),
    );
    if (!method) throw new Error(`no payin method for shop ${SHOP_ID} in the sandbox catalogue`);

    const operationNumber = `BENCH-${process.pid}-${Date.now()}`;
    const session = await client.openSession({
      paymentMethodTypeId: method.id,
      operationType: method.operationType,
      shopId: SHOP_ID,
      operationNumber,
      payerId: 'bench-payer',
      amount: method.minAmount,
      currency: method.currency,
    });
    const values: Record<string, string> = {
      fullName: 'Bench Payer',
      phone: '+77011234567',
      cardNumber: '4400430212345678',
      iban: 'KZ86125KZT5004100100',
    };
    const created = await client.createOperation({
      sessionId: session.sessionId,
      payerRequisites: session.payerRequisites.map((d) => ({
        name: d.name,
        type: d.type,
        value: values[d.name] ?? 'x',
      })),
    });

    const url = `${sandbox.url}/api/v1/agents/operations/${SHOP_ID}/${encodeURIComponent(operationNumber)}`;
    const headers = { Accept: 'application/json', 'Api-Access-Token': TOKEN };
    const viaClient = () => client.getOperation({ shopId: SHOP_ID, operationNumber });
    const viaFetch = async () => {
      const response = await fetch(url, { headers });
      return JSON.parse(await response.text()) as { data: { operation: { id: string | number } } };
    };

    // Both sides must fetch the same thing, or the ratio means nothing.
    const [a, b] = [await viaClient(), await viaFetch()];
    if (a.operation.id !== created.operation.id || String(b.data.operation.id) !== created.operation.id) {
      throw new Error('the client and the bare fetch did not read the same operation');
    }

    const clientTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < warmup + iterations; i++) {
      // Interleaved, and alternating which goes first, so drift and GC fall on both sides alike.
      const order = i % 2 === 0 ? ([viaClient, viaFetch] as const) : ([viaFetch, viaClient] as const);
      for (const run of order) {
        const started = performance.now();
        await run();
        const elapsed = performance.now() - started;
        if (i >= warmup) (run === viaClient ? clientTimes : rawTimes).push(elapsed);
      }
    }
    const clientMedianMs = median(clientTimes);
    const rawMedianMs = median(rawTimes);
    return { ratio: clientMedianMs / rawMedianMs, clientMedianMs, rawMedianMs, iterations };
  } finally {
    await sandbox.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const detail = await measureGateway();
  const result = { 'gateway.client_vs_raw_fetch_ratio': round(detail.ratio, 3) };
  console.log(JSON.stringify(result));
  console.log(
    `getOperation median: client ${detail.clientMedianMs.toFixed(3)} ms, bare fetch ${detail.rawMedianMs.toFixed(3)} ms ` +
      `over ${detail.iterations} interleaved iterations (target ratio ≤ 1.25)`,
  );
}

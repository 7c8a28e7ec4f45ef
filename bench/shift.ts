// The Z report of a shift of 5,000 operations. `shift.z_report_ms` (target ≤ 200 ms) is what
// `shift.close` costs the desk beyond the gateway's answers: counting, variance, reading the shift's
// operations, the X part, the findings, storing the numbered report durably, and the reply parsed
// against the contract; the gateway refuses at once, so the reconciliation is one refused
// connection. `shift.close_with_gateway_ms` is the whole close with every one of the 5,000 read
// once more at a real gateway process (a diagnostic: it is the gateway's time, not the report's).
// Run alone with `node bench/shift.ts`.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ZReport } from '../common/contract.ts';
import { createCore } from '../main/core.ts';
import { createGatewayClient } from '../main/gateway/client.ts';
import { createStore, DATABASE_FILE } from '../main/store/index.ts';
import type { TrainingGateway } from '../main/training/gateway.ts';
import { keychain, percentile, pool, startGatewayProcess } from './core.ts';
import { prng } from './seed.ts';

const OPERATIONS = 5_000;
const SHOP = 1001;
const CASH_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000101';
const CASH_KZT_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000201';
const PHONE = '+77011234567';
/** Nothing listens here: every read is refused at once. */
const REFUSING_GATEWAY: TrainingGateway = { url: 'http://127.0.0.1:9', token: 'unused' };
const COUNTED = [{ currency: 'KZT', total: '0' }];

type Log = (line: string) => void;

export async function benchShift(
  log: Log = (line) => console.log(`  [shift] ${line}`),
): Promise<Record<string, number>> {
  const seeded = mkdtempSync(join(tmpdir(), 'cashdesk-bench-shift-'));
  try {
    const numbers = Array.from({ length: OPERATIONS }, (_, i) => `Z-${process.pid}-${i}`);
    seedShift(seeded, numbers);
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) samples.push((await close(seeded, REFUSING_GATEWAY, false)).ms);
    log(`Z report of ${OPERATIONS} operations: ${samples.map((ms) => round(ms)).join(', ')} ms`);

    const gateway = await startGatewayProcess();
    try {
      await createAtGateway(gateway, numbers, log);
      const whole = await close(seeded, gateway, true);
      log(`close with ${OPERATIONS} reads at the gateway: ${round(whole.ms)} ms`);
      return {
        'shift.z_report_ms': round(percentile(samples.slice(2), 50)),
        'shift.close_with_gateway_ms': round(whole.ms, 0),
      };
    } finally {
      await gateway.close();
    }
  } finally {
    rmSync(seeded, { recursive: true, force: true });
  }
}

/** One close on a fresh copy of the seeded shift; checks the report before trusting the time. */
async function close(seeded: string, training: TrainingGateway, reachable: boolean): Promise<{ ms: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-bench-close-'));
  copyFileSync(join(seeded, DATABASE_FILE), join(dataDir, DATABASE_FILE));
  const core = await createCore({
    dataDir,
    training,
    keychainService: keychain(),
    gateway: { retry: { limit: 0 } },
    lookups: { concurrency: 8 },
  });
  try {
    const started = performance.now();
    const result = await core.invoke('shift.close', { counted: COUNTED, note: 'bench' });
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(`shift.close: ${result.error.message}`);
    const z = result.value as ZReport;
    const [reconciliation] = z.reconciliations;
    if (z.operations !== OPERATIONS || reconciliation?.complete !== reachable) {
      throw new Error(
        `unexpected Z report: ${z.operations} operations, complete ${reconciliation?.complete}`,
      );
    }
    return { ms };
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * An open training shift of 5,000 operations, as a busy day leaves it: most captured with their
 * cash recorded, some payouts still owed, some waiting, a few attempts that never became operations.
 */
export function seedShift(dataDir: string, numbers: string[]): void {
  const store = createStore(dataDir);
  const random = prng(5);
  const opened = Date.now() - 10 * 3_600_000;
  store.transaction(() => {
    const shiftId = store.shifts.insert({
      terminalId: 'T01',
      training: true,
      operatorId: null,
      operatorName: 'Training',
      openedAt: new Date(opened).toISOString(),
      openingFloat: [{ currency: 'KZT', total: '500000.00', denominations: null }],
    });
    numbers.forEach((operationNumber, i) => {
      const type = random() < 0.5 ? 'payin' : 'payout';
      const roll = random();
      const phase = roll < 0.97 ? 'created' : 'abandoned';
      const captured = phase === 'created' && roll < 0.93;
      const custody = captured && roll < 0.9;
      const at = new Date(opened + i * 7_000).toISOString();
      const record = store.operations.insert(
        {
          shopId: SHOP,
          operationNumber,
          terminalId: 'T01',
          origin: 'counter',
          type,
          training: true,
          methodId: type === 'payin' ? CASH_KZT_IN : CASH_KZT_OUT,
          methodName: 'Cash KZT',
          instrumentType: 'cash',
          payerId: 'P0000042',
          amount: type === 'payin' ? '1500' : '1000',
          currency: 'KZT',
          phase,
          status: phase === 'created' ? (captured ? 'captured' : 'created') : null,
          createdAt: at,
          shiftId,
          operator: 'Training',
          custodyKind: custody ? (type === 'payin' ? 'received' : 'handed_over') : null,
          custodyAt: custody ? at : null,
          custodyTerminalId: custody ? 'T01' : null,
          custodyOperator: custody ? 'Training' : null,
          custodyShiftId: custody ? shiftId : null,
        },
        { kind: 'created' },
      );
      if (custody) {
        store.custody.insert({
          localId: record.localId,
          kind: type === 'payin' ? 'received' : 'handed_over',
          reverses: null,
          amount: record.amount,
          currency: 'KZT',
          direction: type === 'payin' ? 1 : -1,
          shiftId,
          terminalId: 'T01',
          operator: 'Training',
          at,
          reason: null,
        });
      }
    });
  });
  store.close();
}

/** The same 5,000 numbers at the gateway, with the same figures, so every read agrees. */
async function createAtGateway(
  gateway: Awaited<ReturnType<typeof startGatewayProcess>>,
  numbers: string[],
  log: Log,
): Promise<void> {
  const started = performance.now();
  const client = createGatewayClient({ baseUrl: gateway.url, token: gateway.token });
  const random = prng(5);
  const plan = numbers.map(() => {
    const type = random() < 0.5 ? 'payin' : 'payout';
    const roll = random();
    return { type, created: roll < 0.97, captured: roll < 0.93 } as const;
  });
  await pool(
    numbers.map((n, i) => ({ n, ...plan[i]! })),
    16,
    async ({ n, type, created, captured }) => {
      if (!created) return;
      const session = await client.openSession({
        paymentMethodTypeId: type === 'payin' ? CASH_KZT_IN : CASH_KZT_OUT,
        operationType: type,
        shopId: SHOP,
        operationNumber: n,
        payerId: 'P0000042',
        amount: type === 'payin' ? '1500' : '1000',
        currency: 'KZT',
      });
      await client.createOperation({
        sessionId: session.sessionId,
        payerRequisites:
          type === 'payin'
            ? [{ name: 'phone', type: 'string', value: PHONE }]
            : [
                { name: 'fullName', type: 'string', value: 'Bench Payer' },
                { name: 'phone', type: 'string', value: PHONE },
              ],
      });
      if (captured) await gateway.capture(n);
    },
  );
  log(
    `created ${numbers.length} operations at the gateway in ${round((performance.now() - started) / 1000, 1)} s`,
  );
}

function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}

if (import.meta.main) console.log(await benchShift());

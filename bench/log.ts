// The support log's redaction, as every line pays it: a working day's 500 learned payer values and
// two tokens, lines shaped like the core's own (a handler error, a gateway body echoing a payer),
// and the finding-3 lines full of backslashes that once stalled the event loop for minutes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLog } from '../main/log.ts';
import { createRedactor } from '../main/log-redaction.ts';
import { percentile } from './core.ts';

const LEARNED = 500;
const LINES = 4_000;

type Redactor = ReturnType<typeof createRedactor>;

/** What log.ts does to each line: the detail walked, then the serialized line scanned again. */
function redactLine(redactor: Redactor, event: string, detail: unknown): string {
  const safe = redactor.value(detail);
  return redactor.known(
    JSON.stringify({ at: new Date().toISOString(), level: 'error', event, detail: safe }),
  );
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export async function benchLog(): Promise<Record<string, number>> {
  const redactor = createRedactor();
  redactor.addSecret(randomBytes(24).toString('base64url'));
  redactor.addSecret(`live/${randomBytes(18).toString('base64')}`);
  const phones: string[] = [];
  for (let i = 0; i < LEARNED; i++) {
    const phone = `+7701${String(1_000_000 + i * 7919).slice(-7)}`;
    phones.push(phone);
    redactor.addPersonal(i % 2 ? phone : `Payer Name ${i} Surname`);
  }
  const lineOf = (i: number) =>
    i % 2
      ? {
          channel: 'checkout.createOperation',
          error: new Error(`refused: phone ${phones[i % LEARNED]} does not match, operation T01-261122-${i}`),
        }
      : {
          kind: 'rejected',
          status: 422,
          body: { message: `payer Payer Name ${i % LEARNED} Surname refused`, field: 'fullName', at: i },
        };
  for (let i = 0; i < 500; i++) redactLine(redactor, 'warmup', lineOf(i));
  const samples: number[] = [];
  for (let i = 0; i < LINES; i++) samples.push(timed(() => redactLine(redactor, 'gateway_error', lineOf(i))));

  // Finding 3: a learned value of backslashes, and an error echoing more of them than it holds.
  let worstBackslashes = 0;
  for (const count of [14, 60]) {
    const slashes = '\\'.repeat(count);
    redactor.addPersonal(`${slashes}7`);
    const detail = { error: new Error(`refused requisite ${slashes}${slashes}${slashes}8`) };
    worstBackslashes = Math.max(
      worstBackslashes,
      timed(() => redactLine(redactor, 'handler_error', detail)),
    );
  }
  const p95 = percentile(samples, 95);
  console.log(
    `  redaction with ${LEARNED} learned values: p50 ${percentile(samples, 50).toFixed(4)} p95 ${p95.toFixed(4)} ms; ` +
      `backslash lines (finding 3) worst ${worstBackslashes.toFixed(3)} ms`,
  );
  return {
    'log.redact_line_ms_p95': Number(p95.toFixed(4)),
    'log.redact_backslash_line_ms': Number(worstBackslashes.toFixed(3)),
    'log.line_us_at_500_secrets': await lineCost(phones),
  };
}

/**
 * What one `log.warn` costs the caller's event loop with 500 learned values and two tokens: the
 * redaction and the hand-over to the writer, the real log on a real disk. The writes themselves are
 * waited for after the clock stops (they are off the event loop), so rotation is part of the run.
 */
async function lineCost(phones: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-bench-log-'));
  try {
    const log = createLog(join(dir, 'cashdesk.log'));
    log.addSecret(randomBytes(24).toString('base64url'));
    log.addSecret(`live/${randomBytes(18).toString('base64')}`);
    for (let i = 0; i < LEARNED; i++) log.addPersonal(i % 2 ? phones[i] : `Payer Name ${i} Surname`);
    const detail = (i: number) => ({
      channel: 'checkout.createOperation',
      error: new Error(`refused: phone ${phones[i % LEARNED]} does not match, operation T01-261122-${i}`),
    });
    for (let i = 0; i < 500; i++) log.warn('warmup', detail(i));
    // Made before the clock starts: capturing an Error's stack is the caller's cost, not the log's.
    // The median of seven rounds: the machine is shared, and one round can land on a busy moment.
    const rounds: number[] = [];
    for (let round = 0; round < 7; round++) {
      const details = Array.from({ length: LINES }, (_, i) => detail(i));
      const started = performance.now();
      for (const each of details) log.warn('gateway_error', each);
      rounds.push(((performance.now() - started) * 1000) / LINES);
      await (log as { flush?: () => Promise<void> }).flush?.();
    }
    const us = percentile(rounds, 50);
    console.log(`  one log line with ${LEARNED} learned values, as the caller pays it: ${us.toFixed(1)} µs`);
    return Number(us.toFixed(1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchLog());
}

// The hash chain's check, as it runs at every start and at each close, over ~100,000 chained rows
// (a seeded history's operation events). `chain.verify_ms` (target ≤ 500 ms) is the median of
// several full checks: every link recomputed from its row, and the seal checked; and what a link
// costs on disk (`chain.bytes_per_link`, the chain table with its index).
import { DatabaseSync } from 'node:sqlite';
import { checkChain } from '../main/audit/chain-guard.ts';
import { createStore } from '../main/store/index.ts';
import { SEED_CHAIN_KEY, seededHistory } from './seed.ts';

const OPERATIONS = 25_000;
const EVENTS_PER_OPERATION = 4;
const RUNS = 5;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** What the chain costs on disk: its links and their index, per link (SQLite's dbstat). */
function linkBytes(file: string, links: number): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name IN ('chain', 'sqlite_autoindex_chain_1')")
      .get() as { bytes: number };
    return round(row.bytes / links, 0);
  } finally {
    db.close();
  }
}

export async function benchChain(): Promise<Record<string, number>> {
  const log = (line: string) => console.log(`  ${line}`);
  const history = seededHistory({ operations: OPERATIONS, eventsPerOperation: EVENTS_PER_OPERATION }, log);
  const store = createStore(history.dataDir);
  try {
    const samples: number[] = [];
    let links = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const result = await checkChain(store, SEED_CHAIN_KEY);
      samples.push(performance.now() - started);
      if (!result) throw new Error('the chain check stopped');
      if (result.findings.length) throw new Error(`the seeded chain is broken: ${result.findings[0]}`);
      links = result.links;
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    log(`${links.toLocaleString('en')} links checked in ${median.toFixed(0)} ms (median of ${RUNS})`);
    return {
      'chain.links_checked': links,
      'chain.verify_ms': round(median),
      'chain.bytes_per_link': linkBytes(history.file, links),
    };
  } finally {
    store.close();
  }
}

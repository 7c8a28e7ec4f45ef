// The head office against a real PostgreSQL (Debian's, started as the tests start it):
// - hq.ingest_entries_per_s (target ≥ 20,000): 100 desks uploading their journals at once through
//   the real HTTP API of `npm run hq`'s process (schema, token, signature, seq and hash checks,
//   projections);
// - hq.ingest_vs_raw_insert_ratio (target ≥ 0.5): that rate over the rate at which 100 clients
//   write the same entries into the same PostgreSQL as plain batched INSERTs, in the same run;
// - hq.dashboard_ms_p95 (target ≤ 50): the network and branch views over HTTP, with 10,000,000
//   entries from 1,000 desks seeded by SQL (generate_series) together with their projections.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { JournalEntry } from '../common/journal-entry.ts';
import { type Db, pgDb } from '../hq/server/db.ts';
import { secretHash } from '../hq/server/secrets.ts';
import { startPostgres } from '../test/hq/postgres.ts';
import { SimDesk, signIn, spawnHq } from '../test/hq/support.ts';

const DESKS = 100;
const DAYS_PER_DESK = 250; // 8 entries a day: 2,000 entries a desk, 200,000 in all
const BATCH = 500;

const SEED_DESKS = 1000;
const SEED_BRANCHES = 50;
const SEED_ENTRIES = 10_000_000;
const VIEW_SAMPLES = 200;

const log = (line: string) => console.log(`  ${line}`);

/**
 * CPU seconds used so far by HQ's processes (the primary and its workers) and by this run's
 * PostgreSQL (its postmaster and the backends it forked): what an entry costs in CPU, whatever else
 * the machine is running meanwhile, other PostgreSQL servers of the same user included.
 */
function cpuSeconds(hqPid: number, postmasterPid: number): { hq: number; pg: number } {
  const ticks = 100; // USER_HZ on Linux
  let hq = 0;
  let pg = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const used = (Number(fields[11]) + Number(fields[12])) / ticks;
      const parent = Number(fields[1]);
      if (Number(pid) === hqPid || parent === hqPid) hq += used;
      else if (Number(pid) === postmasterPid || parent === postmasterPid) pg += used;
    } catch {
      // A process that ended while being read.
    }
  }
  return { hq, pg };
}

/** The postmaster of the server `db` is connected to: the parent of its backend. */
async function postmasterOf(db: Db): Promise<number> {
  const backend = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const stat = readFileSync(`/proc/${backend.rows[0]!.pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]!;

async function ingest(databaseUrl: string): Promise<Record<string, number>> {
  const db = pgDb(databaseUrl, 2);
  const hq = await spawnHq(databaseUrl);
  try {
    // Desks enrolled directly in the table (the enrolment API is the tests'); their tokens and keys
    // are real, and each batch carries the desk's signature, which HQ verifies as it would a desk's.
    const branch = await db.query<{ id: number }>(
      "INSERT INTO hq_branches (name) VALUES ('Bench') RETURNING id",
    );
    const desks: { token: string; batches: string[]; entries: JournalEntry[][] }[] = [];
    for (let i = 0; i < DESKS; i += 1) {
      const desk = new SimDesk(hq.url, `BENCH-${i}`);
      desk.token = `bench-token-${i}-${'x'.repeat(32)}`;
      await db.query(
        'INSERT INTO hq_desks (terminal_id, branch_id, token_hash, public_key) VALUES ($1, $2, $3, $4)',
        [desk.terminalId, branch.rows[0]!.id, secretHash(desk.token), desk.keys.publicKeyPem],
      );
      for (let day = 0; day < DAYS_PER_DESK; day += 1) {
        desk.day(`B${i}-${day}`);
        desk.record('shift_closed', { shiftId: `B${i}-${day}-S`, operator: 'Aigerim' });
      }
      const chunks: JournalEntry[][] = [];
      for (let at = 0; at < desk.entries.length; at += BATCH) chunks.push(desk.entries.slice(at, at + BATCH));
      desks.push({ token: desk.token, batches: chunks.map((c) => desk.uploadBody(c)), entries: chunks });
    }
    const total = desks.reduce((n, d) => n + d.entries.flat().length, 0);
    log(`${DESKS} desks, ${total.toLocaleString('en')} entries in batches of ${BATCH}`);
    const postmaster = await postmasterOf(db);
    const cpuBefore = cpuSeconds(hq.child.pid!, postmaster);
    const started = performance.now();
    await Promise.all(
      desks.map(async (desk) => {
        for (const body of desk.batches) {
          const response = await fetch(`${hq.url}/api/desk/journal`, {
            method: 'POST',
            headers: { authorization: `Bearer ${desk.token}`, 'content-type': 'application/json' },
            body,
          });
          if (response.status !== 200) throw new Error(`upload ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(hq.child.pid!, postmaster);
    const hqUs = ((cpuAfter.hq - cpuBefore.hq) / total) * 1e6;
    const pgUs = ((cpuAfter.pg - cpuBefore.pg) / total) * 1e6;
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_entries');
    if (stored.rows[0]!.n !== total) throw new Error(`stored ${stored.rows[0]!.n} of ${total}`);
    const rate = total / seconds;
    log(`ingested in ${seconds.toFixed(2)} s: ${Math.round(rate).toLocaleString('en')} entries/s`);
    const raw = await rawInsert(databaseUrl, desks);
    log(`plain batched INSERTs of the same entries: ${Math.round(raw).toLocaleString('en')} rows/s`);
    log(
      `CPU an entry: HQ ${hqUs.toFixed(1)} µs, PostgreSQL ${pgUs.toFixed(1)} µs (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    return {
      'hq.ingest_entries_per_s': Math.round(rate),
      'hq.raw_insert_rows_per_s': Math.round(raw),
      'hq.ingest_vs_raw_insert_ratio': round(rate / raw, 3),
      'hq.ingest_desks': DESKS,
      'hq.ingest_hq_cpu_us_per_entry': round(hqUs),
      'hq.ingest_pg_cpu_us_per_entry': round(pgUs),
      // What this machine's cores would ingest with nothing else running: the CPU an entry costs
      // HQ and PostgreSQL together, spread over every core.
      'hq.ingest_cpu_bound_entries_per_s': Math.round((cpus().length * 1e6) / (hqUs + pgUs)),
    };
  } finally {
    hq.child.kill('SIGTERM');
    await db.close();
  }
}

/**
 * What the same PostgreSQL takes with nothing of HQ's around it: each desk's entries written by a
 * client of its own, one plain INSERT a batch, into a table shaped as HQ's entries (its indexes
 * included), all 100 clients at once. Rows a second.
 */
async function rawInsert(databaseUrl: string, desks: { entries: JournalEntry[][] }[]): Promise<number> {
  const db = pgDb(databaseUrl, desks.length);
  try {
    await db.exec('CREATE TABLE raw_entries (LIKE hq_entries INCLUDING ALL)');
    const started = performance.now();
    await Promise.all(
      desks.map(async (desk, i) => {
        for (const batch of desk.entries) {
          await db.query(
            `INSERT INTO raw_entries (terminal_id, seq, at, kind, body, prev_hash, hash)
             SELECT $1, * FROM unnest($2::bigint[], $3::timestamptz[], $4::text[], $5::jsonb[], $6::text[], $7::text[])`,
            [
              `RAW-${i}`,
              batch.map((e) => e.seq),
              batch.map((e) => e.at),
              batch.map((e) => e.kind),
              batch.map((e) => JSON.stringify(e.body)),
              batch.map((e) => e.prevHash),
              batch.map((e) => e.hash),
            ],
          );
        }
      }),
    );
    const rows = desks.reduce((n, d) => n + d.entries.flat().length, 0);
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await db.close();
  }
}

/** 10M entries over 1,000 desks, and the projections ingest would have kept for them, all in SQL. */
async function seed(databaseUrl: string): Promise<void> {
  const db = pgDb(databaseUrl, 2);
  const perDesk = SEED_ENTRIES / SEED_DESKS;
  const opsPerDesk = perDesk / 4;
  try {
    const { migrate } = await import('../hq/server/migrate.ts');
    await migrate(db);
    const started = performance.now();
    await db.exec(`
      INSERT INTO hq_branches (name) SELECT 'Branch ' || lpad(b::text, 3, '0') FROM generate_series(1, ${SEED_BRANCHES}) b;
      INSERT INTO hq_desks (terminal_id, branch_id, high_water, last_entry_at, last_received_at, shift_id, shift_operator,
                            shift_opened_at, last_z_at, last_z_number, last_z_variance)
        SELECT 'D' || lpad(d::text, 4, '0'), 1 + d % ${SEED_BRANCHES}, ${perDesk}, now() - (d || ' seconds')::interval, now(),
               CASE WHEN d % 3 = 0 THEN NULL ELSE 'S' || d END, 'Operator ' || d, now() - interval '3 hours',
               now() - interval '1 day', 30, jsonb_build_array(jsonb_build_object('currency', 'KZT', 'variance', ((d % 7) - 3) || '.00'))
          FROM generate_series(1, ${SEED_DESKS}) d;
      INSERT INTO hq_desk_cash (terminal_id, currency, expected)
        SELECT 'D' || lpad(d::text, 4, '0'), c, 10000 + d FROM generate_series(1, ${SEED_DESKS}) d, unnest(ARRAY['KZT', 'USD']) c;
    `);
    log('desks and branches seeded');
    // In chunks of 100 desks, so no single statement holds gigabytes of WAL in flight.
    for (let from = 1; from <= SEED_DESKS; from += 100) {
      const to = from + 99;
      await db.exec(`
        INSERT INTO hq_entries (terminal_id, seq, at, kind, body, prev_hash, hash)
          SELECT 'D' || lpad(d::text, 4, '0'), s, now() - ((${perDesk} - s) || ' minutes')::interval,
                 (ARRAY['operation_created', 'operation_status', 'custody', 'shift_opened'])[1 + s % 4],
                 jsonb_build_object('operationNumber', 'D' || d || '-' || (s / 4)),
                 md5(d::text || (s - 1)::text) || md5((s - 1)::text || d::text),
                 md5(d::text || s::text) || md5(s::text || d::text)
            FROM generate_series(${from}, ${to}) d, generate_series(1, ${perDesk}) s;
        INSERT INTO hq_operations (operation_number, terminal_id, branch_id, type, amount, currency, instrument, status,
                                   outcome_unknown, received, handed_over, open_cash, created_at, updated_at)
          SELECT 'D' || d || '-' || o, 'D' || lpad(d::text, 4, '0'), 1 + d % ${SEED_BRANCHES},
                 CASE WHEN o % 2 = 0 THEN 'payin' ELSE 'payout' END, 1500, 'KZT', 'cash', 'captured',
                 o % 997 = 0, o % 2 = 0, o % 2 = 1 AND o % 499 <> 0, o % 499 = 0, now(), now()
            FROM generate_series(${from}, ${to}) d, generate_series(1, ${opsPerDesk}) o;
      `);
      log(`entries of desks ${from}–${to} seeded (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    // As autovacuum would have by then: the visibility map lets counts read the indexes alone.
    await db.exec('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
}

async function dashboard(databaseUrl: string): Promise<Record<string, number>> {
  await seed(databaseUrl);
  const db = pgDb(databaseUrl, 2);
  const hq = await spawnHq(databaseUrl);
  try {
    const password = await new Promise<string>((resolve, reject) => {
      const deadline = Date.now() + 30_000;
      const look = () => {
        const found = hq.output.join('\n').match(/password (\S+)/)?.[1];
        if (found) resolve(found);
        else if (Date.now() > deadline) reject(new Error('no admin password printed'));
        else setTimeout(look, 50);
      };
      look();
    });
    const admin = await signIn(hq.url, 'admin', password);
    const time = async (path: string) => {
      const samples: number[] = [];
      for (let i = 0; i < VIEW_SAMPLES + 10; i += 1) {
        const started = performance.now();
        const response = await admin.get(path);
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        await response.json();
        if (i >= 10) samples.push(performance.now() - started);
      }
      return samples;
    };
    const network = await time('/api/network');
    const branches: number[] = [];
    for (let b = 1; b <= 20; b += 1)
      branches.push(...(await time(`/api/branches/${b}`)).slice(0, VIEW_SAMPLES / 20));
    const entries = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM hq_entries');
    log(`${Number(entries.rows[0]!.n).toLocaleString('en')} entries, ${SEED_DESKS} desks`);
    log(`network p95 ${p95(network).toFixed(1)} ms, branch p95 ${p95(branches).toFixed(1)} ms`);
    return {
      'hq.dashboard_ms_p95': round(Math.max(p95(network), p95(branches))),
      'hq.dashboard_network_ms_p95': round(p95(network)),
      'hq.dashboard_branch_ms_p95': round(p95(branches)),
    };
  } finally {
    hq.child.kill('SIGTERM');
    await db.close();
  }
}

export async function benchHq(): Promise<Record<string, number>> {
  const pg = await startPostgres();
  try {
    const ingested = await ingest(await pg.createDatabase());
    const viewed = process.env.HQ_BENCH_SKIP_DASHBOARD ? {} : await dashboard(await pg.createDatabase());
    return { ...ingested, ...viewed };
  } finally {
    await pg.stop();
  }
}

// `npm run hq`: the head office. On PostgreSQL when DATABASE_URL is set, else on PGlite in a data
// folder (HQ_DATA, ./hq-data by default), so it runs out of the box. The first start prints an
// admin login, once.
//
// On PostgreSQL it runs HQ_WORKERS processes (default: one per CPU) sharing the port: checking and
// hashing entries is CPU work, and each desk's batches are serialised by its row lock in the
// database, not by the process. PGlite lives inside one process, so it runs one.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_RETENTION_DAYS } from '../../common/journal-entry.ts';
import { type Db, pgDb, pgliteDb } from './db.ts';
import { MigrationMismatch, migrate } from './migrate.ts';
import { firstAdmin, startHq } from './start.ts';

const databaseUrl = process.env.DATABASE_URL;
const workers = databaseUrl ? Number(process.env.HQ_WORKERS ?? availableParallelism()) : 1;
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const retentionDays = retentionOf(process.env.HQ_DESK_RETENTION_DAYS);
const where = databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${process.env.HQ_DATA ?? 'hq-data'}`;

/** Whole days, at least one; unset is the default. Anything else stops HQ rather than tell desks to drop entries early. */
function retentionOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    console.error(`HQ_DESK_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "${raw}".`);
    process.exit(1);
  }
  return days;
}

async function prepare(db: Db): Promise<void> {
  try {
    await migrate(db);
  } catch (error) {
    console.error(error instanceof MigrationMismatch ? error.message : error);
    await db.close();
    process.exit(1);
  }
}

/**
 * The first admin's login, printed once. A database that fails meanwhile (restarting, say) is asked
 * again, with a growing wait: a start never ends on it, and the requests already served go on.
 */
async function printAdmin(db: Db): Promise<void> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      const admin = await firstAdmin(db);
      if (admin)
        console.log(
          `First admin login, shown this once: username ${admin.username}, password ${admin.password}`,
        );
      return;
    } catch (error) {
      console.error(`hq: the first admin is not made yet (${(error as Error).message}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function primary(): Promise<void> {
  const db = pgDb(databaseUrl!, 2);
  await prepare(db);
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', async (message: { url?: string }) => {
      if (!message.url || announced) return;
      announced = true;
      console.log(`Head office at ${message.url} (${where}, ${workers} workers)`);
      await printAdmin(db);
    });
  };
  for (let i = 0; i < workers; i += 1) fork();
  // A worker that died (not one told to stop) is replaced: the desks keep their endpoint.
  cluster.on('exit', (worker) => {
    if (!worker.exitedAfterDisconnect) fork();
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.disconnect();
    db.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function serve(): Promise<void> {
  const db: Db = databaseUrl ? pgDb(databaseUrl) : await pgliteDb(resolve(process.env.HQ_DATA ?? 'hq-data'));
  await prepare(db);
  const hq = await startHq(db, { port, host, retentionDays });
  const stop = async () => {
    await hq.close();
    await db.close();
    process.exit(0);
  };
  if (cluster.isWorker) {
    process.send?.({ url: hq.url });
    // The primary gone (killed, or stopping us): stop too, rather than serve unsupervised.
    process.once('disconnect', stop);
    return;
  }
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Head office at ${hq.url} (${where})`);
  await printAdmin(db);
}

await (cluster.isPrimary && workers > 1 ? primary() : serve());

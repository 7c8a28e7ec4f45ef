// `npm run hq`: the head office. On PostgreSQL when DATABASE_URL is set, else on PGlite in a data
// folder (HQ_DATA, ./hq-data by default), so it runs out of the box. The first start prints an
// admin login, once.
import { resolve } from 'node:path';
import { type Db, pgDb, pgliteDb } from './db.ts';
import { MigrationMismatch } from './migrate.ts';
import { firstAdmin, startHq } from './start.ts';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const db: Db = url ? pgDb(url) : await pgliteDb(resolve(process.env.HQ_DATA ?? 'hq-data'));
  let hq: Awaited<ReturnType<typeof startHq>>;
  try {
    hq = await startHq(db, { port: Number(process.env.PORT ?? 8787), host: process.env.HOST ?? '127.0.0.1' });
  } catch (error) {
    console.error(error instanceof MigrationMismatch ? error.message : error);
    await db.close();
    process.exit(1);
  }
  console.log(
    `Head office at ${hq.url} (${url ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${process.env.HQ_DATA ?? 'hq-data'}`})`,
  );
  const admin = await firstAdmin(db);
  if (admin) {
    console.log(`First admin login, shown this once: username ${admin.username}, password ${admin.password}`);
  }
  const stop = async () => {
    await hq.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();

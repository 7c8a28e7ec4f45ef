// PostgreSQL restarted under a running head office: the request whose connection the restart cut
// answers 503 (the desk sends it again later), the process lives on (no pg client error ends it),
// and the next request gets a fresh connection and is stored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { pgDb } from '../../hq/server/db.ts';
import { secretHash } from '../../hq/server/secrets.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { SimDesk, spawnHq } from './support.ts';

let postgres: Postgres;
before(async () => {
  postgres = await startPostgres({ own: true });
});
after(() => postgres.stop());

test('a PostgreSQL restart mid-request is a 503 for that request; HQ lives on and the next upload is stored', async (t) => {
  const databaseUrl = await postgres.createDatabase();
  // One process: a pg client error that ended it would end the head office, not just a worker.
  const hq = await spawnHq(databaseUrl, { HQ_WORKERS: '1' });
  t.after(() => hq.child.kill('SIGKILL'));
  // How HQ ended, if it did, with what it printed: the reason a failure names.
  let exited: string | false = false;
  hq.child.once('exit', (code, signal) => {
    exited = `exit ${code ?? signal}: ${hq.output.join('\n')}`;
  });
  const db = pgDb(databaseUrl);
  t.after(() => db.close());
  await db.query("INSERT INTO hq_branches (name) VALUES ('Central')");
  const desk = new SimDesk(hq.url, 'T-1');
  desk.token = 'restart-test-token-0123456789abcdefghij';
  await db.query("INSERT INTO hq_desks (terminal_id, branch_id, token_hash) VALUES ('T-1', 1, $1)", [
    secretHash(desk.token),
  ]);
  desk.day('A');
  assert.equal(await desk.sync(), desk.entries.length);
  desk.day('B');

  // The test holds the desk's row, so HQ's upload waits inside its transaction on a checked-out
  // connection: there the restart finds it.
  const holder = new pg.Client({ connectionString: databaseUrl });
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query("SELECT 1 FROM hq_desks WHERE terminal_id = 'T-1' FOR UPDATE");
  const inFlight = desk.upload(desk.entries.slice(7)).then(
    (response) => response.status,
    () => 'cut' as const,
  );
  for (;;) {
    const waiting = await db.query(
      "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM hq_desks%FOR UPDATE%'",
    );
    if (waiting.rowCount) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await postgres.restart();
  await holder.end().catch(() => undefined);

  assert.equal(await inFlight, 503, 'the cut request answers 503, not a dropped connection');
  assert.equal(exited, false, 'HQ is still running');
  // As a desk's outbox does, a request the network cut is sent again: a keep-alive connection of
  // the first sync, idle through a slow restart, may be closed by HQ just as it is reused.
  const next = await desk.sync().catch((error: unknown) => {
    if (error instanceof TypeError && exited === false) return desk.sync();
    throw error;
  });
  assert.equal(next, desk.entries.length, 'the next upload gets a fresh connection');
  assert.equal(exited, false);
  const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_entries');
  assert.equal(stored.rows[0]!.n, desk.entries.length);
});

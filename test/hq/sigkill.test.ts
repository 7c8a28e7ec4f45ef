// A SIGKILL of the head-office process while a desk uploads: after a restart and the desk's
// re-upload, every entry is there exactly once and the projections agree with the journal.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { pgDb } from '../../hq/server/db.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, SimDesk, signIn, spawnHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('HQ killed with SIGKILL mid-ingest loses and duplicates nothing', async (t) => {
  const databaseUrl = await pg.createDatabase();
  // One process, so the kill stops the very process storing the batch.
  const first = await spawnHq(databaseUrl, { HQ_WORKERS: '1' });
  t.after(() => first.child.kill('SIGKILL'));
  // The first admin's password is printed once, after the URL.
  const deadline = Date.now() + 20_000;
  let password: string | undefined;
  while (!password && Date.now() < deadline) {
    password = first.output.join('\n').match(/password (\S+)/)?.[1];
    if (!password) await new Promise((r) => setTimeout(r, 50));
  }
  const admin = await signIn(first.url, 'admin', password!);
  const { id: branchId } = await json<{ id: number }>(admin.post('/api/admin/branches', { name: 'Central' }));
  const { code } = await json<{ code: string }>(
    admin.post('/api/admin/enrolment-codes', { branchId, terminalId: 'T-1' }),
  );
  const desk = new SimDesk(first.url, 'T-1');
  desk.token = (
    await json<{ deskToken: string }>(
      fetch(`${first.url}/api/desk/enrol`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, terminalId: 'T-1' }),
      }),
    )
  ).deskToken;
  for (let day = 0; day < 400; day += 1) {
    desk.day(`D${day}`);
    desk.record('shift_closed', { shiftId: `D${day}-S`, operator: 'Aigerim' });
  }

  // A first part goes in; then a batch of 1,000 is sent and the process killed while it is stored.
  assert.equal((await desk.upload(desk.entries.slice(0, 800))).status, 200);
  const inFlight = desk.upload(desk.entries.slice(800, 1800)).then(
    () => 'answered',
    () => 'cut',
  );
  await new Promise((r) => setTimeout(r, 15));
  first.child.kill('SIGKILL');
  assert.equal(await inFlight, 'cut', 'the kill cut the upload short');

  const second = await spawnHq(databaseUrl, { HQ_WORKERS: '1' });
  t.after(() => second.child.kill('SIGKILL'));
  const resumed = new SimDesk(second.url, 'T-1');
  resumed.token = desk.token;
  resumed.entries.push(...desk.entries);
  // The desk does not know what HQ committed before dying: it sends again from its last answer.
  const replay = await resumed.upload(desk.entries.slice(800, 1800));
  assert.equal(replay.status, 200);
  assert.equal(await resumed.sync(100), desk.entries.length);

  const db = pgDb(databaseUrl);
  try {
    const counted = await db.query<{ n: number; first: string; last: string }>(
      'SELECT count(*)::int AS n, min(seq)::text AS first, max(seq)::text AS last FROM hq_entries WHERE terminal_id = $1',
      ['T-1'],
    );
    assert.deepEqual(counted.rows[0], { n: 3200, first: '1', last: '3200' });
    const ops = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_operations');
    assert.equal(ops.rows[0]!.n, 800);
    const cash = await db.query<{ expected: string }>(
      "SELECT expected::text AS expected FROM hq_desk_cash WHERE terminal_id = 'T-1'",
    );
    assert.deepEqual(cash.rows, [{ expected: '10800.00' }]);
  } finally {
    await db.close();
  }
});

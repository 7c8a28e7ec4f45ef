// `npm run hq` out of the box: the same server on PGlite (no DATABASE_URL), a data folder kept
// across restarts, and the same enrolment and upload as on PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pgliteDb } from '../../hq/server/db.ts';
import { firstAdmin, startHq } from '../../hq/server/start.ts';
import { json, SimDesk, signIn } from './support.ts';

test('HQ on PGlite enrols a desk, takes its journal, and keeps it across a restart', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-pglite-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let db = await pgliteDb(dir);
  let hq = await startHq(db);
  // Whichever HQ is running when the test ends (or fails) is closed.
  t.after(async () => {
    await hq.close();
    await db.close();
  });
  const login = (await firstAdmin(db))!;
  const admin = await signIn(hq.url, login.username, login.password);
  const { id: branchId } = await json<{ id: number }>(admin.post('/api/admin/branches', { name: 'Central' }));
  const { code } = await json<{ code: string }>(
    admin.post('/api/admin/enrolment-codes', { branchId, terminalId: 'T-1' }),
  );
  const enrolled = await fetch(`${hq.url}/api/desk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, terminalId: 'T-1' }),
  });
  const desk = new SimDesk(hq.url, 'T-1');
  desk.token = ((await enrolled.json()) as { deskToken: string }).deskToken;
  desk.day('A');
  assert.equal(await desk.sync(), 7);
  assert.equal(await desk.sync(), 7, 'nothing left to send');
  await hq.close();
  await db.close();

  db = await pgliteDb(dir);
  hq = await startHq(db);
  assert.equal(await firstAdmin(db), null, 'the first admin is made once');
  const again = new SimDesk(hq.url, 'T-1');
  again.token = desk.token;
  assert.equal(await again.highWater(), 7);
  const cash = await db.query<{ expected: string }>(
    "SELECT expected::text AS expected FROM hq_desk_cash WHERE terminal_id = 'T-1'",
  );
  assert.deepEqual(cash.rows, [{ expected: '10800.00' }]);
});

// Head-office staff: sign-in limits, CSRF, roles, the HQ audit log, and migrations the files don't have.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { pgDb } from '../../hq/server/db.ts';
import { MigrationMismatch, migrate } from '../../hq/server/migrate.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, SimDesk, signIn, startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

const login = (url: string, username: string, password: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

test('sign-in is limited per IP and username; the session cookie is Secure, HttpOnly and SameSite=Strict', async (t) => {
  const hq = await startTestHq(t, pg);
  const created = await json<{ password: string }>(
    hq.admin.post('/api/admin/users', { username: 'dana', role: 'admin', branchId: null }),
  );
  const good = await login(hq.url, 'dana', created.password);
  assert.equal(good.status, 200);
  const cookie = good.headers.get('set-cookie')!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /Secure/);
  assert.match(cookie, /SameSite=Strict/);

  for (let i = 0; i < 5; i += 1) assert.equal((await login(hq.url, 'dana', 'wrong')).status, 401);
  const limited = await login(hq.url, 'dana', created.password);
  assert.equal(limited.status, 429, 'even the right password waits once the limit is reached');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  assert.equal((await login(hq.url, 'other', 'x')).status, 401, 'another username is counted apart');
  const logged = await hq.db.query(
    "SELECT count(*)::int AS n FROM hq_audit_log WHERE action = 'login_failed'",
  );
  assert.equal(logged.rows[0]!.n, 6);
  assert.equal((await hq.db.query("SELECT 1 FROM hq_audit_log WHERE action = 'login_limited'")).rowCount, 1);
  const stored = await hq.db.query<{ password_hash: string }>(
    "SELECT password_hash FROM hq_users WHERE username = 'dana'",
  );
  assert.match(stored.rows[0]!.password_hash, /^scrypt\$32768\$8\$1\$/);
});

test('a mutating request without the session’s CSRF token is refused', async (t) => {
  const hq = await startTestHq(t, pg);
  const noToken = await fetch(`${hq.url}/api/admin/branches`, {
    method: 'POST',
    headers: { cookie: hq.admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Sneaky' }),
  });
  assert.equal(noToken.status, 403);
  assert.equal(((await noToken.json()) as { error: string }).error, 'csrf');
  const wrong = await fetch(`${hq.url}/api/admin/branches`, {
    method: 'POST',
    headers: { cookie: hq.admin.cookie, 'content-type': 'application/json', 'x-csrf-token': 'guess' },
    body: JSON.stringify({ name: 'Sneaky' }),
  });
  assert.equal(wrong.status, 403);
  assert.equal((await hq.db.query("SELECT 1 FROM hq_branches WHERE name = 'Sneaky'")).rowCount, 0);
  assert.equal((await hq.admin.post('/api/admin/branches', { name: 'Proper' })).status, 200);
  const audit = await hq.db.query("SELECT detail FROM hq_audit_log WHERE action = 'branch_created'");
  assert.equal(audit.rowCount, 1);
  assert.equal((await fetch(`${hq.url}/api/network`)).status, 401, 'no cookie, no data');
});

test('a branch supervisor sees their branch only, and no admin page', async (t) => {
  const hq = await startTestHq(t, pg);
  const central = await SimDesk.enrol(hq, 'T-C', 'Central');
  const north = await SimDesk.enrol(hq, 'T-N', 'North');
  central.day('C');
  north.day('N');
  await central.sync();
  await north.sync();
  const branches = await json<{ branches: { id: number; name: string }[] }>(
    hq.admin.get('/api/admin/branches'),
  );
  const northId = branches.branches.find((b) => b.name === 'North')!.id;
  const centralId = branches.branches.find((b) => b.name === 'Central')!.id;
  const created = await json<{ password: string }>(
    hq.admin.post('/api/admin/users', { username: 'nurlan', role: 'supervisor', branchId: northId }),
  );
  const nurlan = await signIn(hq.url, 'nurlan', created.password);

  const network = await json<{ branches: { name: string }[] }>(nurlan.get('/api/network'));
  assert.deepEqual(
    network.branches.map((b) => b.name),
    ['North'],
  );
  assert.equal((await nurlan.get(`/api/branches/${centralId}`)).status, 403);
  assert.equal((await nurlan.get(`/api/branches/${northId}`)).status, 200);
  assert.equal((await nurlan.get('/api/desks/T-C')).status, 403);
  assert.equal((await nurlan.get('/api/desks/T-N')).status, 200);
  const search = await json<{ operations: unknown[] }>(nurlan.get('/api/search?operationNumber=C-IN'));
  assert.equal(search.operations.length, 0);
  assert.equal((await nurlan.get('/api/admin/users')).status, 403);
  assert.equal((await nurlan.post('/api/admin/reset-codes', { terminalId: 'T-N' })).status, 403);

  const all = await json<{ branches: { name: string; expected: unknown }[] }>(hq.admin.get('/api/network'));
  assert.deepEqual(
    all.branches.map((b) => b.name),
    ['Central', 'North'],
  );
  assert.deepEqual(all.branches[0]!.expected, [{ currency: 'KZT', amount: '10800.00' }]);
  const found = await json<{ operations: { terminalId: string; status: string }[] }>(
    hq.admin.get('/api/search?operationNumber=N-OUT'),
  );
  assert.deepEqual(
    found.operations.map((o) => [o.terminalId, o.status]),
    [['T-N', 'captured']],
  );
});

test('HQ refuses a database that lists a migration its files do not have', async () => {
  const db = pgDb(await pg.createDatabase());
  try {
    const files = readdirSync(new URL('../../hq/migrations/', import.meta.url)).sort();
    assert.equal(files[0], '0001-head-office.sql');
    assert.deepEqual(await migrate(db), files, 'every file, in order');
    assert.deepEqual(await migrate(db), [], 'applied once');
    await db.query("INSERT INTO hq_migrations (name) VALUES ('9999-from-the-future.sql')");
    await assert.rejects(migrate(db), MigrationMismatch);
  } finally {
    await db.close();
  }
});

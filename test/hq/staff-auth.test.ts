// Staff sign-in call by call (hq/server/staff-auth.ts), on one HQ and one PostgreSQL for the file:
// JSON only, the session's cookie and its reply, signing out, a success clearing the count of
// failed attempts, the limit's words and wait, and the audit rows each step leaves.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { after, before, describe, test } from 'node:test';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, signIn, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
let hq: TestHq;
const cleanups: (() => Promise<void>)[] = [];
before(async () => {
  pg = await startPostgres();
  const file = { after: (cleanup: () => Promise<void>) => cleanups.push(cleanup) };
  hq = await startTestHq(file as unknown as TestContext, pg);
});
after(async () => {
  for (const cleanup of cleanups) await cleanup();
  await pg.stop();
});

const login = (username: string, password: string, contentType = 'application/json') =>
  fetch(`${hq.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ username, password }),
  });
/** A refusal's kind and its English words (its catalogue key and values beside them aside). */
async function words(response: Response | Promise<Response>) {
  const { error, message } = await json<{ error: string; message: string }>(response);
  return { error, message };
}
const actions = async (action: string) =>
  (
    await hq.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_audit_log WHERE action = $1', [
      action,
    ])
  ).rows[0]!.n;
async function member(username: string): Promise<string> {
  const created = await json<{ password: string }>(
    hq.admin.post('/api/admin/users', { username, role: 'admin', branchId: null }),
  );
  return created.password;
}

describe('signing in and out', () => {
  test('JSON only: a form post is refused before any attempt counts', async () => {
    const refused = await login('nobody', 'x', 'application/x-www-form-urlencoded');
    assert.deepEqual([refused.status, ((await refused.json()) as { error: string }).error], [415, 'invalid']);
    const missing = await fetch(`${hq.url}/api/login`, { method: 'POST', body: '{}' });
    assert.equal(missing.status, 415);
    assert.equal(await actions('login_failed'), 0);
  });

  test('a request the contract refuses says what a good one holds, and which field is wrong', async () => {
    const field = await login('', 'x');
    assert.equal(field.status, 400);
    const { message } = (await field.json()) as { message: string };
    assert.match(message, /^Enter your username and password\. \(username: .+\)$/);
    const whole = await fetch(`${hq.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not json',
    });
    assert.deepEqual(await words(whole), {
      error: 'invalid',
      message: 'Enter your username and password. (Invalid input: expected object, received undefined)',
    });
  });

  test('signed out, a staff route says to sign in; a failed sign-in is audited with the member it named', async () => {
    assert.deepEqual(await words(fetch(`${hq.url}/api/network`)), {
      error: 'signed_out',
      message: 'Sign in first.',
    });
    const password = await member('galym');
    assert.ok(password);
    await login('galym', 'wrong');
    await login('nobody-at-all', 'wrong');
    const rows = await hq.db.query<{ user_id: number | null; username: string }>(
      `SELECT a.user_id, a.detail->>'username' AS username FROM hq_audit_log a
        WHERE a.action = 'login_failed' AND a.detail->>'username' IN ('galym', 'nobody-at-all') ORDER BY a.id`,
    );
    const galym = await hq.db.query<{ id: number }>("SELECT id FROM hq_users WHERE username = 'galym'");
    assert.deepEqual(
      rows.rows.map((r) => [r.username, r.user_id]),
      [
        ['galym', galym.rows[0]!.id],
        ['nobody-at-all', null],
      ],
    );
    const csrf = await fetch(`${hq.url}/api/admin/branches`, {
      method: 'POST',
      headers: { cookie: hq.admin.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.deepEqual(await words(csrf), {
      error: 'csrf',
      message: 'This request did not come from the dashboard. Reload the page.',
    });
  });

  test('the session: its cookie for eight hours on every path, its reply, and signing out ends it', async () => {
    const password = await member('aliya');
    const response = await login('ALIYA', password);
    assert.equal(response.status, 200);
    const cookie = response.headers.get('set-cookie')!;
    assert.match(cookie, /^hq_session=[^;]+;/);
    assert.match(cookie, /Max-Age=28800/);
    assert.match(cookie, /Path=\//);
    const { csrf } = (await response.json()) as { csrf: string };
    const session = cookie.split(';')[0]!;
    const reply = await json<{ staff: { username: string; role: string } | null; csrf: string | null }>(
      fetch(`${hq.url}/api/session`, { headers: { cookie: session } }),
    );
    assert.deepEqual([reply.staff?.username, reply.staff?.role, reply.csrf], ['aliya', 'admin', csrf]);
    assert.equal('csrf' in (reply.staff ?? {}), false, 'the token is beside the member, not in it');
    assert.equal(await actions('login'), 2, 'the first admin’s sign-in, then this one');

    const out = await fetch(`${hq.url}/api/logout`, {
      method: 'POST',
      headers: { cookie: session, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', /^hq_session=;.*Max-Age=0/);
    assert.equal(await actions('logout'), 1);
    assert.deepEqual(await json(fetch(`${hq.url}/api/session`, { headers: { cookie: session } })), {
      staff: null,
      csrf: null,
    });
    assert.equal((await fetch(`${hq.url}/api/network`, { headers: { cookie: session } })).status, 401);
  });

  test('signed out, the session route answers so; a disabled member’s session is no session', async () => {
    assert.deepEqual(await json(fetch(`${hq.url}/api/session`)), { staff: null, csrf: null });
    const password = await member('boris');
    const boris = await signIn(hq.url, 'boris', password);
    await hq.db.query("UPDATE hq_users SET disabled_at = now() WHERE username = 'boris'");
    assert.equal((await boris.get('/api/network')).status, 401);
  });
});

describe('the limit on attempts', () => {
  test('a success clears the count; the limit’s wait is said in minutes and in Retry-After', async () => {
    const password = await member('dana');
    for (let i = 0; i < 4; i += 1) assert.equal((await login('dana', 'wrong')).status, 401);
    assert.equal((await login('dana', password)).status, 200);
    for (let i = 0; i < 5; i += 1) assert.equal((await login('dana', 'wrong')).status, 401, `attempt ${i}`);
    const limited = await login('dana', password);
    assert.equal(limited.status, 429);
    const wait = Number(limited.headers.get('retry-after'));
    assert.ok(wait > 14 * 60 && wait <= 15 * 60, `${wait} s`);
    assert.deepEqual(await words(limited), {
      error: 'rate_limited',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
  });

  test('a window that has run out starts the count again', async () => {
    const password = await member('erlan');
    for (let i = 0; i < 5; i += 1) await login('erlan', 'wrong');
    assert.equal((await login('erlan', password)).status, 429);
    await hq.db.query(
      "UPDATE hq_login_attempts SET reset_at = now() - interval '1 second' WHERE key LIKE '%|erlan'",
    );
    assert.equal((await login('erlan', password)).status, 200);
  });
});

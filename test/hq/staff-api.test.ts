// The staff API keeps its contract (common/hq-api): every reply the server builds parses with its
// route's schema, a request the schemas refuse is a 400 that names the field, and every refusal
// gives its reason as a key of the refusal catalogue, which the dashboard says in Russian and Kazakh.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { StaffRefusal } from '../../common/hq-api/staff-admin.ts';
import { STAFF_API, type StaffRoute, staffUrl } from '../../common/hq-api/staff-routes.ts';
import { refusalsKk } from '../../common/i18n/refusals.kk.ts';
import { refusalsRu } from '../../common/i18n/refusals.ru.ts';
import { englishRefusal, refusalText } from '../../common/refusal.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, SimDesk, startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('every staff reply parses with its route’s schema', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1', 'Central');
  desk.day('A', { handOverPayout: false });
  desk.record('audit', {
    action: 'gateway_changed',
    actor: 'Dana',
    detail: { gateway: 'https://pay.example' },
  });
  desk.zReport('A', { number: 1, counted: '11450.00' });
  await desk.sync();
  const { sealEntry } = await import('../../common-node/journal-hash.ts');
  const { hash: _hash, ...rest } = desk.entries[2]!;
  await desk.upload([sealEntry({ ...rest, body: { ...rest.body, amount: '15.00' } } as never)]);
  const [branch] = (await json<{ branches: { id: number }[] }>(hq.admin.get('/api/admin/branches'))).branches;
  // The desk enrolled again from a copy that ends at its third entry: an alarm of lost entries.
  const { code } = await json<{ code: string }>(
    hq.admin.post('/api/admin/enrolment-codes', { branchId: branch!.id, terminalId: 'T-1' }),
  );
  const enrolled = await fetch(`${hq.url}/api/desk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, terminalId: 'T-1', journal: [{ seq: 3, hash: desk.entries[2]!.hash }] }),
  });
  assert.equal(enrolled.status, 200);
  const alarms = await hq.db.query<{ id: string; kind: string }>(
    'SELECT id::text AS id, kind FROM hq_alarms',
  );
  const lost = alarms.rows.find((a) => a.kind === 'lost_entries')!;
  const conflict = alarms.rows.find((a) => a.kind === 'conflict')!;
  const resolved = await hq.admin.post(`/api/admin/alarms/${conflict.id}/resolve`, { note: 'a test batch' });
  assert.equal(resolved.status, 200);

  const inputs: Partial<Record<StaffRoute, object>> = {
    branch: { params: { id: String(branch!.id) } },
    desk: { params: { terminalId: 'T-1' } },
    variances: { query: { threshold: '10' } },
    search: { query: { operationNumber: 'A-OUT' } },
    lostEntries: { params: { id: lost.id } },
  };
  const reads = (Object.keys(STAFF_API) as StaffRoute[]).filter((name) => STAFF_API[name].method === 'GET');
  for (const name of reads) {
    const response = await hq.admin.get(staffUrl(name, (inputs[name] ?? {}) as never));
    assert.equal(response.status, 200, name);
    const body: unknown = await response.json();
    const parsed = STAFF_API[name].reply.safeParse(body);
    assert.ok(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)} in ${JSON.stringify(body)}`);
    assert.ok(JSON.stringify(body).length > 20, `${name} answers with data: ${JSON.stringify(body)}`);
  }
});

test('a request the contract refuses is a 400 naming the field', async (t) => {
  const hq = await startTestHq(t, pg);
  const refusal = async (response: Promise<Response>) => {
    const answer = await response;
    assert.equal(answer.status, 400);
    return ((await answer.json()) as { error: string; message: string }).message;
  };
  assert.match(
    await refusal(hq.admin.get('/api/variances?threshold=lots')),
    /threshold: an amount like 100\.00/,
  );
  assert.match(await refusal(hq.admin.get('/api/branches/first')), /id: a number like 12/);
  assert.match(await refusal(hq.admin.get('/api/desks/T%201')), /terminalId/);
  assert.match(
    await refusal(hq.admin.post('/api/admin/enrolment-codes', { branchId: 'one', terminalId: 'T-1' })),
    /^Choose a branch and give the terminal ID\. \(branchId: /,
  );
  assert.match(
    await refusal(hq.admin.post('/api/admin/users', { username: 'ann', role: 'supervisor', branchId: null })),
    /branchId: a supervisor has a branch, an admin none/,
  );
  assert.match(
    await refusal(
      fetch(`${hq.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin' }),
      }),
    ),
    /^Enter your username and password\. \(password: /,
  );
  assert.match(
    await refusal(hq.admin.post('/api/admin/alarms/1/resolve', { note: '   ' })),
    /^Say what was done about the alarm\. \(note: /,
  );
  assert.match(await refusal(hq.admin.get('/api/alarms/first/entries')), /id: /);
  assert.equal((await hq.db.query("SELECT 1 FROM hq_users WHERE username = 'ann'")).rowCount, 0);
});

test('a refusal gives its reason by key: the dashboard says it in the reader’s language', async (t) => {
  const hq = await startTestHq(t, pg);
  const refused = async (response: Promise<Response>, status: number) => {
    const answer = await response;
    assert.equal(answer.status, status);
    const body = StaffRefusal.parse(await answer.json());
    assert.ok(body.refusal, `a key in ${JSON.stringify(body)}`);
    assert.equal(body.message, englishRefusal(body.refusal), 'the English is the key’s');
    return body.refusal;
  };
  await json(hq.admin.post('/api/admin/branches', { name: 'Dostyk' }));
  const taken = await refused(hq.admin.post('/api/admin/branches', { name: 'Dostyk' }), 409);
  assert.equal(refusalText(refusalsRu, taken), 'Филиал с таким названием уже есть.');
  assert.equal(refusalText(refusalsKk, taken), 'Мұндай атты филиал бар.');
  const login = await refused(
    fetch(`${hq.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin' }),
    }),
    400,
  );
  assert.match(refusalText(refusalsRu, login), /^Введите имя пользователя и пароль\. \(password: /);
  const wrong = await refused(
    fetch(`${hq.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
    }),
    401,
  );
  assert.equal(refusalText(refusalsKk, wrong), 'Пайдаланушы аты немесе құпиясөз қате.');
  assert.equal(
    refusalText(refusalsRu, await refused(hq.admin.get('/api/no-such-route'), 404)),
    'Такого адреса нет.',
  );
});

// Branch scope: a branch supervisor reads their branch only. Every staff route the app registers is
// tried by the supervisor of another branch (a route added without an entry here fails the test),
// against a network where one desk has moved branches: its earlier branch's Z reports, operations,
// variances, audit rows and alarms stay that branch's, even on the moved desk's own page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sealEntry } from '../../common-node/journal-hash.ts';
import { createHq } from '../../hq/server/app.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { enrolmentCodeFor, json, SimDesk, signIn, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

/** An audit row and a Z report with a variance and `prefix`'s payout left open: what SimDesk.day's shift leaves at HQ. */
function closeShift(desk: SimDesk, prefix: string, number: number): void {
  const shiftId = `${prefix}-S`;
  desk.record('audit', { action: 'gateway_changed', actor: `${prefix} supervisor`, detail: { by: prefix } });
  desk.zReport(prefix, { number, counted: '11450.00' });
  desk.record('shift_closed', { shiftId, operator: 'Aigerim' });
}

/** Uploads seq 3 again with another amount: a conflict alarm at HQ; its received hash. */
async function tamper(desk: SimDesk): Promise<string> {
  const { hash: _hash, ...rest } = desk.entries[2]!;
  const rewritten = sealEntry({ ...rest, body: { ...rest.body, amount: '15.00' } } as never);
  assert.equal((await desk.upload([rewritten])).status, 409);
  return rewritten.hash;
}

async function reenrol(
  hq: TestHq,
  desk: SimDesk,
  branchName: string,
  journal?: { seq: number; hash: string }[],
): Promise<void> {
  const { code } = await enrolmentCodeFor(hq, desk.terminalId, branchName);
  const response = await fetch(`${hq.url}/api/desk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, terminalId: desk.terminalId, journal }),
  });
  assert.equal(response.status, 200);
  desk.token = ((await response.json()) as { deskToken: string }).deskToken;
}

type Try = { path: string; body?: unknown; expect: 'scoped' | 'forbidden' } | 'no branch data';

test('a supervisor of another branch reads nothing of Central on any staff route', async (t) => {
  const hq = await startTestHq(t, pg);
  // Central: T-C, and T-M until it moves to North. Everything Central's carries a "C-" mark.
  const central = await SimDesk.enrol(hq, 'T-C', 'Central');
  central.day('C', { handOverPayout: false });
  closeShift(central, 'C', 1);
  await central.sync();
  const centralAlarm = await tamper(central);
  // T-C enrolled again from a copy that ends at its third entry: it lost what HQ holds after it.
  await reenrol(hq, central, 'Central', [{ seq: 3, hash: central.entries[2]!.hash }]);
  const lost = await hq.db.query<{ id: string; received_hash: string }>(
    "SELECT id::text AS id, received_hash FROM hq_alarms WHERE kind = 'lost_entries' AND terminal_id = 'T-C'",
  );
  const lostAlarm = lost.rows[0]!;
  const moved = await SimDesk.enrol(hq, 'T-M', 'Central');
  moved.day('MC', { handOverPayout: false });
  moved.record('operation_created', {
    operationNumber: 'MC-LOST',
    type: 'payin',
    amount: '300.00',
    currency: 'KZT',
    instrument: 'cash',
    outcomeUnknown: true,
  });
  closeShift(moved, 'MC', 1);
  await moved.sync();
  const movedAlarm = await tamper(moved);
  // T-M goes to North and works a day there; T-N was always North's.
  await reenrol(hq, moved, 'North');
  moved.day('MN');
  await moved.sync();
  const north = await SimDesk.enrol(hq, 'T-N', 'North');
  north.day('N');
  await north.sync();

  const branches = await json<{ branches: { id: number; name: string }[] }>(
    hq.admin.get('/api/admin/branches'),
  );
  const idOf = (name: string) => branches.branches.find((b) => b.name === name)!.id;
  const { password } = await json<{ password: string }>(
    hq.admin.post('/api/admin/users', { username: 'nurlan', role: 'supervisor', branchId: idOf('North') }),
  );
  const nurlan = await signIn(hq.url, 'nurlan', password);
  const marks = [
    'Central',
    'T-C',
    'C-IN',
    'C-OUT',
    'C-S',
    'MC-',
    centralAlarm,
    movedAlarm,
    lostAlarm.received_hash,
  ];

  const routes: Record<string, Try> = {
    'POST /api/login': 'no branch data',
    'POST /api/logout': 'no branch data',
    'GET /api/session': { path: '/api/session', expect: 'scoped' },
    'GET /api/network': { path: '/api/network', expect: 'scoped' },
    'GET /api/branches/:id': { path: `/api/branches/${idOf('Central')}`, expect: 'forbidden' },
    'GET /api/desks/:terminalId': { path: '/api/desks/T-C', expect: 'forbidden' },
    'GET /api/z-reports': { path: '/api/z-reports', expect: 'scoped' },
    'GET /api/variances': { path: '/api/variances?threshold=0', expect: 'scoped' },
    'GET /api/desk-audit': { path: '/api/desk-audit', expect: 'scoped' },
    'GET /api/alarms': { path: '/api/alarms', expect: 'scoped' },
    'GET /api/alarms/:id/entries': { path: `/api/alarms/${lostAlarm.id}/entries`, expect: 'forbidden' },
    'GET /api/search': { path: '/api/search?operationNumber=C-IN', expect: 'scoped' },
    'GET /api/admin/branches': { path: '/api/admin/branches', expect: 'forbidden' },
    'POST /api/admin/branches': {
      path: '/api/admin/branches',
      body: { name: 'Central 2' },
      expect: 'forbidden',
    },
    'POST /api/admin/enrolment-codes': {
      path: '/api/admin/enrolment-codes',
      body: { branchId: idOf('Central'), terminalId: 'T-C' },
      expect: 'forbidden',
    },
    'GET /api/admin/desks': { path: '/api/admin/desks', expect: 'forbidden' },
    'POST /api/admin/desks/:terminalId/revoke': {
      path: '/api/admin/desks/T-C/revoke',
      body: {},
      expect: 'forbidden',
    },
    'GET /api/admin/users': { path: '/api/admin/users', expect: 'forbidden' },
    'POST /api/admin/users': {
      path: '/api/admin/users',
      body: { username: 'mallory', role: 'supervisor', branchId: idOf('Central') },
      expect: 'forbidden',
    },
    'POST /api/admin/reset-codes': {
      path: '/api/admin/reset-codes',
      body: { terminalId: 'T-C' },
      expect: 'forbidden',
    },
    'GET /api/admin/audit-log': { path: '/api/admin/audit-log', expect: 'forbidden' },
    'POST /api/admin/alarms/:id/resolve': {
      path: `/api/admin/alarms/${lostAlarm.id}/resolve`,
      body: { note: 'not mine to resolve' },
      expect: 'forbidden',
    },
  };
  const { app } = await createHq(hq.db);
  const registered = new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/desk/'))
      .map((r) => `${r.method} ${r.path}`),
  );
  assert.deepEqual([...registered].sort(), Object.keys(routes).sort(), 'every staff route is tried here');

  for (const [route, attempt] of Object.entries(routes)) {
    if (attempt === 'no branch data') continue;
    const response = await (attempt.body === undefined
      ? nurlan.get(attempt.path)
      : nurlan.post(attempt.path, attempt.body));
    const text = await response.text();
    assert.equal(response.status, attempt.expect === 'forbidden' ? 403 : 200, `${route}: ${text}`);
    for (const mark of marks) assert.ok(!text.includes(mark), `${route} shows ${mark}: ${text}`);
  }
  assert.equal(
    (await hq.db.query("SELECT 1 FROM hq_users WHERE username = 'mallory'")).rowCount,
    0,
    'nothing done',
  );

  // The moved desk's page and its branch's counts are North's alone: its Central payout left in
  // Central's Z report and its unknown payin are Central's, and the network counts them there.
  const movedPage = await nurlan.get('/api/desks/T-M');
  const movedText = await movedPage.text();
  assert.equal(movedPage.status, 200);
  for (const mark of marks) assert.ok(!movedText.includes(mark), `the moved desk's page shows ${mark}`);
  const network = await json<{ branches: { openCash: number; unknownOps: number }[] }>(
    nurlan.get('/api/network'),
  );
  const branch = await json<{ desks: { openCash: number; unknownOps: number }[] }>(
    nurlan.get(`/api/branches/${idOf('North')}`),
  );
  const sum = (key: 'openCash' | 'unknownOps') => branch.desks.reduce((n, d) => n + d[key], 0);
  assert.deepEqual(
    [sum('openCash'), sum('unknownOps')],
    [network.branches[0]!.openCash, network.branches[0]!.unknownOps],
    'the desks of a branch add up to the branch',
  );

  // And the admin still sees all of it, Central's alarms included.
  const alarms = await json<{ alarms: { receivedHash: string }[] }>(hq.admin.get('/api/alarms'));
  assert.deepEqual(
    alarms.alarms.map((a) => a.receivedHash).sort(),
    [centralAlarm, movedAlarm, lostAlarm.received_hash].sort(),
  );
  assert.equal(
    (await hq.db.query('SELECT 1 FROM hq_alarms WHERE resolved_at IS NOT NULL')).rowCount,
    0,
    'nothing resolved',
  );
});

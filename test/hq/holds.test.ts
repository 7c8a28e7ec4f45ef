// The head office holds on bad input: text PostgreSQL cannot store, a body over the limit, and an
// amount that must be positive are each refused with their own 4xx (never a 500 a desk would
// retry forever), nothing of the bad entry is stored, and the desk's stream goes on after it.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import type { JournalEntry } from '../../common/journal-entry.ts';
import { failureOf } from '../../hq/server/errors.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { json, SimDesk, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

async function expectedCash(hq: TestHq, terminalId: string) {
  const view = await json<{ desk: { expected: unknown } }>(hq.admin.get(`/api/desks/${terminalId}`));
  return view.desk.expected;
}

/** Uploads the desk's last entry alone; then takes it back, so the next one reuses its seq. */
async function refused(desk: SimDesk, entry: JournalEntry): Promise<{ status: number; message: string }> {
  const response = await desk.upload([entry]);
  desk.entries.pop();
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

test('a NUL or a lone surrogate in any text field is a 400 naming the field; the stream goes on', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  assert.equal(await desk.sync(), desk.entries.length);
  const before = await expectedCash(hq, 'T-1');

  for (const bad of ['Aig\u0000erim', 'Aig\ud800erim', 'Aigerim\udfff']) {
    const custody = desk.record('custody', {
      operationNumber: 'A-IN',
      action: 'received',
      amount: '10.00',
      currency: 'KZT',
      operator: bad,
    });
    const answer = await refused(desk, custody);
    assert.equal(answer.status, 400, JSON.stringify(bad));
    assert.match(answer.message, /body\.operator: text without NUL characters or lone surrogates/);
  }
  const shapes: [string, () => JournalEntry][] = [
    [
      'a reason',
      () =>
        desk.record('cash_movement', {
          shiftId: 'A-S',
          direction: 'in',
          amount: '5.00',
          currency: 'KZT',
          reason: 'change\u0000',
          operator: 'Aigerim',
        }),
    ],
    ['an audit key', () => desk.record('audit', { action: 'x', actor: 'y', detail: { 'k\u0000': 'v' } })],
    ['an audit value', () => desk.record('audit', { action: 'x', actor: 'y', detail: { k: '\ud83d' } })],
    ['a status', () => desk.record('operation_status', { operationNumber: 'A-IN', status: 'cap\u0000' })],
    ['a shift id', () => desk.record('shift_closed', { shiftId: 'A-S\u0000', operator: 'Aigerim' })],
  ];
  for (const [what, make] of shapes) assert.equal((await refused(desk, make())).status, 400, what);

  // A surrogate pair (an emoji) is text PostgreSQL stores.
  desk.record('audit', { action: 'note', actor: 'Aigerim', detail: { note: 'thanks 🙂' } });
  desk.record('shift_closed', { shiftId: 'A-S', operator: 'Aigerim' });
  assert.equal(await desk.sync(), desk.entries.length);
  assert.deepEqual(await expectedCash(hq, 'T-1'), before);
  const alarms = await hq.db.query('SELECT 1 FROM hq_alarms');
  assert.equal(alarms.rowCount, 0, 'a refused schema is no alarm');

  // The staff API's text too: a branch name, a sign-in, a search.
  assert.equal((await hq.admin.post('/api/admin/branches', { name: 'North\u0000' })).status, 400);
  assert.equal((await hq.admin.post('/api/admin/branches', { name: 'North\udc00' })).status, 400);
  const login = await fetch(`${hq.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ad\u0000min', password: 'x' }),
  });
  assert.equal(login.status, 400);
  assert.equal((await hq.admin.get('/api/search?operationNumber=A%00IN')).status, 400);
});

test('an amount that must be positive is refused when negative or zero, and moves no expected cash', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  assert.equal(await desk.sync(), desk.entries.length);
  const before = await expectedCash(hq, 'T-1');
  assert.deepEqual(before, [{ currency: 'KZT', amount: '10800.00' }]);

  for (const amount of ['-100.00', '0', '0.00', '-0']) {
    const kinds: [string, () => JournalEntry][] = [
      [
        'custody',
        () =>
          desk.record('custody', {
            operationNumber: 'A-OUT',
            action: 'handed_over',
            amount,
            currency: 'KZT',
            operator: 'Aigerim',
          }),
      ],
      [
        'cash_movement',
        () =>
          desk.record('cash_movement', {
            shiftId: 'A-S',
            direction: 'out',
            amount,
            currency: 'KZT',
            reason: 'to the safe',
            operator: 'Aigerim',
          }),
      ],
      [
        'operation_created',
        () =>
          desk.record('operation_created', {
            operationNumber: `A-NEG${amount}`.replace(/[.-]/g, ''),
            type: 'payin',
            amount,
            currency: 'KZT',
            instrument: 'cash',
            outcomeUnknown: false,
          }),
      ],
      [
        'cash_returned',
        () =>
          desk.record('cash_returned', {
            operationNumber: 'A-IN',
            amount,
            currency: 'KZT',
            operator: 'Aigerim',
          }),
      ],
      [
        'custody_reversed',
        () =>
          desk.record('custody_reversed', {
            operationNumber: 'A-IN',
            action: 'received',
            amount,
            currency: 'KZT',
            supervisor: 'Boss',
            reason: 'mistake',
          }),
      ],
      [
        'payout_released',
        () =>
          desk.record('payout_released', {
            operationNumber: 'A-OUT',
            amount,
            currency: 'KZT',
            supervisor: 'Boss',
          }),
      ],
      [
        'payout_claimed',
        () =>
          desk.record('payout_claimed', {
            operationNumber: 'B-OUT',
            originTerminalId: 'T-2',
            amount,
            currency: 'KZT',
            operator: 'Aigerim',
          }),
      ],
    ];
    for (const [kind, make] of kinds) {
      const answer = await refused(desk, make());
      assert.equal(answer.status, 400, `${kind} of ${amount}`);
      assert.match(answer.message, /body\.amount: an amount above zero/, `${kind} of ${amount}`);
    }
  }
  assert.deepEqual(await expectedCash(hq, 'T-1'), before);

  // A zero float and a zero count are facts, as is a shift with nothing in its drawer.
  desk.record('shift_closed', { shiftId: 'A-S', operator: 'Aigerim' });
  desk.record('shift_opened', {
    shiftId: 'B-S',
    operator: 'Aigerim',
    float: [{ currency: 'KZT', amount: '0' }],
  });
  desk.record('count', {
    shiftId: 'B-S',
    operator: 'Aigerim',
    counted: [{ currency: 'KZT', amount: '0.00' }],
    expected: [{ currency: 'KZT', amount: '0.00' }],
  });
  assert.equal(await desk.sync(), desk.entries.length);
});

/** A POST on a connection of its own (the server closes one whose body it did not read): its status and body. */
function postAlone(
  url: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (text: string) => {
        body += text;
      });
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

test('a body over the limit is a 413, announced or streamed; the next batch is stored', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  const huge = Buffer.from(JSON.stringify({ entries: desk.entries, padding: 'x'.repeat(9 * 1024 * 1024) }));
  const headers = { authorization: `Bearer ${desk.token}`, 'content-type': 'application/json' };
  const url = `${hq.url}/api/desk/journal`;
  const announced = await postAlone(url, { ...headers, 'content-length': String(huge.length) }, [huge]);
  assert.equal(announced.status, 413);
  assert.match((JSON.parse(announced.body) as { message: string }).message, /Send fewer entries/);
  const chunks: Buffer[] = [];
  for (let i = 0; i < huge.length; i += 1024 * 1024) chunks.push(huge.subarray(i, i + 1024 * 1024));
  const streamed = await postAlone(url, { ...headers, 'transfer-encoding': 'chunked' }, chunks);
  assert.equal(streamed.status, 413);
  assert.equal(await desk.sync(), desk.entries.length);
});

test('each failure answers its own status: bad JSON 400, auth 401 and 403, no route 404', async (t) => {
  const hq = await startTestHq(t, pg);
  const desk = await SimDesk.enrol(hq, 'T-1');
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${hq.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  assert.equal(
    (await post('/api/desk/journal', '{"entries": [', { authorization: `Bearer ${desk.token}` })).status,
    400,
  );
  assert.equal((await post('/api/login', '{"username":')).status, 400);
  assert.equal(
    (
      await post('/api/admin/branches', '{"name":', {
        cookie: hq.admin.cookie,
        'x-csrf-token': hq.admin.csrf,
      })
    ).status,
    400,
  );
  assert.equal((await post('/api/desk/journal', '{"entries":[]}')).status, 401);
  assert.equal((await post('/api/admin/branches', '{"name":"N"}', { cookie: hq.admin.cookie })).status, 403);
  assert.equal((await hq.admin.get('/api/no-such-route')).status, 404);
});

test('a database failure maps to its status: bad data 400, a collision 409, the server going away 503', async (t) => {
  const hq = await startTestHq(t, pg);
  const failed = (sql: string) =>
    hq.db.query(sql).then(
      () => assert.fail(`${sql} succeeded`),
      (e: unknown) => e,
    );
  assert.equal(failureOf(await failed("SELECT 'a\\u0000b'::jsonb")).status, 400);
  assert.equal(failureOf(await failed("SELECT E'\\\\x00'::text::int")).status, 400);
  await hq.db.query("INSERT INTO hq_branches (name) VALUES ('Central')");
  assert.equal(failureOf(await failed("INSERT INTO hq_branches (name) VALUES ('Central')")).status, 409);
  assert.equal(failureOf(await failed('SELECT pg_terminate_backend(pg_backend_pid())')).status, 503);
  assert.equal(failureOf(await failed('SELECT * FROM no_such_table')).status, 500);
  assert.equal(failureOf(new Error('a bug')).status, 500);
});

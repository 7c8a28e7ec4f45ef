// The desk's upload outbox facing each answer the head office may give, on a real core and a real
// HQ on a real PostgreSQL, with a scripted link between them: a refusal that can never succeed
// (400, 403, 409 chain or conflict) stops the outbox after one request and raises the alarm, never
// a loop; a network error or a 5xx is sent again after a wait until stored; a batch too large (413)
// goes again in halves; a single entry too large is an alarm.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, type TestContext, test } from 'node:test';
import { createStore, DATABASE_FILE } from '../../main/store/index.ts';
import { hqForFile, type TestHq } from '../hq/support.ts';
import type { Harness } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';

// One HQ for the file: each test enrols a terminal of its own.
const hq = hqForFile();

type Scripted = { status: number; body?: Record<string, unknown>; drop?: boolean };

/** A link from the desk to `hq` that answers uploads from `script` while it holds answers, else forwards. */
async function scriptedLink(t: TestContext, hq: TestHq) {
  const link = {
    script: [] as Scripted[],
    /** Uploads of more entries than this are answered 413, as HQ answers a body over its limit. */
    maxEntries: Number.POSITIVE_INFINITY,
    /** Each upload's first seq and size, as sent. */
    uploads: [] as { first: number; size: number; status: number | 'dropped' }[],
    url: '',
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    if (req.method === 'POST' && req.url === '/api/desk/journal') {
      const { entries } = JSON.parse(body) as { entries: { seq: number }[] };
      const sent = { first: entries[0]!.seq, size: entries.length };
      const scripted =
        link.script.shift() ??
        (entries.length > link.maxEntries
          ? { status: 413, body: { error: 'too_large', message: 'The request is larger than HQ accepts.' } }
          : undefined);
      if (scripted?.drop) {
        link.uploads.push({ ...sent, status: 'dropped' });
        req.socket.destroy();
        return;
      }
      if (scripted) {
        link.uploads.push({ ...sent, status: scripted.status });
        res.writeHead(scripted.status, headers).end(JSON.stringify(scripted.body ?? {}));
        return;
      }
      const answer = await fetch(`${hq.url}${req.url}`, { method: 'POST', headers, body });
      link.uploads.push({ ...sent, status: answer.status });
      res.writeHead(answer.status, headers).end(await answer.text());
      return;
    }
    const answer = await fetch(`${hq.url}${req.url}`, {
      method: req.method!,
      headers,
      ...(body ? { body } : {}),
    });
    res.writeHead(answer.status, headers).end(await answer.text());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.after(() => new Promise<void>((done) => server.close(() => done())));
  link.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return link;
}

const cashIn = (h: Harness) =>
  h.call('shift.cashMovement', {
    kind: 'added',
    currency: 'KZT',
    amount: '100',
    reason: 'change',
    supervisorPin: SUPERVISOR_PIN,
  });

/** The desk's upload state rewritten in its file, as a restart finds it. */
async function restartWith(h: Harness, patch: string) {
  await h.restart({
    before() {
      const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
      db.exec(`UPDATE settings SET value = json_set(value, ${patch}) WHERE key = 'head_office_upload'`);
      db.close();
    },
  });
  await h.call('desk.unlock', { pin: OPERATOR_PIN });
}

describe('the desk outbox', () => {
  test('a refusal that can never succeed stops the outbox after one request: an alarm, never a loop', async (t) => {
    const link = await scriptedLink(t, hq);
    const { h } = await enrolledDesk(t, { ...hq, url: link.url }, 'T21');
    await uploaded(h);
    const refusals: [string, Scripted][] = [
      ['400', { status: 400, body: { error: 'invalid', message: 'body.operator: text without NUL' } }],
      ['403', { status: 403, body: { error: 'invalid', message: 'send only its entries' } }],
      [
        '409 chain',
        { status: 409, body: { error: 'chain', message: 'breaks the chain', highWater: 1, seq: 2 } },
      ],
      [
        '409 conflict',
        { status: 409, body: { error: 'conflict', message: 'differs', highWater: 1, seq: 2 } },
      ],
    ];
    for (const [what, answer] of refusals) {
      link.uploads.length = 0;
      link.script.push(answer);
      await cashIn(h);
      const alarm = await h.waitFor('hq.changed', (s) => s.alarm !== null);
      assert.equal(alarm.alarm, 'refused', what);
      assert.equal(alarm.message, "The head office refused this desk's journal: call head office.");
      await h.probe.headOfficeIdle();
      // Another fact at the counter: journalled, kept, and not sent while the alarm stands.
      await cashIn(h);
      await h.probe.headOfficeIdle();
      assert.equal(link.uploads.length, 1, `${what}: one request, not a retry loop`);
      const status = await h.call('hq.status', {});
      assert.equal(status.alarm, 'refused');
      assert.ok(status.waiting >= 2, `${what}: the entries stay waiting (${status.waiting})`);
      // Head office sorted it out; the alarm cleared, everything waiting goes.
      await restartWith(h, "'$.alarm', null");
      await uploaded(h);
    }
    const stored = await hq.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM hq_entries WHERE terminal_id = 'T21'",
    );
    assert.equal(stored.rows[0]!.n, journal(h).length, 'nothing was lost');
  });

  test('a network error or a 5xx is sent again after a wait, the same batch, until stored', async (t) => {
    const link = await scriptedLink(t, hq);
    const { h } = await enrolledDesk(t, { ...hq, url: link.url }, 'T22');
    await uploaded(h);
    link.uploads.length = 0;
    link.script.push(
      { status: 500, body: { error: 'server', message: 'failed' } },
      { status: 0, drop: true },
      { status: 503, body: { error: 'unavailable', message: 'database restarting' } },
      { status: 502 },
    );
    await cashIn(h);
    await uploaded(h);
    assert.deepEqual(
      link.uploads.map((u) => u.status),
      [500, 'dropped', 503, 502, 200],
    );
    assert.equal(new Set(link.uploads.map((u) => u.first)).size, 1, 'the same batch each time');
    const status = await h.call('hq.status', {});
    assert.deepEqual([status.alarm, status.waiting], [null, 0]);
  });

  test('a batch too large goes again in halves until it fits; a single entry too large is an alarm', async (t) => {
    const link = await scriptedLink(t, hq);
    const { h } = await enrolledDesk(t, { ...hq, url: link.url }, 'T23');
    await uploaded(h);
    const before = journal(h).length;

    // Facts written while the core was down reach the head office at start, through a link that takes 3 at most.
    link.maxEntries = 3;
    link.uploads.length = 0;
    await h.restart({
      before() {
        const store = createStore(h.dataDir);
        try {
          for (let i = 0; i < 20; i += 1)
            store.audit.append({
              at: new Date(Date.parse('2026-11-20T08:00:00Z') + i * 60_000).toISOString(),
              terminalId: 'T23',
              operator: 'supervisor',
              kind: 'offline_fact',
              detail: { n: String(i) },
            });
        } finally {
          store.close();
        }
      },
    });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await uploaded(h);
    const after = journal(h).length;
    assert.ok(after >= before + 20, `entries: ${before} then ${after}`);
    const status = await h.call('hq.status', {});
    assert.deepEqual([status.alarm, status.waiting], [null, 0]);
    assert.equal(link.uploads[0]!.status, 413, 'the first batch was too large');
    const stored = link.uploads.filter((u) => u.status === 200);
    assert.ok(stored.every((u) => u.size <= 3));
    assert.equal(
      stored.reduce((sum, u) => sum + u.size, 0),
      after - before,
      'every entry sent once it fit',
    );

    link.maxEntries = 0;
    link.uploads.length = 0;
    await cashIn(h);
    const alarm = await h.waitFor('hq.changed', (s) => s.alarm !== null);
    assert.equal(alarm.alarm, 'refused');
    assert.ok(link.uploads.every((u) => u.status === 413));
    assert.deepEqual(
      link.uploads.map((u) => u.size),
      link.uploads.map((_, i) => Math.ceil(link.uploads[0]!.size / 2 ** i)),
      'halved each time',
    );
    assert.equal(link.uploads.at(-1)!.size, 1, 'one entry too large is refused once, then the alarm');
  });
});

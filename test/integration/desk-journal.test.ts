// The desk journal and its upload, on a real core, sandbox and SQLite file, enrolled at a
// real head office on a real PostgreSQL: a Live day becomes gap-free, chained entries of every kind
// it produced, training never; HQ holds the same stream; a crash between a commit and its
// journalling is caught up at start; a tampered entry is a chain finding at the desk and refused
// (an alarm) at the head office; a revoked token asks for a new enrolment.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import { englishRefusal, type Refusal } from '../../common/refusal.ts';
import { firstBreak } from '../../common-node/journal-hash.ts';
import { checkHqUrl } from '../../main/headoffice/hq-client.ts';
import { createStore, DATABASE_FILE } from '../../main/store/index.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { hqForFile, json } from '../hq/support.ts';
import { checkout, type Harness, SHOP } from '../support/core.ts';
import { OPERATOR_PIN, SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, rows, uploaded } from '../support/head-office.ts';
import { pdfText } from '../support/pdf.ts';

// One HQ for the file: each test enrols a terminal of its own.
const hq = hqForFile();

describe('the desk journal', () => {
  test('a Live day becomes gap-free, chained entries of every kind, uploaded in order; training never', async (t) => {
    const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-journal-')), sharedPrintPage);
    t.after(() => printer.close());
    const { h, practice, dana } = await enrolledDesk(t, hq, 'T07', { printer });

    const payin = await checkout(h, { type: 'payin', amount: '5000' });
    await h.call('checkout.recordCash', { localId: payin.localId });
    await h.call('shift.cashMovement', {
      kind: 'removed',
      currency: 'KZT',
      amount: '3000',
      reason: 'to the safe',
      supervisorPin: SUPERVISOR_PIN,
    });
    // Cash given back for a payin the gateway cancelled, and a cash record reversed by the supervisor.
    const cancelled = await checkout(h, { type: 'payin', amount: '1500' });
    await h.call('checkout.recordCash', { localId: cancelled.localId });
    assert.ok(h.sandbox.setStatus(SHOP, cancelled.operationNumber, 'cancelled'));
    await h.waitFor('operation.changed', (v) => v.localId === cancelled.localId && v.cash === 'return');
    await h.call('checkout.recordCash', { localId: cancelled.localId, action: 'returned' });
    const mistaken = await checkout(h, { type: 'payin', amount: '2000' });
    await h.call('checkout.recordCash', { localId: mistaken.localId });
    await h.call('custody.reverse', {
      localId: mistaken.localId,
      reason: 'recorded by mistake',
      supervisorPin: SUPERVISOR_PIN,
    });
    await h.call('drawer.handover', {
      operatorId: dana.id,
      pin: SECOND_OPERATOR_PIN,
      counted: [{ currency: 'KZT', total: '22000' }],
    });
    const closed = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '22000' }] });
    await uploaded(h);
    // The printed Z says where the upload stood, as its journal entry recorded it.
    assert.deepEqual(await h.call('receipts.printReport', { kind: 'Z', shiftId: closed.shift.id }), {
      printed: true,
    });
    const printed = pdfText(printer.printed.at(-1)!.pdf).replace(/\s+/g, ' ');
    assert.match(printed, /Head office (up to date|entries waiting: \d+) · last reached at /);

    const entries = journal(h);
    assert.deepEqual(
      entries.map((e) => e.seq),
      entries.map((_, i) => i + 1),
      'gap-free from 1',
    );
    assert.equal(firstBreak(entries), null, 'each hash covers the one before');
    const kinds = new Set(entries.map((e) => e.kind));
    for (const kind of [
      'audit',
      'shift_opened',
      'operation_created',
      'operation_status',
      'custody',
      'cash_returned',
      'custody_reversed',
      'cash_movement',
      'handover',
      'count',
      'shift_closed',
      'z_report',
      'operation_answer',
      'reconciliation',
    ])
      assert.ok(kinds.has(kind as never), `a ${kind} entry: ${[...kinds].join(', ')}`);
    assert.ok(entries.every((e) => e.terminalId === 'T07'));
    const text = JSON.stringify(entries);
    assert.ok(!text.includes(practice.operationNumber), 'the training sale is not journalled');
    assert.equal(
      entries.filter((e) => e.kind === 'shift_opened').length,
      1,
      'the training shift is not journalled',
    );
    assert.ok(
      entries.some((e) => e.kind === 'audit' && e.body.action === 'head_office_enrolled'),
      'the enrolment is in the audit trail, and so in the journal',
    );
    const z = entries.find((e) => e.kind === 'z_report')!;
    assert.ok(z.kind === 'z_report' && z.body.headOffice, 'the Z entry says where the upload stood');
    const custody = entries.find((e) => e.kind === 'custody');
    assert.deepEqual(custody?.body, {
      operationNumber: payin.operationNumber,
      action: 'received',
      amount: custody?.kind === 'custody' ? custody.body.amount : '',
      currency: 'KZT',
      operator: 'Aigerim',
    });

    // HQ holds the same stream. The desk keeps each entry as a reference to a row of its hash chain
    // and the hash it sealed (journal(h) derives the text and checks it), never a second copy.
    const { highWater } = await json<{ highWater: number }>(
      fetch(`${hq.url}/api/desk/journal/high-water`, {
        headers: { authorization: `Bearer ${await deskToken(h)}` },
      }),
    );
    assert.equal(highWater, entries.length);
    assert.equal(rows(h, 'SELECT COUNT(*) AS n FROM desk_journal')[0]!.n, 0);
    assert.equal(
      rows(h, 'SELECT COUNT(*) AS n FROM desk_journal_refs r JOIN chain_links l ON l.seq = r.link_seq')[0]!.n,
      entries.length,
    );
    // The desk token is in the keychain only: in no file of the data folder (database, WAL, log).
    const token = await deskToken(h);
    assert.ok(token.length >= 32);
    for (const file of readdirSync(h.dataDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const bytes = readFileSync(join(file.parentPath, file.name));
      assert.equal(bytes.includes(token), false, `the desk token is in ${file.name}`);
    }
  });

  test('a crash between a commit and its journalling is caught up at start; a tampered entry is a finding', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T08');
    await uploaded(h);
    const before = journal(h).length;

    // Rows written with no writer running (the core gone between the commit and the journal).
    await h.restart({
      before() {
        const store = createStore(h.dataDir);
        try {
          store.audit.append({
            at: new Date().toISOString(),
            terminalId: 'T08',
            operator: 'supervisor',
            kind: 'written_before_the_crash',
            detail: { note: 'x' },
          });
        } finally {
          store.close();
        }
      },
    });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    const after = journal(h);
    const crashed = after.slice(before).filter((e) => e.kind === 'audit');
    assert.ok(
      crashed.some((e) => (e.body as { action: string }).action === 'written_before_the_crash'),
      'the row written before the crash is journalled at start',
    );
    assert.deepEqual(
      after.map((e) => e.seq),
      after.map((_, i) => i + 1),
    );
    assert.equal(firstBreak(after), null);
    await uploaded(h);

    // Someone rewrites the fact behind an uploaded entry in the file: the chain check finds it, and
    // sent again (the desk's high-water put back), the entry no longer matches its seal, and the
    // head office refuses it: an alarm, not a retry loop.
    await h.restart({
      before() {
        const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
        db.exec('DROP TRIGGER shifts_close_once');
        db.exec(`UPDATE shifts SET operator_name = 'Mallory' WHERE operator_name = 'Aigerim'`);
        db.exec(
          `UPDATE settings SET value = json_set(value, '$.highWater', 0) WHERE key = 'head_office_upload'`,
        );
        db.close();
      },
    });
    await h.probe.chainChecked();
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    const state = await h.call('desk.state', {});
    assert.ok(state.integrity.findings.length > 0, 'the chain check found the rewrite');
    const alarm = await h.waitFor('hq.changed', (s) => s.alarm !== null);
    assert.equal(alarm.alarm, 'refused');
    assert.equal(alarm.message, "The head office refused this desk's journal: call head office.");
  });

  test('days offline are caught up in order, batch by batch; batches HQ already holds are sent again harmlessly', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T10');
    await uploaded(h);
    const reached = (await h.call('hq.status', {})).lastReachedAt;
    const setUrl = (url: string) => {
      const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
      db.prepare(`UPDATE settings SET value = json_set(value, '$.url', ?) WHERE key = 'head_office'`).run(
        url,
      );
      db.close();
    };

    // The head office out of reach (a closed port) while the desk writes thousands of facts.
    await h.restart({
      before() {
        setUrl('http://127.0.0.1:9');
        const store = createStore(h.dataDir);
        try {
          store.transaction(() => {
            for (let i = 0; i < 2_400; i += 1)
              store.audit.append({
                at: new Date(Date.parse('2026-11-20T08:00:00Z') + i * 60_000).toISOString(),
                terminalId: 'T10',
                operator: 'supervisor',
                kind: 'offline_fact',
                detail: { n: String(i) },
              });
          });
        } finally {
          store.close();
        }
      },
    });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    const offline = await h.call('hq.status', {});
    assert.ok(offline.waiting >= 2_400, `waiting: ${offline.waiting}`);
    assert.equal(offline.alarm, null, 'no answer is not an alarm');
    assert.equal(offline.lastReachedAt, reached);

    // Back online: every entry reaches HQ, in order, in batches of at most 500.
    await h.restart({ before: () => setUrl(hq.url) });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await uploaded(h);
    const entries = journal(h);
    const highWater = async () =>
      (
        await json<{ highWater: number }>(
          fetch(`${hq.url}/api/desk/journal/high-water`, {
            headers: { authorization: `Bearer ${await deskToken(h)}` },
          }),
        )
      ).highWater;
    assert.equal(await highWater(), entries.length);
    const stored = await hq.db.query<{ seq: string; hash: string }>(
      "SELECT seq, hash FROM hq_entries WHERE terminal_id = 'T10' ORDER BY seq",
    );
    assert.deepEqual(
      stored.rows.map((r) => [Number(r.seq), r.hash]),
      entries.map((e) => [e.seq, e.hash]),
    );

    // A crash after HQ stored a batch but before the desk kept its answer: sent again, no alarm.
    await h.restart({
      before() {
        const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
        db.exec(
          `UPDATE settings SET value = json_set(value, '$.highWater', 1000) WHERE key = 'head_office_upload'`,
        );
        db.close();
      },
    });
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await uploaded(h);
    const again = await h.call('hq.status', {});
    assert.equal(again.alarm, null);
    assert.equal(await highWater(), journal(h).length);
  });

  test('a batch the network lost is sent again, the same batch, after a wait; nothing is lost', async (t) => {
    // Between the desk and HQ: a link that drops the connection of the next `drops` uploads.
    let drops = 0;
    const firstSeqs: number[] = [];
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && req.url === '/api/desk/journal') {
        firstSeqs.push((JSON.parse(body) as { entries: { seq: number }[] }).entries[0]!.seq);
        if (drops > 0) {
          drops -= 1;
          req.socket.destroy();
          return;
        }
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const answer = await fetch(`${hq.url}${req.url}`, {
        method: req.method!,
        headers,
        ...(body ? { body } : {}),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    t.after(() => new Promise<void>((done) => proxy.close(() => done())));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const { h } = await enrolledDesk(t, { ...hq, url }, 'T11');
    await uploaded(h);

    drops = 2;
    firstSeqs.length = 0;
    await h.call('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '500',
      reason: 'change',
      supervisorPin: SUPERVISOR_PIN,
    });
    await uploaded(h);
    assert.ok(firstSeqs.length >= 3, `attempts: ${firstSeqs.join(', ')}`);
    assert.equal(new Set(firstSeqs.slice(0, 3)).size, 1, 'the same batch each time');
    const status = await h.call('hq.status', {});
    assert.deepEqual([status.waiting, status.alarm], [0, null]);
    const stored = await hq.db.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM hq_entries WHERE terminal_id = 'T11'",
    );
    assert.equal(Number(stored.rows[0]!.n), journal(h).length);
  });

  test('a revoked token asks for a new enrolment; nothing is lost meanwhile', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T09');
    await uploaded(h);
    assert.equal((await hq.admin.post('/api/admin/desks/T09/revoke')).status, 200);
    await h.call('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '100',
      reason: 'change',
      supervisorPin: SUPERVISOR_PIN,
    });
    const alarm = await h.waitFor('hq.changed', (s) => s.alarm === 'token_rejected');
    assert.match(alarm.message!, /enrol again/);
    assert.ok(alarm.waiting > 0, 'the entries stay waiting');
  });
});

async function deskToken(h: Harness): Promise<string> {
  const keytar = (await import('keytar')).default;
  return (await keytar.getPassword(h.keychainService, 'head-office-desk-token'))!;
}

test('the head office address is https://, or http:// on this computer only', () => {
  assert.deepEqual(checkHqUrl('https://hq.example.com/'), { url: 'https://hq.example.com' });
  assert.deepEqual(checkHqUrl('http://127.0.0.1:8080'), { url: 'http://127.0.0.1:8080' });
  assert.deepEqual(checkHqUrl('http://localhost:3000/hq/'), { url: 'http://localhost:3000/hq' });
  for (const refused of [
    'http://hq.example.com',
    'http://10.0.0.5:8080',
    'ftp://hq',
    'hq.example.com',
    'https://u:p@hq',
  ]) {
    const answer = checkHqUrl(refused);
    assert.ok('refused' in answer, refused);
  }
  assert.match(
    englishRefusal((checkHqUrl('http://hq.example.com') as { refused: Refusal }).refused),
    /must start with https:\/\//,
  );
});

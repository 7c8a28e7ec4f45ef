// HQ losing its own database and coming back from an older dump (docs/hq-scale.md, "Backup and
// restore"), on a real PostgreSQL: pg_dump at T1, more uploads after T1, HQ stopped, the T1 dump
// restored into a fresh database, HQ started on it (`npm run hq`'s entry point). Each desk's real outbox (main/headoffice/
// upload.ts) finds HQ's high-water below its own and sends again from there: one on its next
// fact's upload, one at its next start with nothing new. HQ ends holding every entry, its
// projections equal to an HQ that ingested the same entries from scratch, and no alarm: entries
// HQ simply lacks are not tampering.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { deskPrivateKey } from '../../common-node/batch-signature.ts';
import { type Db, pgDb } from '../../hq/server/db.ts';
import { ingest } from '../../hq/server/ingest.ts';
import { randomToken, secretHash } from '../../hq/server/secrets.ts';
import { startHq } from '../../hq/server/start.ts';
import { systemClock } from '../../main/clock.ts';
import { createHqClient, type HqClient } from '../../main/headoffice/hq-client.ts';
import { createUpload, type Upload, type UploadState } from '../../main/headoffice/upload.ts';
import { type Postgres, pgDump, pgRestore, startPostgres } from './postgres.ts';
import { SimDesk, spawnHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

/** A desk's real outbox over a SimDesk's journal, its state kept as the desk keeps it; each upload's first seq and answer. */
type Outbox = { state: UploadState; url: string; upload: Upload; sent: { first: number; status: unknown }[] };

function outboxOf(desk: SimDesk, url: string, state: UploadState): Outbox {
  const key = deskPrivateKey(desk.keys.privateKeyPem);
  const clients = new Map<string, HqClient>();
  const client = (): HqClient => {
    const found = clients.get(box.url) ?? createHqClient(box.url, () => desk.token, 5_000, key);
    clients.set(box.url, found);
    return {
      ...found,
      upload: async (entries) => {
        const answer = await found.upload(entries);
        box.sent.push({ first: entries[0]!.seq, status: answer.status });
        return answer;
      },
    };
  };
  const box: Outbox = {
    state,
    url,
    sent: [],
    upload: createUpload({
      client,
      entriesAfter: (seq, limit) => desk.entries.slice(seq, seq + limit),
      holdsAfter: () => true,
      state: () => box.state,
      save: (next) => {
        box.state = next;
      },
      now: () => new Date().toISOString(),
      clock: systemClock,
      changed: () => undefined,
      log: { warn: () => undefined },
      backoff: { minMs: 50, maxMs: 200 },
    }),
  };
  return box;
}

async function drained(box: Outbox): Promise<void> {
  box.upload.kick();
  await box.upload.idle();
}

/** A desk of `branch` as its enrolment leaves it at HQ: its token's hash and its public key. */
async function enrolled(db: Db, url: string, terminalId: string, branch: string): Promise<SimDesk> {
  const desk = new SimDesk(url, terminalId);
  desk.token = randomToken();
  const found = await db.query<{ id: number }>(
    `INSERT INTO hq_branches (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [branch],
  );
  await db.query(
    'INSERT INTO hq_desks (terminal_id, branch_id, token_hash, public_key) VALUES ($1, $2, $3, $4)',
    [terminalId, found.rows[0]!.id, secretHash(desk.token), desk.keys.publicKeyPem],
  );
  return desk;
}

const FRESH: UploadState = { highWater: 0, lastReachedAt: null, alarm: null };

/** A closed shift: its movements, counts and Z report, besides the day's operations. */
function closedDay(desk: SimDesk, prefix: string): void {
  desk.day(prefix, { handOverPayout: false });
  const shiftId = `${prefix}-S`;
  desk.record('cash_movement', {
    shiftId,
    direction: 'in',
    amount: '250.00',
    currency: 'KZT',
    reason: 'change',
    operator: 'Aigerim',
  });
  desk.record('audit', { action: 'gateway_changed', actor: 'Dana', detail: { gateway: prefix } });
  desk.zReport(prefix, { number: 1, counted: '11700.00', movementsIn: '250.00' });
  desk.record('shift_closed', { shiftId, operator: 'Aigerim' });
}

/** Everything HQ derives from the entries, in a stable order; nothing HQ's clock or tokens set. */
const PROJECTIONS = {
  entries:
    'SELECT terminal_id, seq, at, kind, body, prev_hash, hash FROM hq_entries ORDER BY terminal_id, seq',
  desks: `SELECT terminal_id, branch_id, high_water, last_hash, last_entry_at, shift_id, shift_operator,
    shift_opened_at, last_z_at, last_z_number, last_z_variance, alarms FROM hq_desks ORDER BY terminal_id`,
  cash: 'SELECT * FROM hq_desk_cash ORDER BY terminal_id, currency',
  operations: 'SELECT * FROM hq_operations ORDER BY operation_number',
  zReports: 'SELECT * FROM hq_z_reports ORDER BY terminal_id, seq',
  variances: 'SELECT * FROM hq_variances ORDER BY terminal_id, seq, count_no, currency',
  audit: 'SELECT * FROM hq_desk_audit ORDER BY terminal_id, seq',
  alarms:
    'SELECT terminal_id, seq, kind, operation_number, detail FROM hq_alarms ORDER BY terminal_id, seq, kind',
};

async function projections(db: Db) {
  const read: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(PROJECTIONS)) read[name] = (await db.query(sql)).rows;
  return read;
}

/**
 * What `db`'s projections would be had HQ ingested `desks`' whole journals from scratch: every
 * entry and projection emptied, each desk's stream set back to its start, and the journals ingested
 * again in batches, by HQ's own ingest. The branches and desks, HQ's own rows, stay.
 */
async function fromScratch(db: Db, desks: readonly SimDesk[]) {
  await db.query(`TRUNCATE hq_entries, hq_desk_cash, hq_z_reports, hq_variances, hq_desk_audit, hq_alarms,
    hq_claims, hq_operations`);
  await db.query(`UPDATE hq_desks SET high_water = 0, last_hash = repeat('0', 64), last_entry_at = NULL,
    shift_id = NULL, shift_operator = NULL, shift_opened_at = NULL, last_z_at = NULL, last_z_number = NULL,
    last_z_variance = NULL, alarms = 0`);
  for (const desk of desks) {
    for (let i = 0; i < desk.entries.length; i += 500) {
      const result = await ingest(db, desk.terminalId, desk.entries.slice(i, i + 500));
      assert.equal(result.ok, true, JSON.stringify(result));
    }
  }
  return projections(db);
}

test('HQ restored from an older dump: the desks send again what it lacks, its projections end as from scratch, and no alarm', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-dump-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dump = join(dir, 'hq.dump');

  const firstUrl = await pg.createDatabase();
  const firstDb = pgDb(firstUrl);
  const first = await startHq(firstDb);
  const desks = [
    await enrolled(firstDb, first.url, 'R-1', 'Central'),
    await enrolled(firstDb, first.url, 'R-2', 'North'),
  ];
  const boxes = desks.map((desk) => outboxOf(desk, first.url, FRESH));
  for (const desk of desks) closedDay(desk, `${desk.terminalId}-D1`);
  for (const box of boxes) await drained(box);
  const atDump = desks.map((desk) => desk.entries.length);
  await pgDump(firstUrl, dump);

  // After the dump: another day at each desk, stored and acknowledged, then lost with HQ's database.
  for (const desk of desks) closedDay(desk, `${desk.terminalId}-D2`);
  desks[0]!.day('R-1-D3');
  for (const box of boxes) await drained(box);
  assert.deepEqual(
    boxes.map((box) => box.state.highWater),
    desks.map((desk) => desk.entries.length),
  );
  await first.close();
  await firstDb.close();

  // Restored into a fresh database, HQ started on it as `npm run hq` runs, with a retention of its own.
  const restoredUrl = await pg.createDatabase();
  await pgRestore(restoredUrl, dump);
  const restored = await spawnHq(restoredUrl, { HQ_WORKERS: '1', HQ_DESK_RETENTION_DAYS: '30' });
  t.after(() => restored.child.kill('SIGKILL'));
  const db = pgDb(restoredUrl);
  t.after(() => db.close());
  const held = await db.query<{ high_water: string }>('SELECT high_water FROM hq_desks ORDER BY terminal_id');
  assert.deepEqual(
    held.rows.map((r) => Number(r.high_water)),
    atDump,
    'the dump holds what HQ held at T1',
  );

  // R-1 goes on at the counter: its next upload hears of a gap, and sends from HQ's high-water on.
  const r1 = boxes[0]!;
  const own = r1.state.highWater;
  desks[0]!.day('R-1-D4');
  r1.url = restored.url;
  r1.sent.length = 0;
  await drained(r1);
  assert.deepEqual(r1.sent.slice(0, 2), [
    { first: own + 1, status: 409 },
    { first: atDump[0]! + 1, status: 200 },
  ]);

  // R-2 has nothing new to send: started again, its outbox asks HQ's high-water and sends from there.
  boxes[1]!.upload.close();
  const r2 = outboxOf(desks[1]!, restored.url, boxes[1]!.state);
  await drained(r2);
  assert.deepEqual(r2.sent[0], { first: atDump[1]! + 1, status: 200 });

  for (const [i, box] of [r1, r2].entries()) {
    assert.equal(box.state.alarm, null);
    assert.equal(box.state.highWater, desks[i]!.entries.length, `${desks[i]!.terminalId} fully held again`);
  }
  assert.equal(r1.state.retentionDays, 30, "HQ's retention, as its replies say");
  const alarms = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hq_alarms');
  assert.equal(alarms.rows[0]!.n, 0, 'entries HQ simply lacked raise no alarm');

  assert.deepEqual(await projections(db), await fromScratch(db, desks));
  r2.upload.close();
});

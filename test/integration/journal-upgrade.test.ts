// A desk whose database was written before the journal kept references and before the chain was
// compacted (migrations 0014 and 0015): it upgrades in place. Its hashed entries read back exactly
// as they were sealed, every link keeps its seq and hash (the seal and the printed chain heads
// still match), and the stream goes on after them, each new entry's text derived from its row and
// checked against its seal; a row changed under an entry is told, never sent as sealed.

import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import {
  canonicalJson,
  GENESIS_HASH,
  type JournalEntry,
  type UnhashedEntry,
} from '../../common/journal-entry.ts';
import { firstBreak, sealEntry } from '../../common-node/journal-hash.ts';
import { checkChain } from '../../main/audit/chain-guard.ts';
import { createDeskJournal, journalEntries } from '../../main/headoffice/desk-journal.ts';
import { createHeadOfficeTables } from '../../main/headoffice/tables.ts';
import { CHAINED, chainHash } from '../../main/store/chain-links.ts';
import { createStore, DATABASE_FILE } from '../../main/store/index.ts';
import { databaseThrough } from '../support/store.ts';

/** The link trigger as migration 0009's chain made it: chain_links, prev_hash and hex hashes. */
function oldLinkTrigger(table: string): string {
  const t = CHAINED.find((c) => c.table === table)!;
  return `CREATE TRIGGER ${table}_chain AFTER INSERT ON ${table} BEGIN
  INSERT INTO chain_links (seq, tbl, row_id, prev_hash, hash)
  SELECT h.seq + 1, '${table}', NEW.${t.columns[0]}, h.hash,
    chain_sha256(h.hash || json_array(${t.columns.map((c) => `NEW.${c}`).join(', ')}))
  FROM (SELECT COALESCE(MAX(seq), 0) AS seq,
    COALESCE((SELECT hash FROM chain_links ORDER BY seq DESC LIMIT 1), '') AS hash FROM chain_links) h;
END;`;
}

/** A Live shift and an audit row, journalled as the desk journalled them before 0014. */
function deskAtVersion13(
  file: string,
  key: Buffer,
): { head: { seq: number; hash: string }; entries: JournalEntry[] } {
  const db = databaseThrough(file, '0013-desk-journal', (at) =>
    at.function('chain_sha256', (text) => chainHash('', String(text))),
  );
  for (const table of ['shifts', 'audit_trail', 'desk_journal']) db.exec(oldLinkTrigger(table));
  db.exec(`INSERT INTO shifts (terminal_id, training, operator_id, operator_name, opened_at, opening_float)
    VALUES ('T01', 0, NULL, 'Aigerim', '2026-11-01T08:00:00.000Z', '[{"currency":"KZT","total":"20000.00","denominations":null}]');
    INSERT INTO audit_trail (at, terminal_id, operator, kind, detail)
    VALUES ('2026-11-01T08:01:00.000Z', 'T01', 'supervisor', 'settings_changed', '{"kiosk":"false → true"}')`);
  const facts = [
    {
      kind: 'shift_opened',
      at: '2026-11-01T08:00:00.000Z',
      body: { shiftId: '1', operator: 'Aigerim', float: [{ currency: 'KZT', amount: '20000.00' }] },
      link: 1,
    },
    {
      kind: 'audit',
      at: '2026-11-01T08:01:00.000Z',
      body: { action: 'settings_changed', actor: 'supervisor', detail: { kiosk: 'false → true' } },
      link: 2,
    },
  ];
  const entries: JournalEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, { link, ...fact }] of facts.entries()) {
    const entry = sealEntry({ terminalId: 'T01', seq: i + 1, prevHash, ...fact } as UnhashedEntry);
    db.prepare(
      'INSERT INTO desk_journal (seq, terminal_id, at, kind, body, prev_hash, hash, link_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      entry.seq,
      entry.terminalId,
      entry.at,
      entry.kind,
      canonicalJson(entry.body),
      entry.prevHash,
      entry.hash,
      link,
    );
    entries.push(entry);
    prevHash = entry.hash;
  }
  const last = db.prepare('SELECT seq, hash FROM chain_links ORDER BY seq DESC LIMIT 1').get()!;
  const head = { seq: Number(last.seq), hash: String(last.hash) };
  const mac = createHmac('sha256', key).update(`${head.seq}:${head.hash}`).digest('hex');
  db.prepare('INSERT INTO chain_seal (id, seq, hash, mac) VALUES (1, ?, ?, ?)').run(head.seq, head.hash, mac);
  db.prepare('INSERT INTO desk_journal_cursor (id, link_seq) VALUES (1, ?)').run(head.seq);
  db.close();
  return { head, entries };
}

test('a desk journalled before 0014 upgrades in place: its entries as sealed, its chain whole, the stream going on', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-journal-upgrade-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const key = randomBytes(32);
  const old = deskAtVersion13(join(dataDir, DATABASE_FILE), key);
  assert.equal(old.head.seq, 4, 'two rows and their two entries, chained');

  const store = createStore(dataDir);
  t.after(() => store.close());
  store.chain.setKey(key);
  const { deskJournal } = createHeadOfficeTables(store);
  assert.deepEqual(store.chain.head(), old.head, 'every link keeps its seq and hash');
  assert.deepEqual(await checkChain(store, key), { links: 4, findings: [] });
  const changed: number[] = [];
  const read = () => journalEntries(deskJournal, 'T01', 0, 100, (seq) => changed.push(seq));
  assert.deepEqual(read(), old.entries, 'the entries read back exactly as they were sealed');

  const journal = createDeskJournal({
    repo: deskJournal,
    transaction: store.transaction,
    afterLink: store.chain.afterLink,
    terminalId: () => 'T01',
    note: () => ({ waiting: 0, lastReachedAt: null }),
    appended: () => {},
    log: { error: (event) => assert.fail(event) },
  });
  t.after(() => journal.close());
  store.audit.append({
    at: '2026-11-01T09:00:00.000Z',
    terminalId: 'T01',
    operator: null,
    kind: 'after_the_upgrade',
    detail: { n: 1 },
  });
  journal.catchUp();
  const entries = read();
  assert.deepEqual(
    entries.map((e) => [e.seq, e.kind]),
    [
      [1, 'shift_opened'],
      [2, 'audit'],
      [3, 'audit'],
    ],
  );
  assert.equal(entries[2]!.prevHash, old.entries[1]!.hash, 'the stream goes on after the sealed entries');
  assert.equal(firstBreak(entries), null);
  assert.deepEqual(changed, []);
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
  t.after(() => db.close());
  assert.equal(
    db.prepare('SELECT COUNT(*) AS n FROM desk_journal').get()!.n,
    2,
    'no entry text written again',
  );
  assert.equal(db.prepare('SELECT COUNT(*) AS n FROM desk_journal_refs').get()!.n, 1);
  assert.deepEqual(await checkChain(store, key), { links: 5, findings: [] });

  // The row under the new entry changed behind the desk's back: its text no longer hashes to the
  // seal, and it is told rather than sent as sealed (the chain's check finds the row too).
  const tamper = new DatabaseSync(join(dataDir, DATABASE_FILE));
  tamper.exec(`DROP TRIGGER audit_trail_no_update;
    UPDATE audit_trail SET detail = '{"n":2}' WHERE kind = 'after_the_upgrade'`);
  tamper.close();
  const sent = read();
  assert.deepEqual(changed, [3]);
  assert.notEqual(firstBreak(sent), null, 'sent with its seal, the head office refuses it');
  assert.ok(
    (await checkChain(store, key))!.findings.some((f) => /Row \d+ of audit_trail was changed/.test(f)),
  );
});

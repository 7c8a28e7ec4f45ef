// The desk journal's tables and what its writer reads: the chain links after the last one journalled,
// and each linked row with what it needs to become entries (its operation, its shift, Live or not).
// An entry is kept as a reference to its link and its seal (desk_journal_refs, migration 0014); the
// ones journalled before keep their text in desk_journal.
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { JournalEntry } from '../../common/journal-entry.ts';
import { chainCode } from '../store/chain-links.ts';

export type LinkRef = { seq: number; table: string; rowId: number };
export type Row = Record<string, SQLOutputValue>;

/** For each chained table the writer maps, the one statement reading a linked row with its context. */
const ROW_SQL: Record<string, string> = {
  // `announced`: an earlier event of the operation already said it exists (or that its create was
  // lost); `previous`: the status the last such event carried. The phase the event left the
  // operation in and what the cash rules read then, with the event's before it, so an entry is made
  // only for what changed.
  operation_events: `SELECT e.id, e.at, e.kind, e.status, e.phase,
      (SELECT state FROM money_states WHERE id = e.money_state_id) AS money_state, o.operation_number, o.shop_id,
      o.type, o.amount, o.currency, o.instrument_type, o.training, o.origin,
      EXISTS (SELECT 1 FROM operation_events p WHERE p.local_id = e.local_id AND p.id < e.id
        AND (p.status IS NOT NULL OR p.kind = 'outcome_unknown')) AS announced,
      (SELECT p.status FROM operation_events p WHERE p.local_id = e.local_id AND p.id < e.id
        AND (p.status IS NOT NULL OR p.kind = 'outcome_unknown') ORDER BY p.id DESC LIMIT 1) AS previous,
      b.phase AS previous_phase,
      (SELECT state FROM money_states WHERE id = b.money_state_id) AS previous_state, b.status AS previous_status
    FROM operation_events e JOIN operations o ON o.local_id = e.local_id
    LEFT JOIN operation_events b ON b.id = (SELECT MAX(p.id) FROM operation_events p
      WHERE p.local_id = e.local_id AND p.id < e.id)
    WHERE e.id = ?`,
  // A later reconciliation of a Z report, with the report's shift.
  z_reconciliations: `SELECT r.at, r.result, z.shift_id, z.training
    FROM z_reconciliations r JOIN z_reports z ON z.id = r.z_report_id WHERE r.id = ?`,
  custody_records: `SELECT c.id, c.kind, c.amount, c.currency, c.operator, c.at, c.reason, o.operation_number,
      o.training, r.kind AS reversed_kind
    FROM custody_records c JOIN operations o ON o.local_id = c.local_id
    LEFT JOIN custody_records r ON r.id = c.reverses WHERE c.id = ?`,
  shifts: 'SELECT id, training, operator_name, opened_at, opening_float FROM shifts WHERE id = ?',
  cash_movements: `SELECT m.id, m.shift_id, m.at, m.kind, m.currency, m.amount, m.reason, m.operator, s.training
    FROM cash_movements m JOIN shifts s ON s.id = m.shift_id WHERE m.id = ?`,
  close_counts: `SELECT c.shift_id, c.at, c.operator, c.counted, c.variance, s.training
    FROM close_counts c JOIN shifts s ON s.id = c.shift_id WHERE c.id = ?`,
  drawer_handovers: `SELECT h.shift_id, h.at, h.from_operator_name, h.to_operator_name, h.counted, s.training
    FROM drawer_handovers h JOIN shifts s ON s.id = h.shift_id WHERE h.id = ?`,
  z_reports: 'SELECT shift_id, training, number, produced_at, report FROM z_reports WHERE id = ?',
  audit_trail: 'SELECT at, operator, kind, detail FROM audit_trail WHERE id = ?',
  payout_releases: `SELECT r.at, r.supervisor, o.operation_number, o.amount, o.currency, o.training
    FROM payout_releases r JOIN operations o ON o.local_id = r.local_id WHERE r.id = ?`,
  payout_claims: `SELECT c.at, c.operator, c.origin_terminal_id, o.operation_number, o.amount, o.currency, o.training
    FROM payout_claims c JOIN operations o ON o.local_id = c.local_id WHERE c.id = ?`,
};

/** An entry as this desk keeps it since migration 0014: a reference to its fact, and its seal. */
export type JournalRef = { seq: number; linkSeq: number; part: number; hash: string; note: string | null };

export function createDeskJournalRepo(db: DatabaseSync) {
  const rows = new Map(Object.entries(ROW_SQL).map(([table, sql]) => [table, db.prepare(sql)]));
  const linksAfter = db.prepare(`SELECT l.seq, t.name AS tbl, l.row_id FROM chain l
    JOIN chain_tables t ON t.code = l.tbl WHERE l.seq > ? ORDER BY l.seq LIMIT ?`);
  const linkAt = db.prepare(`SELECT l.seq, t.name AS tbl, l.row_id FROM chain l
    JOIN chain_tables t ON t.code = l.tbl WHERE l.seq = ?`);
  const cursor = db.prepare('SELECT link_seq FROM desk_journal_cursor WHERE id = 1');
  const setCursor = db.prepare(
    'INSERT INTO desk_journal_cursor (id, link_seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET link_seq = excluded.link_seq',
  );
  const lastRef = db.prepare(
    'SELECT seq, lower(hex(hash)) AS hash FROM desk_journal_refs ORDER BY seq DESC LIMIT 1',
  );
  const lastStored = db.prepare('SELECT seq, hash FROM desk_journal ORDER BY seq DESC LIMIT 1');
  const insert = db.prepare(
    'INSERT INTO desk_journal_refs (seq, link_seq, part, hash, note) VALUES (?, ?, ?, unhex(?), ?)',
  );
  const stored = db.prepare(
    'SELECT seq, terminal_id, at, kind, body, prev_hash, hash FROM desk_journal WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const refs = db.prepare(`SELECT seq, link_seq, part, lower(hex(hash)) AS hash, note FROM desk_journal_refs
    WHERE seq > ? ORDER BY seq LIMIT ?`);
  const hashAt = db.prepare(`SELECT lower(hex(hash)) AS hash FROM desk_journal_refs WHERE seq = ?1
    UNION ALL SELECT hash FROM desk_journal WHERE seq = ?1`);
  // Where the journal's newest stream starts: its first entry follows `seq` (which the desk lost) and
  // is chained to `hash`, the last entry the desk and the head office held alike.
  const streamBase = db.prepare(`SELECT start_seq - 1 AS seq, lower(hex(prev_hash)) AS hash, continues_after
    FROM desk_journal_streams ORDER BY epoch DESC LIMIT 1`);
  const openStream =
    db.prepare(`INSERT INTO desk_journal_streams (epoch, continues_after, prev_hash, start_seq, opened_at)
    VALUES (?, ?, unhex(?), ?, ?) ON CONFLICT (epoch) DO UPDATE SET continues_after = excluded.continues_after,
    prev_hash = excluded.prev_hash, start_seq = excluded.start_seq, opened_at = excluded.opened_at`);
  const rebasing = db.prepare('INSERT INTO desk_journal_rebasing (id) VALUES (1)');
  const rebased = db.prepare('DELETE FROM desk_journal_rebasing');
  const removeAfter = db.prepare('DELETE FROM desk_journal_refs WHERE seq > ?');
  const count = db.prepare(`SELECT (SELECT COUNT(*) FROM desk_journal WHERE seq > ?1)
    + (SELECT COUNT(*) FROM desk_journal_refs WHERE seq > ?1) AS n`);
  const zNote = db.prepare(`SELECT r.note FROM z_reports z
    JOIN chain l ON l.tbl = ${chainCode('z_reports')} AND l.row_id = z.id
    JOIN desk_journal_refs r ON r.link_seq = l.seq AND r.note IS NOT NULL WHERE z.shift_id = ? LIMIT 1`);
  const zStored = db.prepare(`SELECT json_extract(body, '$.headOffice') AS note FROM desk_journal
    WHERE kind = 'z_report' AND json_extract(body, '$.shiftId') = ? LIMIT 1`);
  const floor = db.prepare('SELECT below FROM desk_journal_floor WHERE id = 1');
  const raiseFloor = db.prepare('UPDATE desk_journal_floor SET below = ?1 WHERE id = 1 AND below < ?1');
  // A Z report's reference keeps its note (the reprinted Z, the payouts it listed): it stays.
  const prune = db.prepare('DELETE FROM desk_journal_refs WHERE seq < ? AND note IS NULL');
  const ack = db.prepare(`INSERT INTO desk_journal_acks (at, seq) VALUES (?1, ?2)
    ON CONFLICT (at) DO UPDATE SET seq = max(seq, excluded.seq)`);
  const withdraw = db.prepare('UPDATE desk_journal_acks SET seq = ?1 WHERE seq > ?1');
  const forget = db.prepare('DELETE FROM desk_journal_acks WHERE seq < ?');
  const ackedBy = db.prepare('SELECT MAX(seq) AS seq FROM desk_journal_acks WHERE at <= ? AND seq <= ?');
  const linkOf = (r: Row): LinkRef => ({ seq: Number(r.seq), table: String(r.tbl), rowId: Number(r.row_id) });

  return {
    cursor: (): number => Number(cursor.get()?.link_seq ?? 0),
    setCursor: (linkSeq: number) => setCursor.run(linkSeq),
    linksAfter: (linkSeq: number, limit: number): LinkRef[] => linksAfter.all(linkSeq, limit).map(linkOf),
    link: (linkSeq: number): LinkRef | undefined => {
      const row = linkAt.get(linkSeq);
      return row ? linkOf(row) : undefined;
    },
    /** The linked row with its context, or undefined for a table that makes no entries. */
    row: (table: string, rowId: number): Row | undefined => rows.get(table)?.get(rowId),
    /** The entry the next one follows: the last journalled, or a new stream's base before its first entry. */
    last: (): { seq: number; hash: string } | undefined => {
      const row = lastRef.get() ?? lastStored.get();
      const base = streamBase.get();
      const last = row && (!base || Number(row.seq) > Number(base.seq)) ? row : base;
      return last ? { seq: Number(last.seq), hash: String(last.hash) } : undefined;
    },
    /** The hash the entry after `seq` follows: entry `seq`'s own, or a new stream's base. */
    hashAt: (seq: number): string | undefined => {
      const row = hashAt.get(seq);
      if (row) return String(row.hash);
      const base = streamBase.get();
      return base && Number(base.seq) === seq ? String(base.hash) : undefined;
    },
    /** Entry `seq`'s own hash, if the desk holds that entry. */
    entryHash: (seq: number): string | undefined => {
      const row = hashAt.get(seq);
      return row ? String(row.hash) : undefined;
    },
    /**
     * Opens the stream HQ issued (`epoch`) after the desk's entry `continuesAfter` and takes the
     * references after it off, for `reseal` to append again from `startSeq`; in the caller's transaction.
     */
    openStream(stream: {
      epoch: number;
      continuesAfter: number;
      prevHash: string;
      startSeq: number;
      at: string;
    }) {
      openStream.run(stream.epoch, stream.continuesAfter, stream.prevHash, stream.startSeq, stream.at);
      rebasing.run();
      removeAfter.run(stream.continuesAfter);
      rebased.run();
    },
    append(ref: JournalRef) {
      insert.run(ref.seq, ref.linkSeq, ref.part, ref.hash, ref.note);
    },
    /** Entries journalled before migration 0014, with their text as stored, after `seq`. */
    storedAfter: (seq: number, limit: number): JournalEntry[] => stored.all(seq, limit).map(entryOf),
    /** References after `seq`, in order. */
    refsAfter: (seq: number, limit: number): JournalRef[] =>
      refs.all(seq, limit).map((r) => ({
        seq: Number(r.seq),
        linkSeq: Number(r.link_seq),
        part: Number(r.part),
        hash: String(r.hash),
        note: r.note == null ? null : String(r.note),
      })),
    countAfter: (seq: number): number => Number(count.get(seq)!.n),
    /** References below this seq may be gone; the one at it stays. */
    floor: (): number => Number(floor.get()!.below),
    /** Keeps that HQ held every entry up to `seq` by the hour ending at `hourEnd`. */
    acknowledged: (hourEnd: string, seq: number) => ack.run(hourEnd, seq),
    /** HQ no longer holds what is after `seq`: each acknowledgement covers `seq` at most. */
    withdrawn: (seq: number) => withdraw.run(seq),
    /** The last seq HQ acknowledged by `at` and still holds (`highWater`), or 0. */
    ackedBy: (at: string, highWater: number): number => Number(ackedBy.get(at, highWater)!.seq ?? 0),
    /** Deletes the references below `below` (a Z report's aside); returns how many went. */
    prune(below: number): number {
      raiseFloor.run(below);
      forget.run(below);
      return Number(prune.run(below).changes);
    },
    /** What the shift's z_report entry says of the upload; undefined before it is journalled. */
    zNote(shiftId: number): { waiting: number; lastReachedAt: string | null } | undefined {
      const note = zNote.get(shiftId)?.note ?? zStored.get(String(shiftId))?.note;
      return note ? JSON.parse(String(note)) : undefined;
    },
  };
}

export type DeskJournalRepo = ReturnType<typeof createDeskJournalRepo>;

/** A journal row as the entry it holds (the contract's shape, as uploaded). */
export function entryOf(r: Row): JournalEntry {
  return {
    terminalId: String(r.terminal_id),
    seq: Number(r.seq),
    at: String(r.at),
    kind: String(r.kind),
    body: JSON.parse(String(r.body)),
    prevHash: String(r.prev_hash),
    hash: String(r.hash),
  } as JournalEntry;
}

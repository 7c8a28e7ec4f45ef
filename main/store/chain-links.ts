// The hash chain over the money tables, as the store keeps it. CHAINED is the one list: a table
// joins the chain by one line here and its row of chain_tables (its trigger is made at open). Each
// chained row gets a link in chain, written by that trigger in the row's own statement, so in its
// transaction:
//   hash = SHA-256(prev_hash || json_array(the row's content columns, in the order listed)),
// prev_hash being the link before's hash as hex ('' for the first), seq gap-free from 1; the hash
// is kept as its 32 bytes and read as hex. Anyone with the file can check it; the
// seal over the head (HMAC-SHA-256 of "seq:hash") needs the key the keychain holds, given by setKey.
// Each store method that writes a chained row calls linked() beside its insert: the one named hook
// (afterLink, the desk journal's writer) runs once that write has committed.
import { createHmac, hash } from 'node:crypto';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import { afterCommit, transaction } from './open.ts';

export type ChainedTable = {
  table: string;
  /** The row's key (an INTEGER PRIMARY KEY), then its content, as serialised for the hash. */
  columns: readonly string[];
  /** The triggers that keep the table append-only: a missing one is a finding. */
  guards: readonly string[];
};

export const CHAINED: readonly ChainedTable[] = [
  {
    // The operations' events: custody (cash_received, cash_handed_over) is among them.
    table: 'operation_events',
    columns: ['id', 'local_id', 'at', 'kind', 'phase', 'status', 'detail'],
    guards: ['operation_events_no_update', 'operation_events_no_delete'],
  },
  {
    // The shift as opened, with its float as counted (closed_at is set once, at the Z report).
    table: 'shifts',
    columns: ['id', 'terminal_id', 'training', 'operator_id', 'operator_name', 'opened_at', 'opening_float'],
    guards: ['shifts_close_once', 'shifts_no_delete'],
  },
  {
    table: 'cash_movements',
    columns: ['id', 'shift_id', 'at', 'kind', 'currency', 'amount', 'reason', 'operator', 'approved'],
    guards: ['cash_movements_no_update', 'cash_movements_no_delete'],
  },
  {
    // The Z report with its closing count and variance as stored.
    table: 'z_reports',
    columns: ['id', 'shift_id', 'terminal_id', 'training', 'number', 'produced_at', 'reconciled', 'report'],
    guards: ['z_reports_no_update', 'z_reports_no_delete'],
  },
  {
    table: 'z_reconciliations',
    columns: ['id', 'z_report_id', 'at', 'complete', 'result'],
    guards: ['z_reconciliations_no_update', 'z_reconciliations_no_delete'],
  },
  {
    // Cash that physically moved: received, handed over, given back, and supervisors' reversals.
    table: 'custody_records',
    columns: [
      'id',
      'local_id',
      'kind',
      'reverses',
      'amount',
      'currency',
      'direction',
      'shift_id',
      'terminal_id',
      'operator',
      'at',
      'reason',
    ],
    guards: [
      'custody_records_no_update',
      'custody_records_no_delete',
      'custody_records_once',
      'custody_records_reverse_once',
      'custody_records_same_mode',
      'custody_records_cash_only',
    ],
  },
  {
    // Every count at the close, the recounts beside the first.
    table: 'close_counts',
    columns: ['id', 'shift_id', 'at', 'operator', 'counted', 'variance', 'over_threshold'],
    guards: ['close_counts_no_update', 'close_counts_no_delete'],
  },
  {
    // The drawer passed between operators inside a shift, with the count both agreed.
    table: 'drawer_handovers',
    columns: [
      'id',
      'shift_id',
      'at',
      'from_operator_id',
      'from_operator_name',
      'to_operator_id',
      'to_operator_name',
      'counted',
      'variance',
      'over_threshold',
      'note',
      'supervisor_approved',
    ],
    guards: ['drawer_handovers_no_update', 'drawer_handovers_no_delete'],
  },
  {
    // Who held the safe for a cash movement, as its slip names them.
    table: 'cash_movement_holders',
    columns: ['movement_id', 'name'],
    guards: ['cash_movement_holders_no_update', 'cash_movement_holders_no_delete'],
  },
  {
    table: 'payout_releases',
    columns: ['id', 'local_id', 'at', 'supervisor'],
    guards: ['payout_releases_no_update', 'payout_releases_no_delete'],
  },
  {
    table: 'payout_claims',
    columns: ['id', 'local_id', 'at', 'origin_terminal_id', 'operator'],
    guards: ['payout_claims_no_update', 'payout_claims_no_delete'],
  },
  {
    // The entries journalled before migration 0014, with their text; later ones are references to
    // the links above (desk_journal_refs), and their hashes cover their text.
    table: 'desk_journal',
    columns: ['seq', 'terminal_id', 'at', 'kind', 'body', 'prev_hash', 'hash', 'link_seq'],
    guards: ['desk_journal_no_update', 'desk_journal_no_delete', 'desk_journal_gap_free'],
  },
  {
    table: 'audit_trail',
    columns: ['id', 'at', 'terminal_id', 'operator', 'kind', 'detail'],
    guards: ['audit_trail_no_update', 'audit_trail_no_delete'],
  },
];

/** The chain links' own guards. */
export const LINK_GUARDS = ['chain_no_update', 'chain_no_delete'] as const;

export type ChainHead = { seq: number; hash: string };
export type ChainLink = {
  seq: number;
  table: string;
  rowId: number;
  hash: string;
  /** The row as serialised now; null when it is gone. */
  content: string | null;
};

// One-shot: several times faster than createHash for a row, which is what a check does 100,000 times.
export const chainHash = (prevHash: string, canonical: string) => hash('sha256', prevHash + canonical, 'hex');

export const sealMac = (key: Buffer, seq: number, hash: string) =>
  createHmac('sha256', key).update(`${seq}:${hash}`).digest('hex');

/** The table's code in chain (chain_tables names each, for good, in the migration that chains it). */
export const chainCode = (table: string) => `(SELECT code FROM chain_tables WHERE name = '${table}')`;

const canonical = (t: ChainedTable, alias: string) =>
  `json_array(${t.columns.map((c) => `${alias}.${c}`).join(', ')})`;

function linkTrigger(t: ChainedTable): string {
  // Named anew (the triggers of migration 0009 wrote to chain_links and were dropped with it).
  return `CREATE TRIGGER IF NOT EXISTS ${t.table}_link AFTER INSERT ON ${t.table} BEGIN
  INSERT INTO chain (seq, tbl, row_id, hash)
  SELECT h.seq + 1, ${chainCode(t.table)}, NEW.${t.columns[0]}, unhex(chain_sha256(h.hash || ${canonical(t, 'NEW')}))
  FROM (SELECT COALESCE(MAX(seq), 0) AS seq,
    COALESCE((SELECT lower(hex(hash)) FROM chain ORDER BY seq DESC LIMIT 1), '') AS hash FROM chain) h;
  INSERT OR REPLACE INTO chain_seal (id, seq, hash, mac)
  SELECT 1, seq, lower(hex(hash)), chain_mac(seq, lower(hex(hash))) FROM chain ORDER BY seq DESC LIMIT 1;
END;`;
}

export function createChainRepo(db: DatabaseSync) {
  let key: Buffer | null = null;
  let linkHook: () => void = () => {};
  db.function('chain_sha256', { deterministic: true }, (text) => chainHash('', String(text)));
  // Until the key is given (a store opened without the core), the seal is left without a MAC.
  db.function('chain_mac', (seq, hash) => (key ? sealMac(key, Number(seq), String(hash)) : null));
  for (const t of CHAINED) db.exec(linkTrigger(t));

  const lastLink = db.prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq DESC LIMIT 1');
  const linkAt = db.prepare('SELECT lower(hex(hash)) AS hash FROM chain WHERE seq = ?');
  const stats = db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS hi FROM chain');
  const sealRow = db.prepare('SELECT seq, hash, mac FROM chain_seal WHERE id = 1');
  const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'");
  const tablesIn = db.prepare(`SELECT DISTINCT t.name FROM chain l JOIN chain_tables t ON t.code = l.tbl
    WHERE l.seq BETWEEN ? AND ?`);
  const insertLink = db.prepare(`INSERT INTO chain (seq, tbl, row_id, hash)
    VALUES (?, (SELECT code FROM chain_tables WHERE name = ?), ?, unhex(?))`);
  const writeSeal = db.prepare('INSERT OR REPLACE INTO chain_seal (id, seq, hash, mac) VALUES (1, ?, ?, ?)');
  // Arrays, not objects: a check reads every link, and this is most of its cost.
  const arrays = (sql: string) => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  const statements = new Map(
    CHAINED.map((t) => [
      t.table,
      {
        // The links of seq lo..hi for this table, each with its row as serialised now (NULL: gone).
        // `+l.tbl` keeps SQLite on the seq range: by the (tbl, row_id) index it would read all the
        // table's links for every page, and a check in small pages would cost the square of the chain.
        links:
          arrays(`SELECT l.seq, l.row_id, lower(hex(l.hash)), CASE WHEN t.${t.columns[0]} IS NULL THEN NULL
          ELSE ${canonical(t, 't')} END FROM chain l LEFT JOIN ${t.table} t ON t.${t.columns[0]} = l.row_id
          WHERE l.seq BETWEEN ? AND ? AND +l.tbl = ${chainCode(t.table)}`),
        // The table's rows after a key, each with whether it has a link.
        rows: arrays(`SELECT t.${t.columns[0]}, EXISTS (SELECT 1 FROM chain l WHERE l.tbl = ${chainCode(t.table)}
          AND l.row_id = t.${t.columns[0]}) FROM ${t.table} t WHERE t.${t.columns[0]} > ? ORDER BY t.${t.columns[0]} LIMIT ?`),
        count: db.prepare(`SELECT COUNT(*) AS n FROM ${t.table}`),
        all: db.prepare(`SELECT ${t.columns[0]} AS id, ${canonical(t, 't')} AS content FROM ${t.table} t
          ORDER BY ${t.columns[0]}`),
      },
    ]),
  );

  function head(): ChainHead {
    const row = lastLink.get();
    return row ? { seq: Number(row.seq), hash: String(row.hash) } : { seq: 0, hash: '' };
  }

  return {
    /** Called by each writer of a chained row, after its insert: afterLink runs once it commits. */
    linked() {
      afterCommit(db, () => linkHook());
    },
    /** Sets the hook that hears of links written: the desk journal's writer (one, named, set at start). */
    afterLink(run: () => void) {
      linkHook = run;
    },
    /** The hash of link `seq`, if there is one. */
    hashAt(seq: number): string | undefined {
      const row = linkAt.get(seq);
      return row ? String(row.hash) : undefined;
    },
    setKey(next: Buffer) {
      key = next;
    },
    head,
    seal(): { seq: number; hash: string; mac: string | null } | undefined {
      const row = sealRow.get();
      if (!row) return undefined;
      return { seq: Number(row.seq), hash: String(row.hash), mac: row.mac == null ? null : String(row.mac) };
    },
    stats(): { count: number; last: number } {
      const row = stats.get()!;
      return { count: Number(row.n), last: Number(row.hi) };
    },
    /** The chained tables with links of seq `from` to `to` (a page holds a few of the list's). */
    tablesIn: (from: number, to: number): string[] => tablesIn.all(from, to).map((row) => String(row.name)),
    /** The table's links with seq from `from` to `to`, each with its row's content now (null: deleted). */
    links(table: string, from: number, to: number): ChainLink[] {
      const rows = statements.get(table)!.links.all(from, to) as unknown as SQLOutputValue[][];
      return rows.map(([seq, rowId, hash, content]) => ({
        seq: Number(seq),
        table,
        rowId: Number(rowId),
        hash: String(hash),
        content: content == null ? null : String(content),
      }));
    },
    /** How many rows the table holds. */
    count: (table: string): number => Number(statements.get(table)!.count.get()!.n),
    /** Up to `limit` rows of the table after key `after`: their keys, and whether each is linked. */
    rows(table: string, after: number, limit: number): { id: number; linked: boolean }[] {
      const rows = statements.get(table)!.rows.all(after, limit) as unknown as SQLOutputValue[][];
      return rows.map(([id, linked]) => ({ id: Number(id), linked: Number(linked) === 1 }));
    },
    triggers: (): Set<string> => new Set(triggers.all().map((row) => String(row.name))),
    /**
     * Links every row written before the chain existed (a database from before this version), in
     * the list's order, and seals the head. Only for a chain that was never begun.
     */
    adopt(): number {
      return transaction(db, () => {
        let { seq, hash } = head();
        for (const t of CHAINED) {
          for (const row of statements.get(t.table)!.all.iterate()) {
            const id = Number(row.id);
            const next = chainHash(hash, String(row.content));
            insertLink.run(++seq, t.table, id, next);
            hash = next;
          }
        }
        writeSeal.run(seq, hash, key ? sealMac(key, seq, hash) : null);
        return seq;
      });
    },
  };
}

export type ChainRepo = ReturnType<typeof createChainRepo>;

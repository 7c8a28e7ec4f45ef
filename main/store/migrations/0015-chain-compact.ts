// The hash chain stores each fact once. A link kept its previous link's hash (prev_hash: the
// same 64 characters as the row before it), its table's name in full, in the row and again in the
// (tbl, row_id) index, and its hash as hex text. Now: the table as a small code (chain_tables gives
// its name), the hash as its 32 bytes, and the previous hash read from the link before. Measured
// on bench/seed.ts's history (three events an operation): 195 bytes a link with its index before,
// about 60 now. Every link keeps its seq and hash, so every Z report's printed chain head and the
// seal still match; chain_links stays, as a view of the same links in their old shape, for anyone
// reading the file. The link triggers are made again at open (main/store/chain-links.ts), on chain.
export default `
CREATE TABLE chain_tables (
  code  INTEGER PRIMARY KEY,
  name  TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO chain_tables (code, name) VALUES
  (1, 'operation_events'),
  (2, 'shifts'),
  (3, 'cash_movements'),
  (4, 'z_reports'),
  (5, 'z_reconciliations'),
  (6, 'custody_records'),
  (7, 'close_counts'),
  (8, 'drawer_handovers'),
  (9, 'cash_movement_holders'),
  (10, 'payout_releases'),
  (11, 'payout_claims'),
  (12, 'desk_journal'),
  (13, 'audit_trail');

CREATE TABLE chain (
  seq     INTEGER PRIMARY KEY,
  tbl     INTEGER NOT NULL,
  row_id  INTEGER NOT NULL,
  hash    BLOB NOT NULL,
  UNIQUE (tbl, row_id)
) STRICT;
INSERT INTO chain (seq, tbl, row_id, hash)
SELECT l.seq, t.code, l.row_id, unhex(l.hash) FROM chain_links l JOIN chain_tables t ON t.name = l.tbl ORDER BY l.seq;
CREATE TRIGGER chain_no_update BEFORE UPDATE ON chain
BEGIN SELECT RAISE(ABORT, 'chain is append-only'); END;
CREATE TRIGGER chain_no_delete BEFORE DELETE ON chain
BEGIN SELECT RAISE(ABORT, 'chain is append-only'); END;

DROP TRIGGER IF EXISTS operation_events_chain;
DROP TRIGGER IF EXISTS shifts_chain;
DROP TRIGGER IF EXISTS cash_movements_chain;
DROP TRIGGER IF EXISTS z_reports_chain;
DROP TRIGGER IF EXISTS z_reconciliations_chain;
DROP TRIGGER IF EXISTS custody_records_chain;
DROP TRIGGER IF EXISTS close_counts_chain;
DROP TRIGGER IF EXISTS drawer_handovers_chain;
DROP TRIGGER IF EXISTS cash_movement_holders_chain;
DROP TRIGGER IF EXISTS payout_releases_chain;
DROP TRIGGER IF EXISTS payout_claims_chain;
DROP TRIGGER IF EXISTS desk_journal_chain;
DROP TRIGGER IF EXISTS audit_trail_chain;
DROP TABLE chain_links;
CREATE VIEW chain_links (seq, tbl, row_id, prev_hash, hash) AS
SELECT c.seq, t.name, c.row_id, COALESCE(lower(hex((SELECT p.hash FROM chain p WHERE p.seq = c.seq - 1))), ''),
  lower(hex(c.hash)) FROM chain c JOIN chain_tables t ON t.code = c.tbl;
`;

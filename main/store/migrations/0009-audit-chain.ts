// The audit trail (who changed what at this desk, append-only) and the hash chain over the money
// tables: one link per chained row, in the order written, and the seal over its head. The triggers
// that write the links are made at open from the one list in main/store/chain-links.ts, so a table joins
// the chain by one line there.
export default `
CREATE TABLE audit_trail (
  id           INTEGER PRIMARY KEY,
  at           TEXT NOT NULL,
  terminal_id  TEXT NOT NULL,
  -- The signed-in operator, 'supervisor' for a supervised act, or NULL (no one signed in).
  operator     TEXT,
  kind         TEXT NOT NULL,
  -- JSON: what changed, old → new where a value changed; a token only as its short fingerprint.
  detail       TEXT NOT NULL
) STRICT;
CREATE TRIGGER audit_trail_no_update BEFORE UPDATE ON audit_trail
BEGIN SELECT RAISE(ABORT, 'audit_trail is append-only'); END;
CREATE TRIGGER audit_trail_no_delete BEFORE DELETE ON audit_trail
BEGIN SELECT RAISE(ABORT, 'audit_trail is append-only'); END;

-- One chain across every chained table: seq is gap-free from 1, and
-- hash = SHA-256(prev_hash || the row's canonical serialisation), hex; the first prev_hash is ''.
CREATE TABLE chain_links (
  seq        INTEGER PRIMARY KEY,
  tbl        TEXT NOT NULL,
  row_id     INTEGER NOT NULL,
  prev_hash  TEXT NOT NULL,
  hash       TEXT NOT NULL,
  UNIQUE (tbl, row_id)
) STRICT;
CREATE TRIGGER chain_links_no_update BEFORE UPDATE ON chain_links
BEGIN SELECT RAISE(ABORT, 'chain_links is append-only'); END;
CREATE TRIGGER chain_links_no_delete BEFORE DELETE ON chain_links
BEGIN SELECT RAISE(ABORT, 'chain_links is append-only'); END;

-- The head, sealed: HMAC-SHA-256 of "seq:hash" under a key only the OS keychain holds.
CREATE TABLE chain_seal (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  seq   INTEGER NOT NULL,
  hash  TEXT NOT NULL,
  mac   TEXT
) STRICT;
`;

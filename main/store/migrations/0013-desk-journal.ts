// The desk journal: the desk's money facts as the head office receives them, one entry
// per fact, gap-free, each hash covering the previous one. It is a projection of the hash chain
// (chain_links): one writer reads the links after the last one it journalled, so no other writer
// changes. Append-only, and chained itself. Beside it: the payouts this desk released to its
// branch, the ones it claimed from another desk, and the reset codes it has spent.
export default `
CREATE TABLE desk_journal (
  seq          INTEGER PRIMARY KEY,
  terminal_id  TEXT NOT NULL,
  at           TEXT NOT NULL,
  kind         TEXT NOT NULL,
  -- The body as canonical JSON (common/journal-entry.ts canonicalJson).
  body         TEXT NOT NULL,
  prev_hash    TEXT NOT NULL,
  hash         TEXT NOT NULL UNIQUE,
  -- The chain link whose row this entry projects.
  link_seq     INTEGER NOT NULL
) STRICT;
CREATE TRIGGER desk_journal_gap_free BEFORE INSERT ON desk_journal
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM desk_journal)
  OR NEW.prev_hash IS NOT COALESCE((SELECT hash FROM desk_journal ORDER BY seq DESC LIMIT 1), '${'0'.repeat(64)}')
BEGIN SELECT RAISE(ABORT, 'desk_journal is gap-free and chained'); END;
CREATE TRIGGER desk_journal_no_update BEFORE UPDATE ON desk_journal
BEGIN SELECT RAISE(ABORT, 'desk_journal is append-only'); END;
CREATE TRIGGER desk_journal_no_delete BEFORE DELETE ON desk_journal
BEGIN SELECT RAISE(ABORT, 'desk_journal is append-only'); END;

-- The last chain link journalled: the writer resumes after it (at start, after a crash).
CREATE TABLE desk_journal_cursor (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  link_seq  INTEGER NOT NULL
) STRICT;

-- A captured payout this desk's supervisor released to its branch: this desk never hands it over.
CREATE TABLE payout_releases (
  id          INTEGER PRIMARY KEY,
  local_id    INTEGER NOT NULL UNIQUE REFERENCES operations (local_id),
  at          TEXT NOT NULL,
  supervisor  TEXT NOT NULL
) STRICT;
CREATE TRIGGER payout_releases_no_update BEFORE UPDATE ON payout_releases
BEGIN SELECT RAISE(ABORT, 'payout_releases is append-only'); END;
CREATE TRIGGER payout_releases_no_delete BEFORE DELETE ON payout_releases
BEGIN SELECT RAISE(ABORT, 'payout_releases is append-only'); END;

-- Another desk's released payout this desk won at the head office, before it hands the cash over.
CREATE TABLE payout_claims (
  id                  INTEGER PRIMARY KEY,
  local_id            INTEGER NOT NULL UNIQUE REFERENCES operations (local_id),
  at                  TEXT NOT NULL,
  origin_terminal_id  TEXT NOT NULL,
  operator            TEXT NOT NULL
) STRICT;
CREATE TRIGGER payout_claims_no_update BEFORE UPDATE ON payout_claims
BEGIN SELECT RAISE(ABORT, 'payout_claims is append-only'); END;
CREATE TRIGGER payout_claims_no_delete BEFORE DELETE ON payout_claims
BEGIN SELECT RAISE(ABORT, 'payout_claims is append-only'); END;

-- Each head-office reset code works once: its nonce is kept once spent.
CREATE TABLE spent_reset_nonces (
  nonce  TEXT PRIMARY KEY,
  at     TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TRIGGER spent_reset_nonces_no_delete BEFORE DELETE ON spent_reset_nonces
BEGIN SELECT RAISE(ABORT, 'a spent reset code stays spent'); END;
`;

// The desk journal stops storing the chain's facts a second time. An entry is a projection of one
// chained row (main/headoffice/entries.ts), so from here on it keeps only what cannot be read again
// from that row: the link it came from, which of the row's facts it is, the hash it was sealed
// with, and, for a Z report, what the desk knew of its upload then. Its text is derived again on
// upload and must hash to the stored hash. Measured on bench/seed.ts's history (an enrolled desk,
// 1.8 entries an operation): a stored entry took 400 bytes in desk_journal and its UNIQUE hash
// index, and about 190 more for its own link in chain_links; a reference takes about 47, and is not
// chained again (its row is, and its hash covers the text). The entries journalled before this
// step stay as they were hashed, in desk_journal, and the stream goes on after them.
export default `
CREATE TABLE desk_journal_refs (
  seq       INTEGER PRIMARY KEY,
  -- The chain link whose row the entry is derived from, and its place among that row's facts.
  link_seq  INTEGER NOT NULL,
  part      INTEGER NOT NULL,
  -- SHA-256 of the entry's canonical text as sealed (common/journal-entry.ts), 32 bytes.
  hash      BLOB NOT NULL,
  -- A z_report entry's headOffice note (JSON): the upload as it stood then; NULL for the rest.
  note      TEXT
) STRICT;
-- A Z report's entries, by their link: the printed Z's note, and the payouts a Z listed as open.
CREATE INDEX desk_journal_refs_noted ON desk_journal_refs (link_seq) WHERE note IS NOT NULL;
CREATE TRIGGER desk_journal_refs_gap_free BEFORE INSERT ON desk_journal_refs
WHEN NEW.seq IS NOT MAX(COALESCE((SELECT MAX(seq) FROM desk_journal_refs), 0),
  COALESCE((SELECT MAX(seq) FROM desk_journal), 0)) + 1
BEGIN SELECT RAISE(ABORT, 'desk_journal is gap-free'); END;
CREATE TRIGGER desk_journal_refs_no_update BEFORE UPDATE ON desk_journal_refs
BEGIN SELECT RAISE(ABORT, 'desk_journal is append-only'); END;
CREATE TRIGGER desk_journal_refs_no_delete BEFORE DELETE ON desk_journal_refs
BEGIN SELECT RAISE(ABORT, 'desk_journal is append-only'); END;
`;

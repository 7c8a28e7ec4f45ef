// A desk that lost entries the head office holds (restored from a backup, or replaced) goes on in a
// new stream of its terminal, which HQ opens at enrolment (hq/server/desk-epoch.ts): HQ keeps the
// lost entries under their seqs, so the desk's entries after the last one both held alike are
// sealed again at HQ's high-water + 1 on, chained to that entry. The journal then skips the seqs
// it lost; each such step is a row here. Rebasing is the one time entries are taken off the
// journal, and only those after the parting, inside the rebase's own transaction (the marker row
// in desk_journal_rebasing exists only there).
export default `
CREATE TABLE desk_journal_streams (
  epoch           INTEGER PRIMARY KEY,
  -- The desk's last entry HQ held alike (0: none), and its hash: the new stream's first prev_hash.
  continues_after INTEGER NOT NULL CHECK (continues_after >= 0),
  prev_hash       BLOB NOT NULL,
  start_seq       INTEGER NOT NULL,
  opened_at       TEXT NOT NULL,
  CHECK (start_seq > continues_after)
) STRICT;
CREATE TABLE desk_journal_rebasing (id INTEGER PRIMARY KEY CHECK (id = 1)) STRICT;
DROP TRIGGER desk_journal_refs_gap_free;
CREATE TRIGGER desk_journal_refs_gap_free BEFORE INSERT ON desk_journal_refs
WHEN NEW.seq IS NOT MAX(COALESCE((SELECT MAX(seq) FROM desk_journal_refs), 0),
  COALESCE((SELECT MAX(seq) FROM desk_journal), 0),
  COALESCE((SELECT start_seq - 1 FROM desk_journal_streams ORDER BY epoch DESC LIMIT 1), 0)) + 1
BEGIN SELECT RAISE(ABORT, 'desk_journal is gap-free'); END;
DROP TRIGGER desk_journal_refs_no_delete;
CREATE TRIGGER desk_journal_refs_no_delete BEFORE DELETE ON desk_journal_refs
WHEN NOT EXISTS (SELECT 1 FROM desk_journal_rebasing)
  OR OLD.seq <= (SELECT continues_after FROM desk_journal_streams ORDER BY epoch DESC LIMIT 1)
BEGIN SELECT RAISE(ABORT, 'desk_journal is append-only'); END;
`;

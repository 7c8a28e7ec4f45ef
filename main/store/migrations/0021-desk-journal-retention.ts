// The desk journal may shed what the head office holds and will not ask for again. HQ restored from
// a backup asks again for every entry after the backup's high-water, so an entry goes only once HQ
// acknowledged it longer ago than the retention HQ sets (90 days by default): any backup younger
// than that was taken after the acknowledgement and holds it. An acknowledgement is kept by the
// hour it came in (at: the hour's end, never before it came), with the highest seq HQ held by then:
// a day is 24 rows, not one per upload. HQ withdrawing one (its high-water falls back: restored)
// shrinks each to what HQ still holds; the rest counts again from HQ's next acknowledgement.
// Only the references go (desk_journal_refs): the facts stay in their chained rows, and the
// entries journalled before 0014 are links of the desk's own chain. The reference at the floor
// stays too: its hash is the next upload's link to HQ's stream. At or above the floor, only a new
// stream's start (0020) removes the references it renumbers.
export default `
CREATE TABLE desk_journal_acks (
  at   TEXT PRIMARY KEY,
  seq  INTEGER NOT NULL
) STRICT;

-- References below this seq may be deleted; none at or above it, and it never falls back.
CREATE TABLE desk_journal_floor (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  below  INTEGER NOT NULL CHECK (below >= 0)
) STRICT;
INSERT INTO desk_journal_floor (id, below) VALUES (1, 0);
CREATE TRIGGER desk_journal_floor_rises BEFORE UPDATE ON desk_journal_floor
WHEN NEW.below < OLD.below
BEGIN SELECT RAISE(ABORT, 'the desk journal floor never falls back'); END;
CREATE TRIGGER desk_journal_floor_no_delete BEFORE DELETE ON desk_journal_floor
BEGIN SELECT RAISE(ABORT, 'the desk journal floor stays'); END;

DROP TRIGGER desk_journal_refs_no_delete;
CREATE TRIGGER desk_journal_refs_no_delete BEFORE DELETE ON desk_journal_refs
WHEN OLD.seq >= (SELECT below FROM desk_journal_floor WHERE id = 1)
  AND (NOT EXISTS (SELECT 1 FROM desk_journal_rebasing)
    OR OLD.seq <= (SELECT continues_after FROM desk_journal_streams ORDER BY epoch DESC LIMIT 1))
BEGIN SELECT RAISE(ABORT, 'desk_journal keeps what the head office may ask for again'); END;
`;

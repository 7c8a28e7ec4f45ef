// What an operation means, decided once: the phases the lifecycle knows are checked by the database,
// the answer of main/operations/meaning.ts for the operation's own desk is written beside it for the
// indexes, and custody becomes an append-only record (received, handed over, returned, reversed).
export default `
-- The lifecycle's phases (main/operations/lifecycle.ts; a unit test holds this list against it).
CREATE TRIGGER operations_phase_insert BEFORE INSERT ON operations
WHEN NEW.phase NOT IN ('opening', 'session_open', 'session_failed', 'creating', 'outcome_unknown',
  'created', 'not_created', 'abandoned', 'expired')
BEGIN SELECT RAISE(ABORT, 'an operation phase the lifecycle does not know'); END;
CREATE TRIGGER operations_phase_update BEFORE UPDATE OF phase ON operations
WHEN NEW.phase NOT IN ('opening', 'session_open', 'session_failed', 'creating', 'outcome_unknown',
  'created', 'not_created', 'abandoned', 'expired')
BEGIN SELECT RAISE(ABORT, 'an operation phase the lifecycle does not know'); END;

-- The operation's own answer (ownState), written in the same transaction as every change to it.
-- NULL only until the first start after this migration computes it.
ALTER TABLE operations ADD COLUMN final INTEGER CHECK (final IN (0, 1));
ALTER TABLE operations ADD COLUMN open_reason TEXT CHECK (open_reason IN ('outcome_unknown', 'waiting',
  'take_cash', 'hand_over', 'cash_not_captured', 'return_cash', 'handed_over_not_captured', 'mismatch',
  'correction', 'stuck'));
-- A payin's cash given back to the payer after the gateway ended it (the custody record's projection).
ALTER TABLE operations ADD COLUMN returned_at TEXT;
ALTER TABLE operations ADD COLUMN returned_operator TEXT;

-- The indexes filter on the stored answer, so no SQL repeats the rules. Start looks at what is not
-- final (and at rows not computed yet); Home's tray at what is open.
DROP INDEX operations_unsettled;
CREATE INDEX operations_unsettled ON operations (local_id) WHERE final IS NOT 1;
DROP INDEX operations_open;
CREATE INDEX operations_open ON operations (created_at DESC, local_id DESC) WHERE open_reason IS NOT NULL;

-- Custody, append-only: the operation's custody columns become the projection of its standing
-- records, and a correction is a reversal, never an edit.
DROP TRIGGER operations_custody_once;
DROP TRIGGER operations_custody_shift_once;
CREATE TABLE custody_records (
  id           INTEGER PRIMARY KEY,
  local_id     INTEGER NOT NULL REFERENCES operations (local_id),
  kind         TEXT NOT NULL CHECK (kind IN ('received', 'handed_over', 'returned', 'reversal')),
  reverses     INTEGER REFERENCES custody_records (id),
  amount       TEXT NOT NULL,
  currency     TEXT NOT NULL,
  -- Into the drawer (1) or out of it (-1).
  direction    INTEGER NOT NULL CHECK (direction IN (1, -1)),
  -- The shift whose drawer the cash went into or out of; NULL only for records from before shifts.
  shift_id     INTEGER REFERENCES shifts (id),
  terminal_id  TEXT NOT NULL,
  operator     TEXT,
  at           TEXT NOT NULL,
  reason       TEXT,
  CHECK ((kind = 'reversal') = (reverses IS NOT NULL)),
  CHECK (kind <> 'reversal' OR reason IS NOT NULL)
) STRICT;
CREATE INDEX custody_by_operation ON custody_records (local_id, id);
CREATE INDEX custody_by_shift ON custody_records (shift_id, id) WHERE shift_id IS NOT NULL;
CREATE TRIGGER custody_records_no_update BEFORE UPDATE ON custody_records
BEGIN SELECT RAISE(ABORT, 'custody_records is append-only'); END;
CREATE TRIGGER custody_records_no_delete BEFORE DELETE ON custody_records
BEGIN SELECT RAISE(ABORT, 'custody_records is append-only'); END;
-- Cash moves once: while a record stands (not reversed), no second one of its kind (received and
-- handed over count as one kind).
CREATE TRIGGER custody_records_once BEFORE INSERT ON custody_records
WHEN NEW.kind <> 'reversal' AND EXISTS (
  SELECT 1 FROM custody_records c
  WHERE c.local_id = NEW.local_id AND c.kind <> 'reversal'
    AND (c.kind = NEW.kind OR (c.kind <> 'returned' AND NEW.kind <> 'returned'))
    AND NOT EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = c.id))
BEGIN SELECT RAISE(ABORT, 'custody is recorded once'); END;
CREATE TRIGGER custody_records_reverse_once BEFORE INSERT ON custody_records
WHEN NEW.kind = 'reversal' AND (
  NOT EXISTS (SELECT 1 FROM custody_records c
    WHERE c.id = NEW.reverses AND c.local_id = NEW.local_id AND c.kind <> 'reversal')
  OR EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = NEW.reverses))
BEGIN SELECT RAISE(ABORT, 'a custody record is reversed once'); END;

-- Training money never meets Live cash: a record goes only into a shift of its operation's mode.
CREATE TRIGGER custody_records_same_mode BEFORE INSERT ON custody_records
WHEN NEW.shift_id IS NOT NULL AND (SELECT training FROM shifts WHERE id = NEW.shift_id)
  IS NOT (SELECT training FROM operations WHERE local_id = NEW.local_id)
BEGIN SELECT RAISE(ABORT, 'custody goes only into a shift of its own mode'); END;

-- The operation's custody columns are the projection of its standing records, and nothing else:
-- an edit of them alone (to advise moving the cash again, say) is refused.
CREATE TRIGGER operations_custody_follows_records BEFORE UPDATE OF custody_kind, custody_at, custody_shift_id,
  returned_at ON operations
WHEN NEW.custody_at IS NOT (
    SELECT c.at FROM custody_records c
    WHERE c.local_id = NEW.local_id AND c.kind IN ('received', 'handed_over')
      AND NOT EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = c.id))
  OR NEW.custody_kind IS NOT (
    SELECT c.kind FROM custody_records c
    WHERE c.local_id = NEW.local_id AND c.kind IN ('received', 'handed_over')
      AND NOT EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = c.id))
  OR NEW.custody_shift_id IS NOT (
    SELECT c.shift_id FROM custody_records c
    WHERE c.local_id = NEW.local_id AND c.kind IN ('received', 'handed_over')
      AND NOT EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = c.id))
  OR NEW.returned_at IS NOT (
    SELECT c.at FROM custody_records c
    WHERE c.local_id = NEW.local_id AND c.kind = 'returned'
      AND NOT EXISTS (SELECT 1 FROM custody_records r WHERE r.reverses = c.id))
BEGIN SELECT RAISE(ABORT, 'custody is recorded once, as its records say'); END;

-- Custody recorded before this migration, as records of the shifts they went into.
INSERT INTO custody_records (local_id, kind, amount, currency, direction, shift_id, terminal_id, operator, at)
SELECT local_id, custody_kind, amount, currency, iif(custody_kind = 'received', 1, -1), custody_shift_id,
  coalesce(custody_terminal_id, terminal_id), custody_operator, custody_at
FROM operations WHERE custody_at IS NOT NULL ORDER BY custody_at, local_id;

-- From now on only a cash instrument moves cash (a reversal may still correct an older record).
CREATE TRIGGER custody_records_cash_only BEFORE INSERT ON custody_records
WHEN NEW.kind <> 'reversal' AND (SELECT instrument_type FROM operations WHERE local_id = NEW.local_id) <> 'cash'
BEGIN SELECT RAISE(ABORT, 'only a cash instrument moves cash'); END;
`;

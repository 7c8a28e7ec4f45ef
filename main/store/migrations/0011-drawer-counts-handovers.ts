// The drawer between counts: every count at the close is kept, a recount beside the first
// rather than over it, the drawer passed from one operator to the next without closing the shift,
// and the name of who held the safe for a cash movement. Append-only and chained
// (main/store/chain-links.ts), like the other money tables.
export default `
-- One row per count at the close, in the order counted: the Z report lists every one.
CREATE TABLE close_counts (
  id              INTEGER PRIMARY KEY,
  shift_id        INTEGER NOT NULL REFERENCES shifts (id),
  at              TEXT NOT NULL,
  operator        TEXT NOT NULL,
  -- JSON [{currency, total, denominations}] as counted, and [{currency, expected, counted, ...}].
  counted         TEXT NOT NULL,
  variance        TEXT NOT NULL,
  over_threshold  INTEGER NOT NULL CHECK (over_threshold IN (0, 1))
) STRICT;
CREATE INDEX close_counts_by_shift ON close_counts (shift_id, id);
CREATE TRIGGER close_counts_no_update BEFORE UPDATE ON close_counts
BEGIN SELECT RAISE(ABORT, 'close_counts is append-only'); END;
CREATE TRIGGER close_counts_no_delete BEFORE DELETE ON close_counts
BEGIN SELECT RAISE(ABORT, 'close_counts is append-only'); END;

-- The drawer handed from one operator to the next inside an open shift: the outgoing operator's
-- count, its variance, and the incoming operator who confirmed it with their PIN. The latest row
-- of a shift names the operator who holds its drawer now.
CREATE TABLE drawer_handovers (
  id                   INTEGER PRIMARY KEY,
  shift_id             INTEGER NOT NULL REFERENCES shifts (id),
  at                   TEXT NOT NULL,
  from_operator_id     INTEGER REFERENCES operators (id),
  from_operator_name   TEXT NOT NULL,
  to_operator_id       INTEGER NOT NULL REFERENCES operators (id),
  to_operator_name     TEXT NOT NULL,
  counted              TEXT NOT NULL,
  variance             TEXT NOT NULL,
  over_threshold       INTEGER NOT NULL CHECK (over_threshold IN (0, 1)),
  note                 TEXT,
  supervisor_approved  INTEGER NOT NULL CHECK (supervisor_approved IN (0, 1))
) STRICT;
CREATE INDEX drawer_handovers_by_shift ON drawer_handovers (shift_id, id);
CREATE TRIGGER drawer_handovers_no_update BEFORE UPDATE ON drawer_handovers
BEGIN SELECT RAISE(ABORT, 'drawer_handovers is append-only'); END;
CREATE TRIGGER drawer_handovers_no_delete BEFORE DELETE ON drawer_handovers
BEGIN SELECT RAISE(ABORT, 'drawer_handovers is append-only'); END;

-- Who held the safe for a cash movement (the supervisor approving it), named on its slip. A table of
-- its own: a column added to cash_movements would change how its chained rows are hashed.
CREATE TABLE cash_movement_holders (
  movement_id  INTEGER PRIMARY KEY REFERENCES cash_movements (id),
  name         TEXT NOT NULL
) STRICT;
CREATE TRIGGER cash_movement_holders_no_update BEFORE UPDATE ON cash_movement_holders
BEGIN SELECT RAISE(ABORT, 'cash_movement_holders is append-only'); END;
CREATE TRIGGER cash_movement_holders_no_delete BEFORE DELETE ON cash_movement_holders
BEGIN SELECT RAISE(ABORT, 'cash_movement_holders is append-only'); END;
`;

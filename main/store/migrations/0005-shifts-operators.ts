// The agent's day: operators and their PINs, shifts with their drawer, and the Z reports, which
// like operation_events are append-only.
export default `
CREATE TABLE operators (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  -- Set when a supervisor removes the operator: they may no longer sign in, and their shifts keep the name.
  removed_at  TEXT
) STRICT;
CREATE UNIQUE INDEX operators_active_name ON operators (name) WHERE removed_at IS NULL;
CREATE TRIGGER operators_no_delete BEFORE DELETE ON operators
BEGIN SELECT RAISE(ABORT, 'operators are removed, never deleted'); END;

-- One row per PIN: 'supervisor', or 'operator:<id>'. Only a slow salted hash (scrypt) is kept, with
-- the wrong tries in a row, the time before which the next try is not checked, and a lock-out.
CREATE TABLE pins (
  subject    TEXT PRIMARY KEY,
  hash       TEXT NOT NULL,
  set_at     TEXT NOT NULL,
  failures   INTEGER NOT NULL DEFAULT 0,
  retry_at   TEXT,
  locked_at  TEXT
) STRICT, WITHOUT ROWID;

CREATE TABLE shifts (
  id             INTEGER PRIMARY KEY,
  terminal_id    TEXT NOT NULL,
  training       INTEGER NOT NULL CHECK (training IN (0, 1)),
  -- NULL for a training shift that opened by itself.
  operator_id    INTEGER REFERENCES operators (id),
  operator_name  TEXT NOT NULL,
  opened_at      TEXT NOT NULL,
  -- JSON [{currency, total, denominations}]: the opening float as counted.
  opening_float  TEXT NOT NULL,
  closed_at      TEXT
) STRICT;
-- Only one shift is open at a time: every open row has the same key.
CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
CREATE TRIGGER shifts_close_once BEFORE UPDATE ON shifts
WHEN OLD.closed_at IS NOT NULL OR NEW.closed_at IS NULL
  OR NEW.id IS NOT OLD.id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.training IS NOT OLD.training
  OR NEW.operator_id IS NOT OLD.operator_id OR NEW.operator_name IS NOT OLD.operator_name
  OR NEW.opened_at IS NOT OLD.opened_at OR NEW.opening_float IS NOT OLD.opening_float
BEGIN SELECT RAISE(ABORT, 'a shift only closes, once'); END;
CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;

-- Cash put into the drawer or taken to the safe, each with its reason: append-only.
CREATE TABLE cash_movements (
  id        INTEGER PRIMARY KEY,
  shift_id  INTEGER NOT NULL REFERENCES shifts (id),
  at        TEXT NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN ('added', 'removed')),
  currency  TEXT NOT NULL,
  amount    TEXT NOT NULL,
  reason    TEXT NOT NULL,
  operator  TEXT NOT NULL,
  approved  INTEGER NOT NULL CHECK (approved IN (0, 1))
) STRICT;
CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id, id);
CREATE TRIGGER cash_movements_no_update BEFORE UPDATE ON cash_movements
BEGIN SELECT RAISE(ABORT, 'cash_movements is append-only'); END;
CREATE TRIGGER cash_movements_no_delete BEFORE DELETE ON cash_movements
BEGIN SELECT RAISE(ABORT, 'cash_movements is append-only'); END;

-- The Z report, numbered per terminal (training apart), as produced: never changed.
CREATE TABLE z_reports (
  id           INTEGER PRIMARY KEY,
  shift_id     INTEGER NOT NULL UNIQUE REFERENCES shifts (id),
  terminal_id  TEXT NOT NULL,
  training     INTEGER NOT NULL CHECK (training IN (0, 1)),
  number       INTEGER NOT NULL,
  produced_at  TEXT NOT NULL,
  reconciled   INTEGER NOT NULL CHECK (reconciled IN (0, 1)),
  report       TEXT NOT NULL,
  UNIQUE (terminal_id, training, number)
) STRICT;
CREATE TRIGGER z_reports_no_update BEFORE UPDATE ON z_reports
BEGIN SELECT RAISE(ABORT, 'z_reports is append-only'); END;
CREATE TRIGGER z_reports_no_delete BEFORE DELETE ON z_reports
BEGIN SELECT RAISE(ABORT, 'z_reports is append-only'); END;

-- A reconciliation that completed after its Z report was produced, appended to it.
CREATE TABLE z_reconciliations (
  id           INTEGER PRIMARY KEY,
  z_report_id  INTEGER NOT NULL REFERENCES z_reports (id),
  at           TEXT NOT NULL,
  complete     INTEGER NOT NULL CHECK (complete IN (0, 1)),
  result       TEXT NOT NULL
) STRICT;
CREATE INDEX z_reconciliations_by_report ON z_reconciliations (z_report_id, id);
CREATE TRIGGER z_reconciliations_no_update BEFORE UPDATE ON z_reconciliations
BEGIN SELECT RAISE(ABORT, 'z_reconciliations is append-only'); END;
CREATE TRIGGER z_reconciliations_no_delete BEFORE DELETE ON z_reconciliations
BEGIN SELECT RAISE(ABORT, 'z_reconciliations is append-only'); END;

-- Every operation carries the operator and the shift it was started in; the custody record the
-- shift whose drawer the cash went into or out of (a payout may be handed over a shift later).
-- Set once, like custody itself.
ALTER TABLE operations ADD COLUMN operator TEXT;
ALTER TABLE operations ADD COLUMN shift_id INTEGER REFERENCES shifts (id);
ALTER TABLE operations ADD COLUMN custody_shift_id INTEGER REFERENCES shifts (id);
CREATE INDEX operations_by_shift ON operations (shift_id) WHERE shift_id IS NOT NULL;
CREATE INDEX operations_by_custody_shift ON operations (custody_shift_id) WHERE custody_shift_id IS NOT NULL;
CREATE TRIGGER operations_shift_once BEFORE UPDATE OF operator, shift_id ON operations
WHEN OLD.shift_id IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'an operation keeps the shift it was started in'); END;
CREATE TRIGGER operations_custody_shift_once BEFORE UPDATE OF custody_shift_id ON operations
WHEN OLD.custody_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'custody is recorded once'); END;
`;

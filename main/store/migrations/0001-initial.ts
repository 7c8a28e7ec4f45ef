// The first schema. Never edit a migration that has shipped: add the next numbered file instead.
export default `
CREATE TABLE operations (
  local_id            INTEGER PRIMARY KEY,
  shop_id             INTEGER NOT NULL,
  operation_number    TEXT NOT NULL,
  terminal_id         TEXT NOT NULL,
  origin              TEXT NOT NULL CHECK (origin IN ('counter', 'lookup')),
  type                TEXT NOT NULL CHECK (type IN ('payin', 'payout')),
  training            INTEGER NOT NULL CHECK (training IN (0, 1)),
  method_id           TEXT NOT NULL,
  method_name         TEXT NOT NULL,
  instrument_type     TEXT NOT NULL,
  payer_id            TEXT NOT NULL,
  amount              TEXT NOT NULL,
  currency            TEXT NOT NULL,
  phase               TEXT NOT NULL,
  status              TEXT,
  session_id          TEXT,
  session_expires_at  TEXT,
  payer_requisites    TEXT,
  method_requisites   TEXT,
  gateway_id          TEXT,
  settlement_amount   TEXT,
  settlement_currency TEXT,
  registered_at       TEXT,
  gateway_updated_at  TEXT,
  is_correction       INTEGER NOT NULL DEFAULT 0,
  parent              TEXT,
  payer_details       TEXT,
  last_error_kind     TEXT,
  last_error_message  TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  last_checked_at     TEXT,
  print_count         INTEGER NOT NULL DEFAULT 0,
  UNIQUE (operation_number, shop_id)
) STRICT;
CREATE INDEX operations_by_time ON operations (created_at DESC, local_id DESC);
CREATE INDEX operations_by_payer ON operations (payer_id, created_at DESC);
CREATE INDEX operations_by_type_status ON operations (type, status, created_at DESC);

-- Append-only: the triggers make an audit row impossible to rewrite or drop.
CREATE TABLE operation_events (
  id        INTEGER PRIMARY KEY,
  local_id  INTEGER NOT NULL REFERENCES operations (local_id),
  at        TEXT NOT NULL,
  kind      TEXT NOT NULL,
  phase     TEXT,
  status    TEXT,
  detail    TEXT
) STRICT;
CREATE INDEX operation_events_by_operation ON operation_events (local_id, id);
CREATE TRIGGER operation_events_no_update BEFORE UPDATE ON operation_events
BEGIN SELECT RAISE(ABORT, 'operation_events is append-only'); END;
CREATE TRIGGER operation_events_no_delete BEFORE DELETE ON operation_events
BEGIN SELECT RAISE(ABORT, 'operation_events is append-only'); END;

-- One row per operation at most: a lookup is never queued twice for the same operation.
CREATE TABLE outbox (
  shop_id          INTEGER NOT NULL,
  operation_number TEXT NOT NULL,
  reason           TEXT NOT NULL CHECK (reason IN ('status', 'resolve', 'agent')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  due_at           TEXT NOT NULL,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  PRIMARY KEY (shop_id, operation_number)
) STRICT, WITHOUT ROWID;
CREATE INDEX outbox_by_due ON outbox (due_at);

-- Non-secret settings only. The token lives in the OS keychain.
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
`;

-- The head office's first schema: branches and desks, the journal as desks upload it, the
-- projections kept as entries arrive (so no dashboard view scans entries), claims, and HQ's own
-- staff, sessions and audit log.

CREATE TABLE hq_branches (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per desk (terminal): its token, where its stream stands, and its projection.
CREATE TABLE hq_desks (
  terminal_id text PRIMARY KEY,
  branch_id integer NOT NULL REFERENCES hq_branches (id),
  token_hash text UNIQUE,
  token_revoked_at timestamptz,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  high_water bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL DEFAULT repeat('0', 64),
  last_entry_at timestamptz,
  last_received_at timestamptz,
  shift_id text,
  shift_operator text,
  shift_opened_at timestamptz,
  unknown_ops integer NOT NULL DEFAULT 0,
  open_cash integer NOT NULL DEFAULT 0,
  last_z_at timestamptz,
  last_z_number integer,
  last_z_variance jsonb,
  alarms integer NOT NULL DEFAULT 0
);
CREATE INDEX hq_desks_branch ON hq_desks (branch_id);

CREATE TABLE hq_enrolment_codes (
  code_hash text PRIMARY KEY,
  branch_id integer NOT NULL REFERENCES hq_branches (id),
  terminal_id text NOT NULL,
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The journal: (terminal, seq) is the key, an entry is never updated. See docs/hq-scale.md for
-- partitioning it by month once it grows.
CREATE TABLE hq_entries (
  terminal_id text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  at timestamptz NOT NULL,
  kind text NOT NULL,
  body jsonb NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal_id, seq)
);

-- A seq that arrived with another hash than the one stored, or a chain that does not hold: never
-- an overwrite, always a row here.
CREATE TABLE hq_alarms (
  id bigserial PRIMARY KEY,
  terminal_id text NOT NULL,
  seq bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('conflict', 'chain')),
  stored_hash text,
  received_hash text NOT NULL,
  received jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hq_alarms_terminal ON hq_alarms (terminal_id, at DESC);

-- Expected cash per desk and currency, moved by each cash fact as it arrives.
CREATE TABLE hq_desk_cash (
  terminal_id text NOT NULL REFERENCES hq_desks (terminal_id),
  currency text NOT NULL,
  expected numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (terminal_id, currency)
);

-- Each operation as the journals tell it. Its number is unique across the network (a desk's
-- numbers carry its terminal); the search and the claims read it.
CREATE TABLE hq_operations (
  operation_number text PRIMARY KEY,
  terminal_id text NOT NULL,
  branch_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('payin', 'payout')),
  amount numeric NOT NULL,
  currency text NOT NULL,
  instrument text NOT NULL,
  status text,
  outcome_unknown boolean NOT NULL DEFAULT false,
  received boolean NOT NULL DEFAULT false,
  handed_over boolean NOT NULL DEFAULT false,
  handed_over_by text,
  returned boolean NOT NULL DEFAULT false,
  released_by text CHECK (released_by IN ('supervisor', 'z_report')),
  released_at timestamptz,
  open_cash boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX hq_operations_open ON hq_operations (terminal_id) WHERE open_cash;
CREATE INDEX hq_operations_branch_open ON hq_operations (branch_id) WHERE open_cash;
CREATE INDEX hq_operations_branch_unknown ON hq_operations (branch_id) WHERE outcome_unknown;
CREATE INDEX hq_operations_unknown ON hq_operations (terminal_id) WHERE outcome_unknown;

-- One claim per payout: the unique key is what lets exactly one desk hand it over.
CREATE TABLE hq_claims (
  operation_number text PRIMARY KEY REFERENCES hq_operations (operation_number),
  terminal_id text NOT NULL,
  operator text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE hq_z_reports (
  terminal_id text NOT NULL,
  seq bigint NOT NULL,
  branch_id integer NOT NULL,
  number integer NOT NULL,
  closed_at timestamptz NOT NULL,
  body jsonb NOT NULL,
  PRIMARY KEY (terminal_id, seq)
);
CREATE INDEX hq_z_reports_closed ON hq_z_reports (closed_at DESC);
CREATE INDEX hq_z_reports_branch ON hq_z_reports (branch_id, closed_at DESC);

-- One row per Z report line with a variance, so "over the threshold" reads an index.
CREATE TABLE hq_variances (
  terminal_id text NOT NULL,
  seq bigint NOT NULL,
  branch_id integer NOT NULL,
  currency text NOT NULL,
  variance numeric NOT NULL,
  closed_at timestamptz NOT NULL,
  PRIMARY KEY (terminal_id, seq, currency)
);
CREATE INDEX hq_variances_size ON hq_variances ((abs(variance)) DESC);

-- The desks' audit-trail rows, across the network.
CREATE TABLE hq_desk_audit (
  terminal_id text NOT NULL,
  seq bigint NOT NULL,
  branch_id integer NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL,
  actor text NOT NULL,
  detail jsonb NOT NULL,
  PRIMARY KEY (terminal_id, seq)
);
CREATE INDEX hq_desk_audit_at ON hq_desk_audit (at DESC);

-- Head-office staff. Passwords: scrypt (memory-hard), salt and parameters in the stored text.
CREATE TABLE hq_users (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'supervisor')),
  branch_id integer REFERENCES hq_branches (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  CHECK ((role = 'supervisor') = (branch_id IS NOT NULL))
);

CREATE TABLE hq_sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES hq_users (id),
  csrf text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Every head-office action: logins, branches, codes, users, reset codes, revocations, claims.
CREATE TABLE hq_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  terminal_id text,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  ip text
);
CREATE INDEX hq_audit_log_at ON hq_audit_log (at DESC);

-- HQ's own keys and settings (its Ed25519 signing key).
CREATE TABLE hq_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Sign-in attempts per (IP, username), in the database so every HQ worker process counts the same.
CREATE TABLE hq_login_attempts (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);

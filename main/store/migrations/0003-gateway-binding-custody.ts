// Money truth at the edges: each operation bound to its gateway, the gateway's differing figures
// kept beside the entered ones, and the cash that physically moved, recorded once.
export default `
-- The live gateway an operation was sent to, fixed at write-ahead time; NULL for training, which
-- always goes to the training gateway. Operations from before this column were sent to the
-- gateway the settings named then, which is the one they name now.
ALTER TABLE operations ADD COLUMN gateway_url TEXT;
UPDATE operations SET gateway_url = (
  SELECT json_extract(value, '$.gatewayUrl') FROM settings WHERE key = 'settings' AND json_valid(value)
) WHERE training = 0;

-- JSON [{field, entered, gateway}] while the gateway holds figures other than those entered.
ALTER TABLE operations ADD COLUMN mismatch TEXT;

-- Custody: the cash that physically moved for this operation, recorded once by the agent.
ALTER TABLE operations ADD COLUMN custody_kind TEXT CHECK (custody_kind IN ('received', 'handed_over'));
ALTER TABLE operations ADD COLUMN custody_at TEXT;
ALTER TABLE operations ADD COLUMN custody_terminal_id TEXT;
ALTER TABLE operations ADD COLUMN custody_operator TEXT;
CREATE TRIGGER operations_custody_once BEFORE UPDATE OF custody_kind, custody_at, custody_terminal_id, custody_operator ON operations
WHEN OLD.custody_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'custody is recorded once'); END;

-- Home's tray of this desk's open operations. The condition must stay word for word the one in
-- open() (operations.ts): SQLite only uses a partial index whose condition the query repeats.
CREATE INDEX operations_open ON operations (created_at DESC, local_id DESC)
WHERE origin = 'counter' AND (phase IN ('creating', 'outcome_unknown')
   OR (phase = 'created' AND (status IS NULL OR status <> 'captured' OR custody_at IS NULL OR mismatch IS NOT NULL)));

-- Set while a lookup waits on the link or on a token (not on routine polling): the count the
-- agent sees as "queued lookups".
ALTER TABLE outbox ADD COLUMN waiting TEXT;
`;

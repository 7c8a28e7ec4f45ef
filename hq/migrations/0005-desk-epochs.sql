-- A desk that lost entries HQ holds (restored from a backup, or replaced) goes on in a new stream of
-- its terminal, an epoch. Seqs stay unique per terminal: the new stream starts after the old one's
-- high-water, chained to the last entry both held alike, so every row keyed by (terminal, seq)
-- stays as it was and nothing of the old stream is overwritten. Each epoch row links the new
-- stream to the old one and names the range the desk lost.
ALTER TABLE hq_desks ADD COLUMN epoch integer NOT NULL DEFAULT 1;
CREATE TABLE hq_desk_epochs (
  terminal_id text NOT NULL REFERENCES hq_desks (terminal_id),
  epoch integer NOT NULL CHECK (epoch > 1),
  -- The last entry the desk and HQ held alike (0: none), its hash, and the first seq of the new stream.
  continues_after bigint NOT NULL CHECK (continues_after >= 0),
  continues_hash text NOT NULL,
  start_seq bigint NOT NULL CHECK (start_seq > continues_after),
  opened_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal_id, epoch)
);
-- What the old stream held past the new one's start is an alarm a person resolves; so is any other.
ALTER TABLE hq_alarms DROP CONSTRAINT hq_alarms_kind_check;
ALTER TABLE hq_alarms ADD CONSTRAINT hq_alarms_kind_check CHECK (kind IN ('conflict', 'chain', 'double_handover', 'disagreement', 'finding', 'signature', 'lost_entries'));
ALTER TABLE hq_alarms
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by integer REFERENCES hq_users (id),
  ADD COLUMN resolution text CHECK (length(resolution) BETWEEN 1 AND 2000);

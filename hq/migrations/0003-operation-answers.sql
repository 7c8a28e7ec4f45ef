-- HQ keeps no rule of its own: each operation is kept as the record the cash rules read (phase,
-- status, instrument, custody, return, mismatch, correction), with the answer they give it here and
-- the answer its desk journalled; the drawer is kept by its parts, which the rules add up; every
-- count of a close reaches the variances; a reconciliation's findings and a disagreement between
-- HQ's answer and the desk's are alarms.

ALTER TABLE hq_operations
  ADD COLUMN phase text NOT NULL DEFAULT 'created',
  ADD COLUMN mismatch boolean NOT NULL DEFAULT false,
  ADD COLUMN correction boolean NOT NULL DEFAULT false,
  ADD COLUMN custody_kind text CHECK (custody_kind IN ('received', 'handed_over')),
  ADD COLUMN returned_at timestamptz,
  ADD COLUMN final boolean NOT NULL DEFAULT false,
  ADD COLUMN open_reason text,
  ADD COLUMN desk_final boolean,
  ADD COLUMN desk_open text;

UPDATE hq_operations SET
  phase = CASE WHEN outcome_unknown THEN 'outcome_unknown' ELSE 'created' END,
  custody_kind = CASE WHEN handed_over THEN 'handed_over' WHEN received THEN 'received' END,
  returned_at = CASE WHEN returned THEN updated_at END;

-- The drawer's parts for the open shift, per currency: expected is what common/cash-rules makes of them.
ALTER TABLE hq_desk_cash
  ADD COLUMN float numeric NOT NULL DEFAULT 0,
  ADD COLUMN received numeric NOT NULL DEFAULT 0,
  ADD COLUMN handed_over numeric NOT NULL DEFAULT 0,
  ADD COLUMN returned numeric NOT NULL DEFAULT 0,
  ADD COLUMN reversed_in numeric NOT NULL DEFAULT 0,
  ADD COLUMN reversed_out numeric NOT NULL DEFAULT 0,
  ADD COLUMN added numeric NOT NULL DEFAULT 0,
  ADD COLUMN removed numeric NOT NULL DEFAULT 0;

-- A drawer projected before the parts were kept goes on from what it expected.
UPDATE hq_desk_cash SET float = expected;

ALTER TABLE hq_alarms DROP CONSTRAINT hq_alarms_kind_check;
ALTER TABLE hq_alarms ADD CONSTRAINT hq_alarms_kind_check
  CHECK (kind IN ('conflict', 'chain', 'double_handover', 'disagreement', 'finding'));
ALTER TABLE hq_alarms
  ADD COLUMN operation_number text,
  ADD COLUMN detail jsonb;

-- Every count of a close (count 1, 2 …), with its approval; count 0 is a Z report's own line
-- (journals from before the counts were carried).
ALTER TABLE hq_variances
  ADD COLUMN count_no integer NOT NULL DEFAULT 0,
  ADD COLUMN expected numeric,
  ADD COLUMN counted numeric,
  ADD COLUMN over_threshold boolean,
  ADD COLUMN approved boolean,
  ADD COLUMN note text;
ALTER TABLE hq_variances DROP CONSTRAINT hq_variances_pkey;
ALTER TABLE hq_variances ADD PRIMARY KEY (terminal_id, seq, count_no, currency);

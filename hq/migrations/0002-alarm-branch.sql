-- An alarm belongs to the branch its desk was in when HQ raised it, as Z reports, variances and
-- audit rows do: a desk enrolled into another branch later takes none of them along, and the
-- staff views scope alarms by this column. A trigger sets it from the desk's row, so every path
-- that raises an alarm sets it alike.
ALTER TABLE hq_alarms ADD COLUMN branch_id integer;
UPDATE hq_alarms a SET branch_id = d.branch_id FROM hq_desks d WHERE d.terminal_id = a.terminal_id;
ALTER TABLE hq_alarms ALTER COLUMN branch_id SET NOT NULL;
CREATE INDEX hq_alarms_branch ON hq_alarms (branch_id, at DESC);
CREATE FUNCTION hq_alarm_branch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.branch_id := (SELECT branch_id FROM hq_desks WHERE terminal_id = NEW.terminal_id); RETURN NEW; END $$;
CREATE TRIGGER hq_alarms_branch BEFORE INSERT ON hq_alarms FOR EACH ROW EXECUTE FUNCTION hq_alarm_branch();

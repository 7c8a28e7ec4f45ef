// What the cash rules read of an operation at each event (migration 0016's money_state), stored
// once. Every event kept it as JSON text of six fields, some 90 bytes, while a history holds only a
// few dozen distinct ones (four flags, a custody kind and an open reason): now each is a row of
// money_states and an event keeps its id. The text is kept byte for byte, so the desk journal
// derives the same entry from an event as before (main/headoffice/desk-journal-repo.ts reads it
// back by id). Not chained, like the column it replaces; the append-only trigger is set aside only
// for this one copy of the column into its id.
export default `
CREATE TABLE money_states (
  id     INTEGER PRIMARY KEY,
  state  TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO money_states (state)
SELECT DISTINCT money_state FROM operation_events WHERE money_state IS NOT NULL;

ALTER TABLE operation_events ADD COLUMN money_state_id INTEGER REFERENCES money_states (id);
DROP TRIGGER operation_events_no_update;
UPDATE operation_events SET money_state_id = (SELECT id FROM money_states WHERE state = money_state)
WHERE money_state IS NOT NULL;
CREATE TRIGGER operation_events_no_update BEFORE UPDATE ON operation_events
BEGIN SELECT RAISE(ABORT, 'operation_events is append-only'); END;
ALTER TABLE operation_events DROP COLUMN money_state;
`;

// History search by any part of the operation number, the payer ID or the payer's details
// (measured with bench/core.ts over 1,000,000 operations).
export default `
-- What search reads for one operation: the number, the payer ID and every payer detail's value,
-- plus a value's digits run together when separators split them, so "7011234" finds
-- "+7 701 123-45-67" (history-text.ts joins a typed phone with the same separators). The unit
-- separator (char 31) keeps a match inside one field. Unreadable JSON counts as no details:
-- indexing must never refuse an operation's write.
CREATE VIEW operation_search_text AS
SELECT local_id, operation_number || char(31) || payer_id || coalesce((
  SELECT char(31) || group_concat(iif(joined <> whole AND whole GLOB '*[0-9]*[^0-9]*[0-9]*',
    whole || char(31) || joined, whole), char(31))
  FROM (
    SELECT value ->> 'value' AS whole,
      replace(replace(replace(replace(replace(replace(
        value ->> 'value', ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS joined
    FROM json_each(iif(json_valid(payer_details), payer_details, '[]')))), '') AS text
FROM operations;

-- Trigrams find any part of 3 or more characters, ignoring case (Unicode-aware, unlike SQLite's
-- lower()). detail=none keeps only which rows hold a trigram, not where: 49 bytes an operation
-- against 141 with positions, which would have taken the database past 1,500 bytes an operation.
-- Without positions a query is only the AND of its trigrams, so the text is kept beside the index
-- and each candidate is confirmed against it (1 us a row; rebuilding it from the JSON took 4 us).
CREATE VIRTUAL TABLE operation_text USING fts5(text, tokenize = 'trigram', detail = none, columnsize = 0);
INSERT INTO operation_text (rowid, text) SELECT local_id, text FROM operation_search_text;
-- One segment instead of the bulk load's fifteen or so: a query walks each segment's lists, and
-- a search by number took about a quarter less (2.6 s once, for 1,000,000 operations).
INSERT INTO operation_text (operation_text) VALUES ('optimize');

CREATE TRIGGER operation_text_insert AFTER INSERT ON operations BEGIN
  INSERT INTO operation_text (rowid, text)
  SELECT local_id, text FROM operation_search_text WHERE local_id = new.local_id;
END;
-- A status change rewrites the row, and the payer details with the same text, several times in an
-- operation's life: only a changed searched field costs a re-index.
CREATE TRIGGER operation_text_update AFTER UPDATE OF operation_number, payer_id, payer_details ON operations
WHEN old.operation_number IS NOT new.operation_number OR old.payer_id IS NOT new.payer_id
  OR old.payer_details IS NOT new.payer_details
BEGIN
  UPDATE operation_text SET text = (SELECT text FROM operation_search_text WHERE local_id = new.local_id)
  WHERE rowid = new.local_id;
END;

-- The index hands out matches newest local_id first and stops at a page, where sorting every
-- match by time took over 100 ms for a fragment as common as "0002". That order is the history's
-- (created_at, local_id) order for every operation that was the newest by both when inserted; the
-- few others (written after a clock was set back, say) are listed here, and search takes them
-- separately.
CREATE TABLE operations_out_of_order (local_id INTEGER PRIMARY KEY) STRICT;
INSERT INTO operations_out_of_order (local_id)
SELECT local_id FROM (
  SELECT local_id, created_at, max(created_at) OVER (
    ORDER BY local_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS newest_before
  FROM operations)
WHERE created_at < newest_before;
CREATE TRIGGER operations_out_of_order_insert AFTER INSERT ON operations
WHEN new.local_id < (SELECT max(local_id) FROM operations)
  OR new.created_at < (SELECT created_at FROM operations WHERE local_id <> new.local_id
                       ORDER BY created_at DESC LIMIT 1)
BEGIN
  INSERT INTO operations_out_of_order (local_id) VALUES (new.local_id);
END;
CREATE TRIGGER operations_created_at_fixed BEFORE UPDATE OF created_at ON operations
WHEN old.created_at IS NOT new.created_at
BEGIN
  SELECT RAISE(ABORT, 'created_at never changes: history search relies on it');
END;

CREATE TRIGGER operation_text_delete AFTER DELETE ON operations BEGIN
  DELETE FROM operation_text WHERE rowid = old.local_id;
  DELETE FROM operations_out_of_order WHERE local_id = old.local_id;
END;
`;

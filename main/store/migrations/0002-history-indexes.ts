// Indexes the history needs at 1,000,000 operations (measured with bench/core.ts).
export default `
-- Every start looks for unsettled operations; without this it reads the whole history (0.6 s at
-- 1,000,000). The condition must stay word for word the one in unsettled() (operations.ts):
-- SQLite only uses a partial index whose condition the query repeats.
CREATE INDEX operations_unsettled ON operations (local_id)
WHERE phase IN ('opening', 'session_open', 'creating', 'outcome_unknown')
   OR (phase = 'created' AND (status IS NULL OR status <> 'captured'));

-- The indexes search walks newest first carry the operation number, so a prefix typed into the
-- search box is tested inside the index. Reading each row instead took 1-2 s at 1,000,000
-- operations for an old month's prefix, or for a prefix with a rare status.
DROP INDEX operations_by_time;
CREATE INDEX operations_by_time ON operations (created_at DESC, local_id DESC, operation_number);
DROP INDEX operations_by_type_status;
-- local_id DESC is spelled out: left to the implicit rowid (ascending) it cannot serve the
-- newest-first order, and SQLite sorts a year's matches to find one page (70 ms at 1,000,000).
CREATE INDEX operations_by_type_status ON operations (type, status, created_at DESC, local_id DESC, operation_number);
`;

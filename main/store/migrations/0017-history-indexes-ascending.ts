// The history's newest-first indexes, kept ascending. Operations are written in time order, so an
// index on (created_at DESC, …) took every new row at its far left: each full page split in two and
// the left half never filled again, leaving those indexes about half empty (bench/seed.ts's
// history: operations_by_time 102 bytes an operation for 48 of content, by_type_status 129 for
// 63). Ascending, each new row goes at the end, where SQLite fills pages whole, and a query that
// orders created_at DESC, local_id DESC walks the same index backwards: every column is reversed,
// so no sort is added. Partial indexes keep their conditions word for word (operations.ts and
// history-filter.ts repeat them).
export default `
DROP INDEX operations_by_time;
CREATE INDEX operations_by_time ON operations (created_at, local_id, operation_number);
DROP INDEX operations_by_type_status;
CREATE INDEX operations_by_type_status ON operations (type, status, created_at, local_id, operation_number);
DROP INDEX operations_open;
CREATE INDEX operations_open ON operations (created_at, local_id) WHERE open_reason IS NOT NULL;
DROP INDEX operations_not_created;
CREATE INDEX operations_not_created ON operations (created_at, local_id) WHERE phase = 'not_created';
DROP INDEX operations_open_cash;
CREATE INDEX operations_open_cash ON operations (type, created_at, local_id)
WHERE open_reason IN ('hand_over', 'cash_not_captured', 'return_cash', 'handed_over_not_captured');
`;

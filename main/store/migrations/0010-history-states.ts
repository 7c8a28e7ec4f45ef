// The history's status filter: operations never created, and those whose cash is still
// open, each read newest first from an index of their own instead of a walk of the whole history.
export default `
-- Few operations end not created (the create's answer was lost and a lookup found nothing), and
-- none of their columns in another index tells them apart from the sessions abandoned or expired.
CREATE INDEX operations_not_created ON operations (created_at DESC, local_id DESC)
WHERE phase = 'not_created';

-- Cash in question (main/shift/reports.ts OPEN_CASH): a small part of what is open, which is
-- mostly cash payins waiting for the agent to take the cash. The list is common/enums.ts
-- OPEN_CASH_REASONS, in its order: a query must name the same terms for SQLite to use the index.
-- By type first, as payouts captured and not handed over can be most of it.
CREATE INDEX operations_open_cash ON operations (type, created_at DESC, local_id DESC)
WHERE open_reason IN ('hand_over', 'cash_not_captured', 'return_cash', 'handed_over_not_captured');
`;

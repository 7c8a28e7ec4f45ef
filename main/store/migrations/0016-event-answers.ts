// Each operation event keeps what the cash rules read of the operation as the event left it, and the
// answer they gave (main/operations/operation-journal.ts stores it in the same write): the head office is told
// the desk's answer at each change, not the operation's latest state read back later. Not a chained
// column: the chain's hash of events written before it must still hold; the journal entry made from
// the event is chained itself. Events written before it have none.
export default `
ALTER TABLE operation_events ADD COLUMN money_state TEXT;
`;

// History search by what the agent typed and read: a payer's phone as typed, and an amount.
export default `
-- The gateway masks a payer's phone, card and account numbers when an operation is read back
-- ("+*******4321"), and a status lookup writes those details over the ones the agent typed, which
-- the create's reply held unmasked. The search text then lost the typed number, and only its last
-- four digits found the operation. When masked details replace others, the text the index had is
-- kept after the new one, so the typed number still finds it; the details shown are the gateway's.
DROP TRIGGER operation_text_update;
CREATE TRIGGER operation_text_update AFTER UPDATE OF operation_number, payer_id, payer_details ON operations
WHEN old.operation_number IS NOT new.operation_number OR old.payer_id IS NOT new.payer_id
  OR old.payer_details IS NOT new.payer_details
BEGIN
  UPDATE operation_text
  SET text = (SELECT text FROM operation_search_text WHERE local_id = new.local_id)
    || iif(old.payer_details IS NOT new.payer_details AND instr(new.payer_details, '*') > 0,
      char(31) || text, '')
  WHERE rowid = new.local_id;
END;

-- An amount as typed into the search ("1 500,50") is looked up by value: few operations share one,
-- and without an index a rare amount read the whole history (history-search.ts).
CREATE INDEX operations_by_amount ON operations (amount);
`;

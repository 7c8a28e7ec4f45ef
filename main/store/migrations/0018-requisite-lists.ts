// A payment method's requisites, stored once. Every operation kept its method's requisite
// descriptors (payer_requisites) and requisites (method_requisites) as JSON text, the same few
// lists again and again: about 170 bytes an operation on bench/seed.ts's history, for a handful of
// distinct lists. Each list is now a row of requisite_lists and an operation keeps its id
// (operation-record.ts writes and reads it). A NULL list stays NULL; every other list is kept
// byte for byte, so what reads back is what was written.
export default `
CREATE TABLE requisite_lists (
  id    INTEGER PRIMARY KEY,
  list  TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO requisite_lists (list)
SELECT payer_requisites FROM operations WHERE payer_requisites IS NOT NULL
UNION SELECT method_requisites FROM operations WHERE method_requisites IS NOT NULL;

ALTER TABLE operations ADD COLUMN payer_requisites_id INTEGER REFERENCES requisite_lists (id);
ALTER TABLE operations ADD COLUMN method_requisites_id INTEGER REFERENCES requisite_lists (id);
UPDATE operations SET
  payer_requisites_id = (SELECT id FROM requisite_lists WHERE list = payer_requisites),
  method_requisites_id = (SELECT id FROM requisite_lists WHERE list = method_requisites);
ALTER TABLE operations DROP COLUMN payer_requisites;
ALTER TABLE operations DROP COLUMN method_requisites;
`;

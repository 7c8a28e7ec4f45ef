// Receipts in the payer's language: the language chosen on the confirm step, kept with
// the operation so every print of its receipt, reprints too, speaks it. Null for operations from
// before this version, or created without a choice: those print in the desk's language.
export default `
ALTER TABLE operations ADD COLUMN receipt_language TEXT CHECK (receipt_language IN ('en', 'ru', 'kk'));
`;

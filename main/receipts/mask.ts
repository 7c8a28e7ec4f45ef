// What of a requisite may go on paper. A receipt leaves the desk in the payer's pocket, and the
// agent's copy lies in a drawer: a card, an account, an IBAN or a phone number shows only its last
// four characters, the same on every copy. The gateway masks these values on retrieval in a shape
// of its own (`+*******4567`, `TR****…1326`), so a value is masked here again whatever it came as:
// otherwise the payer's receipt and the agent's copy would show one phone two ways. Names,
// addresses and codes are printed as given.

const SECRET_NAME = /card|pan\b|iban|account|acct|phone|mobile|msisdn/i;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9 ]{10,34}$/;
/** Nine digits or more: a card, an account or a phone number, whatever the field is called. */
const LONG_NUMBER = /^\+?[\d\s-]{9,}$/;

export function maskRequisite(name: string, value: string): string {
  if (SECRET_NAME.test(name) || IBAN.test(value.toUpperCase()) || LONG_NUMBER.test(value)) {
    return lastFour(value.replace(/[\s-]/g, ''));
  }
  return value;
}

function lastFour(value: string): string {
  return value.length <= 4 ? '****' : `****${value.slice(-4)}`;
}

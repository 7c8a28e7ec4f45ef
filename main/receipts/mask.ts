// What of a requisite may go on paper. A receipt leaves the desk in the payer's pocket: a card,
// an account or an IBAN shows only its last four characters on every copy, and a phone number too
// on the payer's. Names, addresses and codes are printed as given.

export type Audience = 'payer' | 'agent';

const SECRET_NAME = /card|pan\b|iban|account|acct/i;
const PHONE_NAME = /phone|mobile|msisdn/i;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9 ]{10,34}$/;
/** Nine digits or more: a card, an account or a phone number, whatever the field is called. */
const LONG_NUMBER = /^\+?[\d\s-]{9,}$/;

export function maskRequisite(name: string, value: string, audience: Audience): string {
  const compact = value.replace(/[\s-]/g, '');
  const phone = PHONE_NAME.test(name);
  if (phone) return audience === 'agent' ? value : lastFour(compact);
  if (SECRET_NAME.test(name) || IBAN.test(value.toUpperCase()) || LONG_NUMBER.test(value)) {
    return lastFour(compact);
  }
  return value;
}

function lastFour(value: string): string {
  return value.length <= 4 ? '****' : `****${value.slice(-4)}`;
}

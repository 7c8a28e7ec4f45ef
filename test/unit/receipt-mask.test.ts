// What of a requisite goes on paper: cards, accounts and IBANs show their last four on every copy,
// a phone number on the payer's; names and addresses as given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskRequisite } from '../../main/receipts/mask.ts';

test('cards, accounts and IBANs show their last four, whatever the copy', () => {
  for (const audience of ['payer', 'agent'] as const) {
    assert.equal(maskRequisite('cardNumber', '4400 4302 1234 5678', audience), '****5678');
    assert.equal(maskRequisite('iban', 'KZ86125KZT5004100100', audience), '****0100');
    assert.equal(maskRequisite('accountNumber', '40817810099910004312', audience), '****4312');
    // Recognised by the value when the name says nothing.
    assert.equal(maskRequisite('destination', 'TR330006100519786457841326', audience), '****1326');
    assert.equal(maskRequisite('ref', '123456789012', audience), '****9012');
  }
});

test("a phone shows its last four on the payer's copy and in full on the agent's", () => {
  assert.equal(maskRequisite('phone', '+77011234567', 'payer'), '****4567');
  assert.equal(maskRequisite('phone', '+77011234567', 'agent'), '+77011234567');
});

test('names, addresses and codes are printed as given', () => {
  assert.equal(maskRequisite('fullName', 'Aigerim Sadykova', 'payer'), 'Aigerim Sadykova');
  assert.equal(maskRequisite('cashPointCode', 'KZ-ALA-0042', 'payer'), 'KZ-ALA-0042');
  assert.equal(maskRequisite('recipientName', 'Training Recipient LLP', 'payer'), 'Training Recipient LLP');
});

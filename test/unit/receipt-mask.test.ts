// What of a requisite goes on paper: cards, accounts, IBANs and phone numbers show their last four,
// the same on every copy and whatever shape the gateway masked them in; names and addresses as given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskRequisite } from '../../main/receipts/mask.ts';

test('cards, accounts and IBANs show their last four', () => {
  assert.equal(maskRequisite('cardNumber', '4400 4302 1234 5678'), '****5678');
  assert.equal(maskRequisite('iban', 'KZ86125KZT5004100100'), '****0100');
  assert.equal(maskRequisite('accountNumber', '40817810099910004312'), '****4312');
  // Recognised by the value when the name says nothing.
  assert.equal(maskRequisite('destination', 'TR330006100519786457841326'), '****1326');
  assert.equal(maskRequisite('ref', '123456789012'), '****9012');
});

test('a phone shows its last four, as given or as the gateway masked it on retrieval', () => {
  assert.equal(maskRequisite('phone', '+77011234567'), '****4567');
  assert.equal(maskRequisite('phone', '+*******4567'), '****4567');
  assert.equal(maskRequisite('mobile', '+7 701 123 45 67'), '****4567');
  assert.equal(maskRequisite('cardNumber', '**** **** **** 5678'), '****5678');
  assert.equal(maskRequisite('iban', 'TR********************1326'), '****1326');
});

test('names, addresses and codes are printed as given', () => {
  assert.equal(maskRequisite('fullName', 'Aigerim Sadykova'), 'Aigerim Sadykova');
  assert.equal(maskRequisite('cashPointCode', 'KZ-ALA-0042'), 'KZ-ALA-0042');
  assert.equal(maskRequisite('recipientName', 'Training Recipient LLP'), 'Training Recipient LLP');
});

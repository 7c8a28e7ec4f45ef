// The QR code's text and the Lookup field that reads it back, as a keyboard-wedge scanner types it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS } from '../../common/limits.ts';
import { parseLookupInput, RECEIPT_CODE_MAX, receiptCode } from '../../common/receipt-code.ts';

test('a scanned code gives its shop and number; a typed number is for the shop on screen', () => {
  assert.equal(receiptCode(1001, 'T01-261122-0042'), 'CD1:1001:T01-261122-0042');
  assert.deepEqual(parseLookupInput('CD1:1001:T01-261122-0042'), {
    shopId: 1001,
    operationNumber: 'T01-261122-0042',
  });
  assert.deepEqual(parseLookupInput('  CD1:2147483647:a:b/c#1 \n'), {
    shopId: 2147483647,
    operationNumber: 'a:b/c#1',
  });
  assert.deepEqual(parseLookupInput(' T01-261122-0042 '), {
    shopId: null,
    operationNumber: 'T01-261122-0042',
  });
  assert.deepEqual(parseLookupInput('CD1:x:T01'), { shopId: null, operationNumber: 'CD1:x:T01' });
});

test('a scanner typing with the Russian layout on still opens the operation', () => {
  // What "CD1:1001:T01-261122-0042" arrives as, key for key, with the ЙЦУКЕН layout active.
  assert.deepEqual(parseLookupInput('СВ1Ж1001ЖЕ01-261122-0042'), {
    shopId: 1001,
    operationNumber: 'T01-261122-0042',
  });
  // Text that is not a code is left exactly as typed, Cyrillic or not.
  assert.deepEqual(parseLookupInput('ЖЕ01'), { shopId: null, operationNumber: 'ЖЕ01' });
});

test('the Lookup field takes the longest code whole', () => {
  const longest = receiptCode(2147483647, 'x'.repeat(LIMITS.operationNumber));
  assert.ok(longest.length <= RECEIPT_CODE_MAX);
  assert.ok(RECEIPT_CODE_MAX <= LIMITS.searchText, 'History search takes the whole code too');
});

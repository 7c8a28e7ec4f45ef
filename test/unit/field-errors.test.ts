// The gateway's refusal mapped back to the fields sent, from every body shape a gateway is known to
// use, and never to a field that was not sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusedFields } from '../../main/gateway/field-errors.ts';

const SENT = ['fullName', 'phone'];
const fields = (body: unknown, sent = SENT) => refusedFields(body, sent).map((r) => r.field);

test('the sandbox shape: a map of paths to reasons under error.fields', () => {
  const body = {
    error: {
      code: 'validation_failed',
      message: 'The payer requisites are invalid',
      fields: { 'payerRequisites.phone': 'must be 10-15 digits with an optional leading +' },
    },
  };
  assert.deepEqual(refusedFields(body, SENT), [
    { field: 'phone', reason: 'must be 10-15 digits with an optional leading +' },
  ]);
});

test('maps at the top level, with lists of reasons (Django REST, Rails)', () => {
  assert.deepEqual(fields({ phone: ['is not a phone number'] }), ['phone']);
  assert.deepEqual(fields({ errors: { full_name: ['blank'], phone: 'bad' } }), ['fullName', 'phone']);
});

test('lists of problems with a path: field, propertyPath, JSON pointers, loc', () => {
  assert.deepEqual(fields({ errors: [{ field: 'phone', message: 'bad' }] }), ['phone']);
  assert.deepEqual(fields({ violations: [{ propertyPath: 'payerRequisites[1].value', title: 'bad' }] }), [
    'phone',
  ]);
  assert.deepEqual(fields({ errors: [{ source: { pointer: '/payerRequisites/0/value' }, detail: 'x' }] }), [
    'fullName',
  ]);
  assert.deepEqual(fields({ detail: [{ loc: ['body', 'payerRequisites', 1, 'value'], msg: 'x' }] }), [
    'phone',
  ]);
  assert.deepEqual(fields({ invalid_params: [{ name: 'phone', reason: 'bad' }] }), ['phone']);
});

test('in the order sent, each once', () => {
  const body = { errors: [{ field: 'phone' }, { field: 'fullName' }, { path: 'payerRequisites.phone' }] };
  assert.deepEqual(fields(body), ['fullName', 'phone']);
});

test('nothing for a body that names no field sent, or is not JSON at all', () => {
  assert.deepEqual(fields({ error: { code: 'x', message: 'Refused' } }), []);
  assert.deepEqual(
    fields({ error: { fields: { amount: 'too large', 'payerRequisites[5].value': 'x' } } }),
    [],
  );
  assert.deepEqual(fields('<html>422</html>'), []);
  assert.deepEqual(fields(undefined), []);
  assert.deepEqual(fields(null), []);
  // The request echoed back is not a refusal of its fields.
  assert.deepEqual(fields({ request: { payerRequisites: [{ name: 'phone', value: '+7' }] } }), []);
});

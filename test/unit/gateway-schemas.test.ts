// main/gateway/schemas.ts without a network: lenient where the spec shows variation, strict where
// a wrong value would cost money or hide an operation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ListPaymentMethodTypesResponse,
  Operation,
  OperationEnvelope,
  OperationResponse,
  PaymentMethodType,
  Session,
  SessionResponse,
} from '../../main/gateway/schemas.ts';

type Json = Record<string, unknown>;

const methodType = (): Json => ({
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
  name: 'Cash KZT',
  instrumentType: 'cash',
  country: 'KZ',
  currency: 'KZT',
  minAmount: '500',
  maxAmount: '500000.00',
});

const session = (): Json => ({
  sessionId: '9f0c3a52-5d7e-4b1a-8c1e-2f7a9b3c4d5e',
  expiredAt: '2025-03-01T10:15:00+00:00',
  payerRequisites: [{ name: 'phone', title: 'Phone number', type: 'string' }],
  paymentMethodRequisites: [{ name: 'cashPointCode', value: 'KZ-ALA-0042' }],
});

const operation = (): Json => ({
  type: 'payin',
  id: '0b7f6a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  shopId: 1001,
  operationNumber: 'A-1',
  paymentMethodRequisites: [{ name: 'cashPointCode', value: 'KZ-ALA-0042' }],
  payerId: 'payer-1',
  amount: '1500.00',
  currency: 'KZT',
  settlementAmount: '3.15',
  settlementCurrency: 'USD',
  registeredAt: '2025-03-01T10:00:00+00:00',
  updatedAt: '2025-03-01T10:00:00+00:00',
  status: 'created',
  isCorrection: false,
  payerDetails: [{ name: 'phone', title: 'Phone number', type: 'string', value: '+77011234567' }],
});

const envelope = (op: Json = operation(), parent: unknown = null) => ({ operation: op, parent });

function parses<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  assert.equal(result.success, true, `expected to parse, got ${JSON.stringify(result.error)}`);
  return result.data as T;
}

function refuses(schema: { safeParse(v: unknown): { success: boolean } }, v: unknown, why: string) {
  assert.equal(schema.safeParse(v).success, false, `expected a refusal: ${why}`);
}

const AMOUNT_BAD_VALUES: [string, unknown][] = [
  ['a number', 1500],
  ['a float number', 15.5],
  ['words', 'fifteen'],
  ['empty', ''],
  ['an exponent', '1e3'],
  ['a comma', '1500,00'],
  ['a leading space', ' 1500'],
  ['a currency sign', '$1500'],
  ['a trailing dot', '1500.'],
  ['null', null],
];

const TIMESTAMP_BAD_VALUES: [string, unknown][] = [
  ['no offset', '2025-03-01T10:00:00'],
  ['no offset, with fraction', '2025-03-01T10:00:00.123'],
  ['date only', '2025-03-01'],
  ['space for T', '2025-03-01 10:00:00+00:00'],
  ['epoch number', 1740823200],
  ['not a date', 'yesterday'],
  ['impossible month', '2025-13-01T10:00:00+00:00'],
];

describe('PaymentMethodType', () => {
  test('parses the spec shape', () => {
    assert.deepEqual(parses(PaymentMethodType, methodType()), methodType());
  });

  test('keeps an unknown instrumentType as a string', () => {
    const parsed = parses<Json>(PaymentMethodType, { ...methodType(), instrumentType: 'crypto_wallet' });
    assert.equal(parsed.instrumentType, 'crypto_wallet');
  });

  test('ignores unknown extra fields', () => {
    const parsed = parses<Json>(PaymentMethodType, { ...methodType(), logoUrl: 'x', limits: { daily: 1 } });
    assert.deepEqual(parsed, methodType());
  });

  for (const field of ['minAmount', 'maxAmount']) {
    for (const [why, value] of AMOUNT_BAD_VALUES) {
      test(`refuses ${field} as ${why}`, () =>
        refuses(PaymentMethodType, { ...methodType(), [field]: value }, why));
    }
  }

  test('refuses a missing id', () => {
    const { id: _, ...rest } = methodType();
    refuses(PaymentMethodType, rest, 'no id');
  });
});

describe('Session', () => {
  test('parses the spec shape', () => {
    assert.deepEqual(parses(Session, session()), session());
  });

  test('paymentMethodRequisites absent → []', () => {
    const { paymentMethodRequisites: _, ...rest } = session();
    assert.deepEqual(parses<Json>(Session, rest).paymentMethodRequisites, []);
  });

  test('accepts Z as the offset, and non-UTC offsets', () => {
    parses(Session, { ...session(), expiredAt: '2025-03-01T10:15:00Z' });
    parses(Session, { ...session(), expiredAt: '2025-03-01T13:15:00.250+03:00' });
  });

  for (const [why, value] of TIMESTAMP_BAD_VALUES) {
    test(`refuses expiredAt with ${why}`, () => refuses(Session, { ...session(), expiredAt: value }, why));
  }

  test('ignores unknown extra fields', () => {
    assert.deepEqual(parses(Session, { ...session(), traceId: 'abc' }), session());
  });
});

describe('Operation: lenient where the spec shows variation', () => {
  test('parses the spec shape', () => {
    assert.deepEqual(parses(Operation, operation()), operation());
  });

  test('id as an integer is returned as a string', () => {
    const parsed = parses<Json>(Operation, { ...operation(), id: 734221 });
    assert.equal(parsed.id, '734221');
    assert.equal(typeof parsed.id, 'string');
  });

  test('id as a string stays the same string', () => {
    assert.equal(parses<Json>(Operation, { ...operation(), id: 'abc-123' }).id, 'abc-123');
  });

  test('paymentMethodRequisites absent → []', () => {
    const { paymentMethodRequisites: _, ...rest } = operation();
    assert.deepEqual(parses<Json>(Operation, rest).paymentMethodRequisites, []);
  });

  test('an unknown status is kept as a string', () => {
    assert.equal(parses<Json>(Operation, { ...operation(), status: 'refunded' }).status, 'refunded');
    assert.equal(parses<Json>(Operation, { ...operation(), status: 'captured' }).status, 'captured');
  });

  test('unknown extra fields are ignored', () => {
    assert.deepEqual(parses(Operation, { ...operation(), riskScore: 12, meta: { a: 1 } }), operation());
  });
});

describe('Operation: strict where correctness needs it', () => {
  for (const field of ['amount', 'settlementAmount']) {
    for (const [why, value] of AMOUNT_BAD_VALUES) {
      test(`refuses ${field} as ${why}`, () => refuses(Operation, { ...operation(), [field]: value }, why));
    }
  }

  for (const field of ['registeredAt', 'updatedAt']) {
    for (const [why, value] of TIMESTAMP_BAD_VALUES) {
      test(`refuses ${field} with ${why}`, () => refuses(Operation, { ...operation(), [field]: value }, why));
    }
  }

  for (const [why, value] of [
    ['a numeric string', '1001'],
    ['a fraction', 1001.5],
    ['null', null],
    ['NaN', Number.NaN],
  ] as const) {
    test(`refuses shopId as ${why}`, () => refuses(Operation, { ...operation(), shopId: value }, why));
  }

  test('refuses an id that is a fraction, a boolean or empty', () => {
    refuses(Operation, { ...operation(), id: 1.5 }, 'fractional id');
    refuses(Operation, { ...operation(), id: true }, 'boolean id');
    refuses(Operation, { ...operation(), id: '' }, 'empty id');
  });

  test('refuses an operation type outside payin/payout', () => {
    refuses(Operation, { ...operation(), type: 'refund' }, 'unknown type');
  });

  test('refuses a missing required field', () => {
    for (const field of ['amount', 'operationNumber', 'status', 'shopId', 'registeredAt']) {
      const copy = operation();
      delete copy[field];
      refuses(Operation, copy, `no ${field}`);
    }
  });
});

describe('OperationEnvelope: parent', () => {
  test('null parent is kept as null', () => {
    assert.equal(parses<Json>(OperationEnvelope, envelope()).parent, null);
  });

  test('an object parent is kept as it came', () => {
    const parent = { id: 42, operationNumber: 'P-1', nested: { status: 'captured' } };
    assert.deepEqual(parses<Json>(OperationEnvelope, envelope(operation(), parent)).parent, parent);
  });

  test('a missing parent is refused (the spec always sends the field)', () => {
    refuses(OperationEnvelope, { operation: operation() }, 'no parent field');
  });
});

describe('The data envelope', () => {
  test('each response schema unwraps data', () => {
    assert.deepEqual(parses<Json>(ListPaymentMethodTypesResponse, { data: [methodType()] }).data, [
      methodType(),
    ]);
    assert.deepEqual(parses<Json>(SessionResponse, { data: session() }).data, session());
    assert.deepEqual(parses<Json>(OperationResponse, { data: envelope() }).data, envelope());
  });

  test('an empty list of method types is valid', () => {
    assert.deepEqual(parses<Json>(ListPaymentMethodTypesResponse, { data: [] }).data, []);
  });

  test('a reply without data is refused, even if the payload is right', () => {
    refuses(ListPaymentMethodTypesResponse, [methodType()], 'bare array');
    refuses(SessionResponse, session(), 'bare session');
    refuses(OperationResponse, envelope(), 'bare envelope');
    refuses(OperationResponse, { result: envelope() }, 'wrong envelope name');
    refuses(OperationResponse, { data: null }, 'null data');
    refuses(SessionResponse, null, 'null');
    refuses(SessionResponse, 'ok', 'a string');
  });

  test('extra top-level fields beside data are ignored', () => {
    assert.deepEqual(
      parses<Json>(SessionResponse, { data: session(), meta: { requestId: 'r' } }).data,
      session(),
    );
  });

  test('one bad item fails the whole list', () => {
    refuses(
      ListPaymentMethodTypesResponse,
      { data: [methodType(), { ...methodType(), minAmount: 5 }] },
      'bad item',
    );
  });
});

// The training gateway over real HTTP on loopback: the contract (shared/gateway-api.md), the
// sandbox's documented assumptions (docs/sandbox.md) and every fault kind the app's tests rely on.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type TestContext, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  COMMIT_THEN_DROP,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
} from '../../main/sandbox/server.ts';

const TOKEN = 'test-token';

const CASH_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000101'; // uuid ids, one requisite (phone), cash point requisites
const BANK_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000102'; // integer ids, fullName + cardNumber, card to pay to
const CASH_UZS_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000103'; // integer ids, no paymentMethodRequisites
const BANK_TRY_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000104'; // fullName + iban, iban to pay to
const CARD_KZT_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000202';
const CASH_TRY_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000204'; // 100 .. 20000.50 TRY

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

// biome-ignore lint/suspicious/noExplicitAny: replies are probed field by field; the assertions are the type check.
type Json = Record<string, any>;
type Reply = { status: number; headers: Headers; body: Json; text: string };
type Requisite = { name: string; type: string; value: string };

async function start(t: TestContext, options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, token: TOKEN, ...options });
  t.after(() => sandbox.close());
  return sandbox;
}

async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null; signal?: AbortSignal } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token !== null) headers['Api-Access-Token'] = options.token ?? sandbox.token;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    body,
    ...(options.signal && { signal: options.signal }),
  });
  const text = await response.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // Raw-text replies (the `respond` fault with a string body) are checked through `text`.
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

const api = '/api/v1/agents';
const opPath = (shopId: number, operationNumber: string) =>
  `${api}/operations/${shopId}/${encodeURIComponent(operationNumber)}`;
const capturePath = (shopId: number, operationNumber: string) =>
  `/sandbox/operations/${shopId}/${encodeURIComponent(operationNumber)}/capture`;

let numberSeed = 0;
function nextNumber(): string {
  numberSeed += 1;
  return `T-${process.pid}-${numberSeed}`;
}

function sessionBody(overrides: Json = {}): Json {
  return {
    paymentMethodTypeId: CASH_KZT_IN,
    operationType: 'payin',
    shopId: 1001,
    operationNumber: nextNumber(),
    payerId: 'payer-1',
    amount: '2150',
    currency: 'KZT',
    ...overrides,
  };
}

const PHONE = [{ name: 'phone', type: 'string', value: '+77001234567' }];

async function openSession(
  sandbox: Sandbox,
  overrides: Json = {},
): Promise<{ request: Json; session: Json }> {
  const request = sessionBody(overrides);
  const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: request });
  assert.equal(reply.status, 200, reply.text);
  return { request, session: reply.body.data };
}

async function createOperation(
  sandbox: Sandbox,
  overrides: Json = {},
  payerRequisites: Requisite[] = PHONE,
): Promise<{ request: Json; operation: Json }> {
  const { request, session } = await openSession(sandbox, overrides);
  const reply = await call(sandbox, 'POST', `${api}/operations`, {
    body: { sessionId: session.sessionId, payerRequisites },
  });
  assert.equal(reply.status, 200, reply.text);
  return { request, operation: reply.body.data.operation };
}

function assertJsonError(reply: Reply, status: number, code: string): void {
  assert.equal(reply.status, status, reply.text);
  assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(reply.body.error.code, code, reply.text);
  assert.equal(typeof reply.body.error.message, 'string');
}

function assertOperationShape(operation: Json): void {
  const expectedKeys = [
    'type',
    'id',
    'shopId',
    'operationNumber',
    'payerId',
    'amount',
    'currency',
    'settlementAmount',
    'settlementCurrency',
    'registeredAt',
    'updatedAt',
    'status',
    'isCorrection',
    'payerDetails',
  ];
  const keys = Object.keys(operation).filter((k) => k !== 'paymentMethodRequisites');
  assert.deepEqual(keys.sort(), [...expectedKeys].sort());
  assert.ok(operation.type === 'payin' || operation.type === 'payout');
  assert.ok(typeof operation.id === 'string' || Number.isInteger(operation.id));
  assert.equal(typeof operation.shopId, 'number');
  for (const key of ['operationNumber', 'payerId', 'amount', 'currency', 'settlementAmount', 'status']) {
    assert.equal(typeof operation[key], 'string', key);
  }
  assert.equal(operation.settlementCurrency, 'USD');
  assert.match(operation.registeredAt, TIMESTAMP);
  assert.match(operation.updatedAt, TIMESTAMP);
  assert.equal(operation.isCorrection, false);
  for (const detail of operation.payerDetails) {
    assert.deepEqual(Object.keys(detail), ['name', 'title', 'type', 'value']);
  }
}

describe('payment method types', () => {
  test('lists several payin types for shop 1001 in the data envelope', async (t) => {
    const sandbox = await start(t);
    const reply = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`);
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(Object.keys(reply.body), ['data']);
    const types: Json[] = reply.body.data;
    assert.ok(types.length >= 3);
    for (const type of types) {
      assert.deepEqual(Object.keys(type), [
        'id',
        'name',
        'instrumentType',
        'country',
        'currency',
        'minAmount',
        'maxAmount',
      ]);
      assert.ok(Object.values(type).every((v) => typeof v === 'string'));
      assert.match(type.country, /^[A-Z]{2}$/);
      assert.match(type.currency, /^[A-Z]{3}$/);
      assert.match(type.minAmount, /^\d+(\.\d+)?$/);
      assert.match(type.maxAmount, /^\d+(\.\d+)?$/);
    }
    assert.ok(types.some((m) => m.id === CASH_KZT_IN));
    assert.deepEqual(new Set(types.map((m) => m.instrumentType)), new Set(['cash', 'bank_transfer']));
  });

  test('payout types differ, and span three countries and currencies', async (t) => {
    const sandbox = await start(t);
    const payout: Json[] = (
      await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payout`)
    ).body.data;
    const payin: Json[] = (
      await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`)
    ).body.data;
    assert.ok(payout.length >= 3);
    assert.ok(payout.every((m) => !payin.some((p) => p.id === m.id)));
    assert.ok(new Set(payout.map((m) => m.currency)).size >= 3);
    assert.ok(new Set(payin.map((m) => m.country)).size >= 3);
  });

  test('shop 1002 has exactly one payin type', async (t) => {
    const sandbox = await start(t);
    const reply = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1002&operationType=payin`);
    assert.deepEqual(
      reply.body.data.map((m: Json) => m.id),
      [CASH_KZT_IN],
    );
  });

  test('query errors name the fields; an unknown shop is 404', async (t) => {
    const sandbox = await start(t);
    const missing = await call(sandbox, 'GET', `${api}/payment-method-types`);
    assertJsonError(missing, 400, 'invalid_request');
    assert.deepEqual(Object.keys(missing.body.error.fields).sort(), ['operationType', 'shopId']);

    const bad = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=abc&operationType=refund`);
    assertJsonError(bad, 400, 'invalid_request');
    assert.match(bad.body.error.fields.shopId, /integer/);
    assert.match(bad.body.error.fields.operationType, /payin or payout/);

    const unknown = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=9999&operationType=payin`);
    assertJsonError(unknown, 404, 'unknown_shop');
  });
});

describe('authentication', () => {
  test('every route refuses a missing or wrong token with a JSON 401', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    const routes: [string, string, unknown?][] = [
      ['GET', `${api}/payment-method-types?shopId=1001&operationType=payin`],
      ['POST', `${api}/sessions`, sessionBody()],
      ['POST', `${api}/operations`, { sessionId: 'x', payerRequisites: [] }],
      ['GET', opPath(1001, operation.operationNumber)],
      ['POST', capturePath(1001, operation.operationNumber)],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [null, 'wrong-token', `${TOKEN}x`]) {
        const reply = await call(sandbox, method, path, { body, token });
        assertJsonError(reply, 401, 'unauthorized');
      }
    }
    assert.equal(sandbox.operationCount(), 1);
    const after = await call(sandbox, 'GET', opPath(1001, operation.operationNumber));
    assert.equal(after.body.data.operation.status, 'created', 'a refused capture must not capture');
  });
});

describe('sessions', () => {
  test('opens a session with requisites to fill and an expiry', async (t) => {
    const sandbox = await start(t);
    const before = Date.now();
    const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody() });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(Object.keys(reply.body), ['data']);
    const session = reply.body.data;
    assert.deepEqual(Object.keys(session), [
      'sessionId',
      'expiredAt',
      'payerRequisites',
      'paymentMethodRequisites',
    ]);
    assert.match(session.sessionId, UUID);
    assert.match(session.expiredAt, EXPIRED_AT);
    const lifetime = Date.parse(session.expiredAt) - before;
    assert.ok(lifetime >= 899_000 && lifetime <= 902_000, `lifetime ${lifetime}`);
    assert.deepEqual(session.payerRequisites, [{ name: 'phone', title: 'Phone number', type: 'string' }]);
    assert.deepEqual(session.paymentMethodRequisites, [
      { name: 'cashPointCode', value: 'KZ-ALA-0042' },
      { name: 'cashPointAddress', value: 'Almaty, 10 Abay Avenue' },
    ]);
  });

  test('omits paymentMethodRequisites for methods without them', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox, {
      paymentMethodTypeId: CASH_UZS_IN,
      amount: '150000',
      currency: 'UZS',
    });
    assert.equal('paymentMethodRequisites' in session, false);
    assert.deepEqual(
      session.payerRequisites.map((r: Json) => r.name),
      ['fullName', 'phone'],
    );
  });

  test('shape errors are 400 and name every field', async (t) => {
    const sandbox = await start(t);
    const empty = await call(sandbox, 'POST', `${api}/sessions`, { body: {} });
    assertJsonError(empty, 400, 'invalid_request');
    assert.deepEqual(Object.keys(empty.body.error.fields).sort(), [
      'amount',
      'currency',
      'operationNumber',
      'operationType',
      'payerId',
      'paymentMethodTypeId',
      'shopId',
    ]);

    const wrongTypes = await call(sandbox, 'POST', `${api}/sessions`, {
      body: sessionBody({ shopId: '1001', amount: 2150, operationType: 'refund', currency: 'kzt' }),
    });
    assertJsonError(wrongTypes, 400, 'invalid_request');
    assert.deepEqual(Object.keys(wrongTypes.body.error.fields).sort(), [
      'amount',
      'currency',
      'operationType',
      'shopId',
    ]);

    const malformed = await call(sandbox, 'POST', `${api}/sessions`, { raw: '{"shopId": 1001,' });
    assertJsonError(malformed, 400, 'malformed_json');
    const notObject = await call(sandbox, 'POST', `${api}/sessions`, { raw: '[1,2]' });
    assertJsonError(notObject, 400, 'invalid_request');
  });

  test('amount must be <integer> or <integer>.<2 digits>', async (t) => {
    const sandbox = await start(t);
    for (const amount of ['100.5', '100.500', '1,000', '0100', '-5', '1e3', ' 100', '100.']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody({ amount }) });
      assertJsonError(reply, 400, 'invalid_request');
      assert.deepEqual(Object.keys(reply.body.error.fields), ['amount'], amount);
    }
    for (const amount of ['2150', '2150.00', '2150.05']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody({ amount }) });
      assert.equal(reply.status, 200, `${amount}: ${reply.text}`);
    }
  });

  test('amount bounds are inclusive and compared as decimals', async (t) => {
    const sandbox = await start(t);
    const tryOut = { paymentMethodTypeId: CASH_TRY_OUT, operationType: 'payout', currency: 'TRY' };
    for (const amount of ['100', '100.00', '20000.50', '20000']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, {
        body: sessionBody({ ...tryOut, amount }),
      });
      assert.equal(reply.status, 200, `${amount}: ${reply.text}`);
    }
    for (const amount of ['99.99', '20000.51', '20001', '0']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, {
        body: sessionBody({ ...tryOut, amount }),
      });
      assertJsonError(reply, 422, 'validation_failed');
      assert.deepEqual(Object.keys(reply.body.error.fields), ['amount'], amount);
    }
    // Cash KZT is 500..500000: as text "99999" > "500000" and "1000" < "500"; as decimals both fit.
    for (const amount of ['99999', '1000']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody({ amount }) });
      assert.equal(reply.status, 200, `${amount}: ${reply.text}`);
    }
  });

  test('currency must be the type currency; the type must fit shop and operation type', async (t) => {
    const sandbox = await start(t);
    const currency = await call(sandbox, 'POST', `${api}/sessions`, {
      body: sessionBody({ currency: 'USD' }),
    });
    assertJsonError(currency, 422, 'validation_failed');
    assert.match(currency.body.error.fields.currency, /KZT/);

    const cases: Json[] = [
      { paymentMethodTypeId: '00000000-0000-0000-0000-000000000000' },
      { paymentMethodTypeId: CARD_KZT_OUT }, // a payout type used for payin
      { paymentMethodTypeId: BANK_KZT_IN, shopId: 1002 }, // not offered by shop 1002
    ];
    for (const overrides of cases) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody(overrides) });
      assertJsonError(reply, 422, 'validation_failed');
      assert.deepEqual(Object.keys(reply.body.error.fields), ['paymentMethodTypeId']);
    }
    const shop = await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody({ shopId: 4242 }) });
    assertJsonError(shop, 422, 'validation_failed');
    assert.deepEqual(Object.keys(shop.body.error.fields), ['shopId']);
  });

  test('operationNumber is 1-64 characters', async (t) => {
    const sandbox = await start(t);
    for (const operationNumber of ['', 'x'.repeat(65), '.', '..']) {
      const reply = await call(sandbox, 'POST', `${api}/sessions`, {
        body: sessionBody({ operationNumber }),
      });
      assertJsonError(reply, 400, 'invalid_request');
      assert.deepEqual(Object.keys(reply.body.error.fields), ['operationNumber']);
    }
    const longest = await call(sandbox, 'POST', `${api}/sessions`, {
      body: sessionBody({ operationNumber: `${nextNumber()}-`.padEnd(64, 'z') }),
    });
    assert.equal(longest.status, 200, longest.text);
  });

  test('a used operationNumber is refused with 409 within the shop only', async (t) => {
    const sandbox = await start(t);
    const { request } = await openSession(sandbox);
    const again = await call(sandbox, 'POST', `${api}/sessions`, {
      body: { ...request, payerId: 'someone-else' },
    });
    assertJsonError(again, 409, 'duplicate_operation_number');
    assert.ok(again.body.error.fields.operationNumber);

    const otherShop = await call(sandbox, 'POST', `${api}/sessions`, { body: { ...request, shopId: 1002 } });
    assert.equal(otherShop.status, 200, otherShop.text);
  });

  test('an expired session is 410 and creates nothing', async (t) => {
    const sandbox = await start(t, { sessionTtlSeconds: 0.05 });
    const { session } = await openSession(sandbox);
    const remaining = Date.parse(session.expiredAt) - Date.now();
    assert.ok(remaining <= 1_050, `expiredAt rounds up to at most one second: ${remaining}`);
    await sleep(Math.max(0, remaining) + 20);
    const reply = await call(sandbox, 'POST', `${api}/operations`, {
      body: { sessionId: session.sessionId, payerRequisites: PHONE },
    });
    assertJsonError(reply, 410, 'session_expired');
    assert.equal(sandbox.operationCount(), 0);
  });
});

describe('operations', () => {
  test('creates an operation from a session, unmasked, with exact settlement', async (t) => {
    const sandbox = await start(t);
    const { session, request } = await openSession(sandbox, { payerId: 'payer-42' });
    const reply = await call(sandbox, 'POST', `${api}/operations`, {
      body: { sessionId: session.sessionId, payerRequisites: PHONE },
    });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(Object.keys(reply.body), ['data']);
    assert.deepEqual(Object.keys(reply.body.data), ['operation', 'parent']);
    assert.equal(reply.body.data.parent, null);
    const operation = reply.body.data.operation;
    assertOperationShape(operation);
    assert.equal(operation.type, 'payin');
    assert.equal(operation.shopId, 1001);
    assert.equal(operation.operationNumber, request.operationNumber);
    assert.equal(operation.payerId, 'payer-42');
    assert.equal(operation.amount, '2150');
    assert.equal(operation.currency, 'KZT');
    // 2150 x 0.0021 = 4.515 exactly; in floats it is 4.51499..., which rounds the wrong way.
    assert.equal(operation.settlementAmount, '4.52');
    assert.equal(operation.status, 'created');
    assert.equal(operation.registeredAt, operation.updatedAt);
    assert.deepEqual(operation.payerDetails, [
      { name: 'phone', title: 'Phone number', type: 'string', value: '+77001234567' },
    ]);
    assert.deepEqual(operation.paymentMethodRequisites, session.paymentMethodRequisites);
    assert.equal(sandbox.operationCount(), 1);
  });

  test('settles other currencies in decimal too', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(
      sandbox,
      { paymentMethodTypeId: CASH_TRY_OUT, operationType: 'payout', currency: 'TRY', amount: '570.00' },
      [
        { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
        { name: 'phone', type: 'string', value: '905321234567' },
      ],
    );
    assert.equal(operation.type, 'payout');
    assert.equal(operation.amount, '570.00');
    assert.equal(operation.settlementAmount, '17.39'); // 17.385 half-up; floats give 17.38
  });

  test('ids are UUID strings for some types and integers for others', async (t) => {
    const sandbox = await start(t);
    const { operation: cash } = await createOperation(sandbox);
    assert.match(cash.id, UUID);
    const bank = { paymentMethodTypeId: BANK_KZT_IN, amount: '5000' };
    const card = [
      { name: 'fullName', type: 'string', value: 'Aigerim Sarsenova' },
      { name: 'cardNumber', type: 'string', value: '4400430298761234' },
    ];
    const { operation: first } = await createOperation(sandbox, bank, card);
    const { operation: second } = await createOperation(sandbox, bank, card);
    assert.ok(Number.isInteger(first.id), `integer id, got ${JSON.stringify(first.id)}`);
    assert.ok(Number.isInteger(second.id));
    assert.notEqual(first.id, second.id);
  });

  test('a session yields one operation', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox);
    const body = { sessionId: session.sessionId, payerRequisites: PHONE };
    assert.equal((await call(sandbox, 'POST', `${api}/operations`, { body })).status, 200);
    const second = await call(sandbox, 'POST', `${api}/operations`, { body });
    assertJsonError(second, 409, 'session_used');
    assert.equal(sandbox.operationCount(), 1);
  });

  test('an unknown session is 404', async (t) => {
    const sandbox = await start(t);
    const reply = await call(sandbox, 'POST', `${api}/operations`, {
      body: { sessionId: '7f1d0d7e-0000-4000-8000-000000000000', payerRequisites: PHONE },
    });
    assertJsonError(reply, 404, 'unknown_session');
  });

  test('payer requisite errors are 422 naming each one, and leave the session usable', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox, {
      paymentMethodTypeId: BANK_TRY_IN,
      amount: '50',
      currency: 'TRY',
    });
    const create = (payerRequisites: unknown) =>
      call(sandbox, 'POST', `${api}/operations`, { body: { sessionId: session.sessionId, payerRequisites } });

    const wrong = await create([
      { name: 'fullName', type: 'string', value: '   ' },
      { name: 'phone', type: 'string', value: '+905321234567' },
    ]);
    assertJsonError(wrong, 422, 'validation_failed');
    assert.deepEqual(wrong.body.error.fields, {
      'payerRequisites.phone': 'was not requested by the session',
      'payerRequisites.fullName': 'must not be empty',
      'payerRequisites.iban': 'is required',
    });

    const formats = await create([
      { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
      { name: 'iban', type: 'number', value: 'TR330006100519786457841326' },
    ]);
    assert.deepEqual(formats.body.error.fields, { 'payerRequisites.iban': 'type must be string' });
    const badIban = await create([
      { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
      { name: 'iban', type: 'string', value: '1234' },
    ]);
    assert.deepEqual(Object.keys(badIban.body.error.fields), ['payerRequisites.iban']);
    const twice = await create([
      { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
      { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
      { name: 'iban', type: 'string', value: 'TR330006100519786457841326' },
    ]);
    assert.deepEqual(twice.body.error.fields, { 'payerRequisites.fullName': 'given more than once' });
    assert.equal(sandbox.operationCount(), 0);

    const good = await create([
      { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
      { name: 'iban', type: 'string', value: 'TR330006100519786457841326' },
    ]);
    assert.equal(good.status, 200, good.text);
  });

  test('phone and card formats are checked', async (t) => {
    const sandbox = await start(t);
    for (const value of ['12345', 'call me', '+7 700 123 45 67']) {
      const { session } = await openSession(sandbox);
      const reply = await call(sandbox, 'POST', `${api}/operations`, {
        body: { sessionId: session.sessionId, payerRequisites: [{ name: 'phone', type: 'string', value }] },
      });
      assertJsonError(reply, 422, 'validation_failed');
      assert.deepEqual(Object.keys(reply.body.error.fields), ['payerRequisites.phone'], value);
    }
    const { session } = await openSession(sandbox, {
      paymentMethodTypeId: CARD_KZT_OUT,
      operationType: 'payout',
      amount: '1000',
    });
    const reply = await call(sandbox, 'POST', `${api}/operations`, {
      body: {
        sessionId: session.sessionId,
        payerRequisites: [{ name: 'cardNumber', type: 'string', value: '4400' }],
      },
    });
    assert.deepEqual(Object.keys(reply.body.error.fields), ['payerRequisites.cardNumber']);
  });

  test('shape errors in the create body are 400', async (t) => {
    const sandbox = await start(t);
    const empty = await call(sandbox, 'POST', `${api}/operations`, { body: {} });
    assertJsonError(empty, 400, 'invalid_request');
    assert.deepEqual(Object.keys(empty.body.error.fields).sort(), ['payerRequisites', 'sessionId']);
    const items = await call(sandbox, 'POST', `${api}/operations`, {
      body: { sessionId: 'x', payerRequisites: ['phone', { name: 'phone', type: 'string', value: 5 }] },
    });
    assertJsonError(items, 400, 'invalid_request');
    assert.deepEqual(Object.keys(items.body.error.fields).sort(), [
      'payerRequisites[0]',
      'payerRequisites[1].value',
    ]);
    const malformed = await call(sandbox, 'POST', `${api}/operations`, { raw: 'not json' });
    assertJsonError(malformed, 400, 'malformed_json');
  });
});

describe('retrieval and capture', () => {
  test('retrieval masks card, phone and account values', async (t) => {
    const sandbox = await start(t);
    const { operation: created } = await createOperation(
      sandbox,
      { paymentMethodTypeId: BANK_KZT_IN, amount: '5000' },
      [
        { name: 'fullName', type: 'string', value: 'Aigerim Sarsenova' },
        { name: 'cardNumber', type: 'string', value: '4400430298761234' },
      ],
    );
    assert.equal(created.payerDetails[1].value, '4400430298761234');
    assert.equal(created.paymentMethodRequisites[0].value, '4400430212345678');

    const reply = await call(sandbox, 'GET', opPath(1001, created.operationNumber));
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(Object.keys(reply.body.data), ['operation', 'parent']);
    assert.equal(reply.body.data.parent, null);
    const operation = reply.body.data.operation;
    assertOperationShape(operation);
    assert.deepEqual(
      operation.payerDetails.map((d: Json) => d.value),
      ['Aigerim Sarsenova', '**** **** **** 1234'],
    );
    assert.deepEqual(operation.paymentMethodRequisites, [
      { name: 'cardNumber', value: '**** **** **** 5678' },
      { name: 'recipientName', value: 'Training Recipient LLP' },
    ]);
    const { id, amount, settlementAmount, registeredAt, updatedAt, status } = created;
    assert.deepEqual(
      { id, amount, settlementAmount, registeredAt, updatedAt, status },
      {
        id: operation.id,
        amount: operation.amount,
        settlementAmount: operation.settlementAmount,
        registeredAt: operation.registeredAt,
        updatedAt: operation.updatedAt,
        status: operation.status,
      },
    );

    const { operation: cash } = await createOperation(sandbox);
    const cashBack = await call(sandbox, 'GET', opPath(1001, cash.operationNumber));
    assert.equal(cashBack.body.data.operation.payerDetails[0].value, '+*******4567');

    const { operation: iban } = await createOperation(
      sandbox,
      { paymentMethodTypeId: BANK_TRY_IN, amount: '50', currency: 'TRY' },
      [
        { name: 'fullName', type: 'string', value: 'Ayse Yilmaz' },
        { name: 'iban', type: 'string', value: 'TR330006100519786457841326' },
      ],
    );
    const ibanBack = await call(sandbox, 'GET', opPath(1001, iban.operationNumber));
    assert.equal(ibanBack.body.data.operation.payerDetails[1].value, 'TR********************1326');
  });

  test('operation numbers are one decoded path segment', async (t) => {
    const sandbox = await start(t);
    const operationNumber = `A/B ?#%-${nextNumber()}-ü`;
    await createOperation(sandbox, { operationNumber });
    const reply = await call(sandbox, 'GET', opPath(1001, operationNumber));
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.data.operation.operationNumber, operationNumber);
  });

  test('unknown operations are 404 and a bad shopId is 400', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    assertJsonError(await call(sandbox, 'GET', opPath(1001, 'no-such-number')), 404, 'unknown_operation');
    assertJsonError(
      await call(sandbox, 'GET', opPath(1002, operation.operationNumber)),
      404,
      'unknown_operation',
    );
    const bad = await call(sandbox, 'GET', `${api}/operations/shop/${operation.operationNumber}`);
    assertJsonError(bad, 400, 'invalid_request');
    assert.deepEqual(Object.keys(bad.body.error.fields), ['shopId']);
    // A session alone reserves a number but is no operation.
    const { request } = await openSession(sandbox);
    assertJsonError(
      await call(sandbox, 'GET', opPath(1001, request.operationNumber)),
      404,
      'unknown_operation',
    );
  });

  test('the capture route captures once, moves updatedAt and is idempotent', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    const first = await call(sandbox, 'POST', capturePath(1001, operation.operationNumber));
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.data.parent, null);
    const captured = first.body.data.operation;
    assertOperationShape(captured);
    assert.equal(captured.status, 'captured');
    assert.equal(captured.registeredAt, operation.registeredAt);
    assert.ok(Date.parse(captured.updatedAt) > Date.parse(operation.updatedAt));
    assert.equal(captured.payerDetails[0].value, '+*******4567');

    const again = await call(sandbox, 'POST', capturePath(1001, operation.operationNumber));
    assert.equal(again.body.data.operation.updatedAt, captured.updatedAt);
    const read = await call(sandbox, 'GET', opPath(1001, operation.operationNumber));
    assert.equal(read.body.data.operation.status, 'captured');
    assert.equal(read.body.data.operation.updatedAt, captured.updatedAt);

    assertJsonError(await call(sandbox, 'POST', capturePath(1001, 'nope')), 404, 'unknown_operation');
    assertJsonError(
      await call(sandbox, 'GET', capturePath(1001, operation.operationNumber)),
      405,
      'method_not_allowed',
    );
  });

  test('capture() and setStatus() act on the ledger directly', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    assert.equal(sandbox.capture(1001, 'unknown'), false);
    assert.equal(sandbox.setStatus(1001, 'unknown', 'cancelled'), false);

    assert.equal(sandbox.setStatus(1001, operation.operationNumber, 'refunded_partially'), true);
    const forced = (await call(sandbox, 'GET', opPath(1001, operation.operationNumber))).body.data.operation;
    assert.equal(forced.status, 'refunded_partially');
    assert.ok(Date.parse(forced.updatedAt) > Date.parse(operation.updatedAt));

    assert.equal(sandbox.capture(1001, operation.operationNumber), true);
    const captured = (await call(sandbox, 'GET', opPath(1001, operation.operationNumber))).body.data
      .operation;
    assert.equal(captured.status, 'captured');
    assert.ok(Date.parse(captured.updatedAt) > Date.parse(forced.updatedAt));
  });

  test('captureAfterSeconds captures pending operations by itself', async (t) => {
    const sandbox = await start(t, { captureAfterSeconds: 0.1 });
    const { operation } = await createOperation(sandbox);
    const { operation: forced } = await createOperation(sandbox);
    sandbox.setStatus(1001, forced.operationNumber, 'cancelled');
    assert.equal(operation.status, 'created');
    await sleep(400);
    const read = (await call(sandbox, 'GET', opPath(1001, operation.operationNumber))).body.data.operation;
    assert.equal(read.status, 'captured');
    assert.ok(Date.parse(read.updatedAt) > Date.parse(operation.updatedAt));
    const stillForced = (await call(sandbox, 'GET', opPath(1001, forced.operationNumber))).body.data
      .operation;
    assert.equal(stillForced.status, 'cancelled');
  });
});

describe('routing', () => {
  test('unknown paths are 404 and wrong methods 405, both JSON', async (t) => {
    const sandbox = await start(t);
    assertJsonError(await call(sandbox, 'GET', '/api/v1/agents/nothing'), 404, 'not_found');
    assertJsonError(await call(sandbox, 'GET', '/'), 404, 'not_found');
    const wrong = await call(sandbox, 'GET', `${api}/sessions`);
    assertJsonError(wrong, 405, 'method_not_allowed');
    assert.equal(wrong.headers.get('allow'), 'POST');
    assertJsonError(await call(sandbox, 'DELETE', opPath(1001, 'x')), 405, 'method_not_allowed');
  });

  test('a body over 1 MiB is refused with 413', async (t) => {
    const sandbox = await start(t);
    const reply = await call(sandbox, 'POST', `${api}/sessions`, { raw: `"${'x'.repeat(1024 * 1024)}"` });
    assertJsonError(reply, 413, 'payload_too_large');
  });

  test('requests() records every request, oldest first, by route', async (t) => {
    const sandbox = await start(t);
    await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`);
    await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payout`, {
      token: null,
    });
    await call(sandbox, 'POST', `${api}/sessions`, { body: sessionBody() });
    await call(sandbox, 'GET', '/elsewhere');
    const all = sandbox.requests();
    assert.deepEqual(
      all.map((r) => [r.route, r.method, r.path, r.faulted]),
      [
        ['listPaymentMethodTypes', 'GET', `${api}/payment-method-types`, false],
        ['listPaymentMethodTypes', 'GET', `${api}/payment-method-types`, false],
        ['openSession', 'POST', `${api}/sessions`, false],
        ['unknown', 'GET', '/elsewhere', false],
      ],
    );
    for (const record of all) assert.match(record.at, TIMESTAMP);
    assert.equal(sandbox.requests('listPaymentMethodTypes').length, 2);
    assert.equal(sandbox.requests('createOperation').length, 0);
    sandbox.resetRequests();
    assert.deepEqual(sandbox.requests(), []);
  });

  test('atArrival(read): read as each request arrives, before it is served, kept as its `seen`', async (t) => {
    const sandbox = await start(t);
    let arrivals = 0;
    sandbox.atArrival(() => {
      arrivals += 1;
      // What the ledger holds at arrival: the operation this request is about to create is not there yet.
      return { arrivals, operations: sandbox.operationCount() };
    });
    await createOperation(sandbox);
    // Faulted requests and unknown paths are read too.
    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 503 });
    await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`);
    await call(sandbox, 'GET', '/elsewhere');
    sandbox.atArrival(undefined);
    await call(sandbox, 'GET', '/elsewhere');
    assert.deepEqual(
      sandbox.requests().map((r) => [r.route, r.seen]),
      [
        ['openSession', { arrivals: 1, operations: 0 }],
        ['createOperation', { arrivals: 2, operations: 0 }],
        ['listPaymentMethodTypes', { arrivals: 3, operations: 1 }],
        ['unknown', { arrivals: 4, operations: 1 }],
        ['unknown', undefined],
      ],
    );
    assert.ok(!('seen' in sandbox.requests().at(-1)!), 'a record with no hook set has no `seen`');
  });

  test('latencyMs delays every reply', async (t) => {
    const sandbox = await start(t, { latencyMs: 120 });
    const started = performance.now();
    const reply = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`);
    assert.equal(reply.status, 200);
    assert.ok(performance.now() - started >= 110);
  });
});

describe('faults', () => {
  test('respond: a chosen status, headers and the standard body, without committing', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'respond', status: 503, headers: { 'Retry-After': '7' } });
    const body = { sessionId: session.sessionId, payerRequisites: PHONE };
    const reply = await call(sandbox, 'POST', `${api}/operations`, { body });
    assertJsonError(reply, 503, 'service_unavailable');
    assert.equal(reply.headers.get('retry-after'), '7');
    assert.equal(sandbox.operationCount(), 0);
    assert.deepEqual(
      sandbox.requests('createOperation').map((r) => r.faulted),
      [true],
    );
    assert.equal((await call(sandbox, 'POST', `${api}/operations`, { body })).status, 200);
    assert.equal(sandbox.operationCount(), 1);
  });

  test('respond: a string body is sent as raw text, an object as JSON', async (t) => {
    const sandbox = await start(t);
    const path = `${api}/payment-method-types?shopId=1001&operationType=payin`;
    sandbox.inject('listPaymentMethodTypes', {
      kind: 'respond',
      status: 502,
      body: '<html>Bad gateway</html>',
    });
    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 429, body: { custom: true } });
    const html = await call(sandbox, 'GET', path);
    assert.equal(html.status, 502);
    assert.equal(html.text, '<html>Bad gateway</html>');
    assert.match(html.headers.get('content-type') ?? '', /^text\/plain/);
    const custom = await call(sandbox, 'GET', path);
    assert.equal(custom.status, 429);
    assert.deepEqual(custom.body, { custom: true });
    assert.equal(custom.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  test('respond afterCommit: the state changes but the reply says otherwise', async (t) => {
    const sandbox = await start(t);
    const { session, request } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'respond', status: 500, afterCommit: true });
    const reply = await call(sandbox, 'POST', `${api}/operations`, {
      body: { sessionId: session.sessionId, payerRequisites: PHONE },
    });
    assertJsonError(reply, 500, 'internal_server_error');
    assert.equal(sandbox.operationCount(), 1);
    assert.equal((await call(sandbox, 'GET', opPath(1001, request.operationNumber))).status, 200);
  });

  test('hang: no reply until the client gives up; nothing is committed', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'hang' });
    const body = { sessionId: session.sessionId, payerRequisites: PHONE };
    await assert.rejects(
      call(sandbox, 'POST', `${api}/operations`, { body, signal: AbortSignal.timeout(150) }),
      (error: Error) => error.name === 'TimeoutError',
    );
    assert.equal(sandbox.operationCount(), 0);
  });

  test('hang afterCommit: committed, then silence', async (t) => {
    const sandbox = await start(t);
    const { session, request } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'hang', afterCommit: true });
    await assert.rejects(
      call(sandbox, 'POST', `${api}/operations`, {
        body: { sessionId: session.sessionId, payerRequisites: PHONE },
        signal: AbortSignal.timeout(150),
      }),
      (error: Error) => error.name === 'TimeoutError',
    );
    assert.equal(sandbox.operationCount(), 1);
    assert.equal((await call(sandbox, 'GET', opPath(1001, request.operationNumber))).status, 200);
  });

  test('reset: the connection drops with no reply and nothing is committed', async (t) => {
    const sandbox = await start(t);
    const { session } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'reset' });
    await assert.rejects(
      call(sandbox, 'POST', `${api}/operations`, {
        body: { sessionId: session.sessionId, payerRequisites: PHONE },
      }),
      (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNRESET',
    );
    assert.equal(sandbox.operationCount(), 0);
    assert.equal(sandbox.requests('createOperation').length, 1, 'the client did not silently retry');
  });

  test('COMMIT_THEN_DROP: the reply is lost but the operation exists', async (t) => {
    const sandbox = await start(t);
    const { session, request } = await openSession(sandbox);
    sandbox.inject('createOperation', COMMIT_THEN_DROP);
    const body = { sessionId: session.sessionId, payerRequisites: PHONE };
    await assert.rejects(call(sandbox, 'POST', `${api}/operations`, { body }), TypeError);
    assert.equal(sandbox.operationCount(), 1);
    const found = await call(sandbox, 'GET', opPath(1001, request.operationNumber));
    assert.equal(found.status, 200);
    assert.equal(found.body.data.operation.status, 'created');
    assertJsonError(await call(sandbox, 'POST', `${api}/operations`, { body }), 409, 'session_used');
    assert.equal(sandbox.operationCount(), 1);
  });

  test('delay: waits, then answers normally', async (t) => {
    const sandbox = await start(t);
    sandbox.inject('listPaymentMethodTypes', { kind: 'delay', ms: 150 });
    const started = performance.now();
    const reply = await call(sandbox, 'GET', `${api}/payment-method-types?shopId=1002&operationType=payin`);
    assert.ok(performance.now() - started >= 140);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.data[0].id, CASH_KZT_IN);
    assert.deepEqual(
      sandbox.requests().map((r) => r.faulted),
      [true],
    );
  });

  test('delay past the client timeout still commits, as a real server would', async (t) => {
    const sandbox = await start(t);
    const { session, request } = await openSession(sandbox);
    sandbox.inject('createOperation', { kind: 'delay', ms: 200 });
    await assert.rejects(
      call(sandbox, 'POST', `${api}/operations`, {
        body: { sessionId: session.sessionId, payerRequisites: PHONE },
        signal: AbortSignal.timeout(50),
      }),
      (error: Error) => error.name === 'TimeoutError',
    );
    await sleep(400);
    assert.equal(sandbox.operationCount(), 1);
    assert.equal((await call(sandbox, 'GET', opPath(1001, request.operationNumber))).status, 200);
  });

  test('mutate: the real reply, reshaped, sent as 200 JSON; the ledger is untouched', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    sandbox.inject('getOperation', {
      kind: 'mutate',
      mutate: (json) => {
        const reply = json as { data: { operation: Json; parent: unknown } };
        return {
          data: {
            operation: { ...reply.data.operation, id: 12345, status: 'on_hold', extra: 'x' },
            parent: { id: 'p-1' },
          },
          meta: { page: 1 },
        };
      },
    });
    const mutated = await call(sandbox, 'GET', opPath(1001, operation.operationNumber));
    assert.equal(mutated.status, 200);
    assert.equal(mutated.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(mutated.body.data.operation.id, 12345);
    assert.equal(mutated.body.data.operation.status, 'on_hold');
    assert.equal(mutated.body.data.operation.extra, 'x');
    assert.deepEqual(mutated.body.data.parent, { id: 'p-1' });
    assert.equal(mutated.body.data.operation.operationNumber, operation.operationNumber);

    const real = await call(sandbox, 'GET', opPath(1001, operation.operationNumber));
    assert.equal(real.body.data.operation.id, operation.id);
    assert.equal(real.body.data.operation.status, 'created');
  });

  test('faults are FIFO per route, each good for `times` requests', async (t) => {
    const sandbox = await start(t);
    const path = `${api}/payment-method-types?shopId=1001&operationType=payin`;
    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 500 }, 2);
    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 502 });
    sandbox.inject('getOperation', { kind: 'respond', status: 504 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(sandbox, 'GET', path)).status);
    assert.deepEqual(statuses, [500, 500, 502, 200]);
    assert.deepEqual(
      sandbox.requests('listPaymentMethodTypes').map((r) => r.faulted),
      [true, true, true, false],
    );
    assert.equal((await call(sandbox, 'GET', opPath(1001, 'x'))).status, 504);

    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 503 }, Number.POSITIVE_INFINITY);
    for (let i = 0; i < 3; i++) assert.equal((await call(sandbox, 'GET', path)).status, 503);
    sandbox.clearFaults();
    assert.equal((await call(sandbox, 'GET', path)).status, 200);

    assert.throws(() => sandbox.inject('capture', { kind: 'hang' }, 0), RangeError);
    assert.throws(() => sandbox.inject('capture', { kind: 'hang' }, 1.5), RangeError);
  });
});

describe('connectivity', () => {
  test('goOffline refuses connections and goOnline returns on the same port with state kept', async (t) => {
    const sandbox = await start(t);
    const { operation } = await createOperation(sandbox);
    sandbox.inject('getOperation', { kind: 'hang' });
    // The signal only bounds the test: a socket left open would end in TimeoutError, not TypeError.
    const hanging = call(sandbox, 'GET', opPath(1001, operation.operationNumber), {
      signal: AbortSignal.timeout(2_000),
    });

    await sleep(50);
    await sandbox.goOffline();
    await assert.rejects(hanging, TypeError, 'the hanging socket is destroyed');
    await assert.rejects(
      call(sandbox, 'GET', opPath(1001, operation.operationNumber)),
      (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
    );
    await sandbox.goOffline();

    await sandbox.goOnline();
    const back = await call(sandbox, 'GET', opPath(1001, operation.operationNumber));
    assert.equal(back.status, 200);
    assert.equal(back.body.data.operation.id, operation.id);
    assert.equal(sandbox.operationCount(), 1);
  });

  test('close() ends hanging requests at once, and twice is harmless', async () => {
    const sandbox = await startSandbox({ token: TOKEN });
    sandbox.inject('listPaymentMethodTypes', { kind: 'hang' });
    const hanging = call(sandbox, 'GET', `${api}/payment-method-types?shopId=1001&operationType=payin`, {
      signal: AbortSignal.timeout(2_000),
    });
    await sleep(50);
    const started = performance.now();
    await sandbox.close();
    await assert.rejects(hanging, TypeError);
    assert.ok(performance.now() - started < 1_000);
    await sandbox.close();
    await assert.rejects(sandbox.goOnline(), /closed/);
  });

  test('startSandbox refuses bad options', async () => {
    await assert.rejects(startSandbox({ token: '' }), TypeError);
    await assert.rejects(startSandbox({ token: TOKEN, sessionTtlSeconds: 0 }), RangeError);
    await assert.rejects(startSandbox({ token: TOKEN, port: 70_000 }), RangeError);
  });
});

describe('cli', () => {
  const cli = fileURLToPath(new URL('../../main/sandbox/cli.ts', import.meta.url));

  test('prints its URL, serves, and stops on SIGTERM', async (t) => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--token', 't0k'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    t.after(() => child.kill('SIGKILL'));
    const signal = AbortSignal.timeout(5_000);
    try {
      const [chunk] = (await once(child.stdout, 'data', { signal })) as [Buffer];
      const line = chunk.toString();
      const match =
        /^CashDesk sandbox gateway listening on (http:\/\/127\.0\.0\.1:\d+) \(token: t0k\)\n$/.exec(line);
      assert.ok(match, line);
      const reply = await fetch(`${match[1]}${api}/payment-method-types?shopId=1002&operationType=payin`, {
        headers: { 'Api-Access-Token': 't0k' },
      });
      assert.equal(reply.status, 200);
      assert.equal(((await reply.json()) as Json).data[0].id, CASH_KZT_IN);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit', { signal });
    assert.equal(code, 0);
  });

  test('rejects a bad argument with exit code 2', async (t) => {
    const child = spawn(process.execPath, [cli, '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    t.after(() => child.kill('SIGKILL'));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'exit', { signal: AbortSignal.timeout(5_000) });
    assert.equal(code, 2);
    assert.match(stderr, /--port/);
  });
});

describe('state file', () => {
  test('sessions, operations, statuses and used numbers survive a restart', async (t) => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'cashdesk-sandbox-')), 'state.json');
    const first = await startSandbox({ port: 0, token: TOKEN, stateFile });
    const { request, operation } = await createOperation(first, { paymentMethodTypeId: BANK_KZT_IN }, [
      { name: 'fullName', type: 'string', value: 'Aida Nurlanovna' },
      { name: 'cardNumber', type: 'string', value: '4400430012341234' },
    ]);
    const { request: open } = await openSession(first);
    first.capture(1001, request.operationNumber);
    await first.close();

    const second = await start(t, { stateFile });
    assert.equal(second.operationCount(), 1);
    const found = await call(second, 'GET', opPath(1001, request.operationNumber));
    assert.equal(found.status, 200);
    assert.equal(found.body.data.operation.id, operation.id);
    assert.equal(found.body.data.operation.status, 'captured');
    const reused = await call(second, 'POST', `${api}/sessions`, {
      body: sessionBody({ operationNumber: open.operationNumber }),
    });
    assert.equal(reused.status, 409);
    const next = await createOperation(second, { paymentMethodTypeId: BANK_KZT_IN }, [
      { name: 'fullName', type: 'string', value: 'Aida Nurlanovna' },
      { name: 'cardNumber', type: 'string', value: '4400430012341234' },
    ]);
    assert.equal(next.operation.id, operation.id + 1, 'integer ids continue after a restart');
  });
});

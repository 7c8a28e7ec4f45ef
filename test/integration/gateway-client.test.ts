// The gateway client over real HTTP: against the sandbox gateway for behaviour (endpoints, errors,
// retries, leniency, strictness, secrets), and against a raw echo server for the exact wire format.
// "Not retried" is always proven by counting the requests the server actually saw.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { inspect } from 'node:util';
import { multiply } from '../../common/money.ts';
import {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from '../../main/gateway/client.ts';
import { type Endpoint, GatewayError, type GatewayErrorKind } from '../../main/gateway/errors.ts';
import type { OpenSessionRequest, Session } from '../../main/gateway/schemas.ts';
import { DEFAULT_CATALOGUE, type MethodType } from '../../main/sandbox/catalogue.ts';
import {
  COMMIT_THEN_DROP,
  type Fault,
  type RouteName,
  type Sandbox,
  startSandbox,
} from '../../main/sandbox/server.ts';
import { testClock } from '../support/clock.ts';

type Json = Record<string, unknown>;
type PostEndpoint = 'openSession' | 'createOperation';

const TOKEN = `cashdesk-SECRET-${randomBytes(12).toString('hex')}`;
const SHOP = 1001;
const FAST_RETRY = { limit: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5_000 };
/** Short enough that a hang costs little, long enough that a loaded machine still answers in time. */
const HANG_TIMEOUT_MS = 300;

// ── The catalogue, picked by property so the tests do not depend on ids ─────────────────────────

function pickMethod(what: string, fits: (m: MethodType) => boolean): MethodType {
  const shop = DEFAULT_CATALOGUE.shops.find((s) => s.id === SHOP);
  const method = DEFAULT_CATALOGUE.methodTypes.find((m) => shop?.methodTypeIds.includes(m.id) && fits(m));
  if (!method) throw new Error(`the sandbox catalogue has no ${what} for shop ${SHOP}`);
  return method;
}
/** UUID operation ids and paymentMethodRequisites present. */
const UUID_METHOD = pickMethod('payin method with UUID ids and requisites', (m) =>
  Boolean(m.operationType === 'payin' && m.operationIds === 'uuid' && m.paymentMethodRequisites?.length),
);
/** Integer operation ids. */
const INTEGER_METHOD = pickMethod('method with integer ids', (m) => m.operationIds === 'integer');
/** paymentMethodRequisites absent from the sandbox's replies. */
const BARE_METHOD = pickMethod('method without paymentMethodRequisites', (m) => !m.paymentMethodRequisites);

const PAYER_VALUES: Record<string, string> = {
  fullName: 'Aliya Nurlanovna',
  phone: '+77011234567',
  cardNumber: '4400430212345678',
  iban: 'KZ86125KZT5004100100',
};

// ── Shared sandbox ────────────────────────────────────────────────────────────────────────────

let sandbox: Sandbox;
let sequence = 0;

before(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN });
});
after(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  sandbox.clearFaults();
  await sandbox.goOnline();
  sandbox.resetRequests();
});

function client(overrides: Partial<GatewayClientOptions> = {}): GatewayClient {
  return createGatewayClient({
    baseUrl: sandbox.url,
    token: TOKEN,
    timeoutMs: 5_000,
    retry: FAST_RETRY,
    ...overrides,
  });
}

const nextNumber = (prefix = 'T') => `${prefix}-${process.pid}-${++sequence}`;

function sessionRequest(method: MethodType, operationNumber = nextNumber()): OpenSessionRequest {
  return {
    paymentMethodTypeId: method.id,
    operationType: method.operationType,
    shopId: SHOP,
    operationNumber,
    payerId: 'payer-42',
    amount: method.minAmount,
    currency: method.currency,
  };
}

function requisitesFor(session: Session) {
  return session.payerRequisites.map((d) => ({
    name: d.name,
    type: d.type,
    value: PAYER_VALUES[d.name] ?? 'x',
  }));
}

async function openFor(gateway: GatewayClient, method: MethodType, operationNumber = nextNumber()) {
  const request = sessionRequest(method, operationNumber);
  const session = await gateway.openSession(request);
  return { request, session, operationNumber };
}

async function createFor(
  gateway: GatewayClient,
  method: MethodType = UUID_METHOD,
  operationNumber = nextNumber(),
) {
  const { request, session } = await openFor(gateway, method, operationNumber);
  const created = await gateway.createOperation({
    sessionId: session.sessionId,
    payerRequisites: requisitesFor(session),
  });
  return { request, session, created, operationNumber };
}

const count = (route: RouteName) => sandbox.requests(route).length;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or TIMED_OUT after `ms`; the timer is cleared so it never holds the process open. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Takes the sandbox offline and lets this process notice that its kept-alive sockets were closed.
 * A request sent in the same instant can still go out on such a stale socket and fail with "other
 * side closed" instead of ECONNREFUSED — rightly outcome-unknown for a POST, but not the case under test.
 */
async function goOffline(): Promise<void> {
  await sandbox.goOffline();
  await sleep(100);
}

type Expected = {
  kind: GatewayErrorKind;
  endpoint: Endpoint;
  status: number | undefined;
  outcomeUnknown?: boolean;
};

async function gatewayError(promise: Promise<unknown>, expected: Expected): Promise<GatewayError> {
  const error = await promise.then(
    (value) => assert.fail(`expected a GatewayError, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof GatewayError, `not a GatewayError: ${inspect(error)}`);
  assert.equal(error.kind, expected.kind, `kind (message: ${error.message})`);
  assert.equal(error.endpoint, expected.endpoint, 'endpoint');
  assert.equal(error.status, expected.status, 'status');
  if (expected.outcomeUnknown !== undefined)
    assert.equal(error.outcomeUnknown, expected.outcomeUnknown, 'outcomeUnknown');
  return error;
}

// ── Mutations of the sandbox's reply ────────────────────────────────────────────────────────

const asJson = (value: unknown) => value as Json;

function mutateBody(change: (body: Json) => unknown): Fault {
  return { kind: 'mutate', mutate: (json) => change(asJson(json)) ?? json };
}
function mutateData(change: (data: Json) => void): Fault {
  return mutateBody((body) => {
    change(asJson(body.data));
  });
}
function mutateOperation(change: (operation: Json) => void): Fault {
  return mutateData((data) => change(asJson(data.operation)));
}
function mutateFirstMethodType(change: (item: Json) => void): Fault {
  return mutateData((data) => change(asJson((data as unknown as Json[])[0])));
}

/** Runs `endpoint` once with a fresh session where needed, so faults on it apply to this call only. */
async function callEndpoint(
  gateway: GatewayClient,
  endpoint: Endpoint,
  prepared?: Prepared,
): Promise<unknown> {
  switch (endpoint) {
    case 'listPaymentMethodTypes':
      return gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' });
    case 'openSession':
      return gateway.openSession(sessionRequest(UUID_METHOD));
    case 'createOperation': {
      const { session } = prepared ?? (await prepare(endpoint));
      return gateway.createOperation({
        sessionId: session!.sessionId,
        payerRequisites: requisitesFor(session!),
      });
    }
    case 'getOperation': {
      const { operationNumber } = prepared ?? (await prepare(endpoint));
      return gateway.getOperation({ shopId: SHOP, operationNumber: operationNumber! });
    }
  }
}

type Prepared = { session?: Session; operationNumber?: string };

/** What an endpoint needs to exist before a fault is injected on its route. */
async function prepare(endpoint: Endpoint): Promise<Prepared> {
  const gateway = client();
  if (endpoint === 'createOperation') return { session: (await openFor(gateway, UUID_METHOD)).session };
  if (endpoint === 'getOperation') return { operationNumber: (await createFor(gateway)).operationNumber };
  return {};
}

const ALL_ENDPOINTS: Endpoint[] = [
  'listPaymentMethodTypes',
  'openSession',
  'createOperation',
  'getOperation',
];
const GET_ENDPOINTS = ['listPaymentMethodTypes', 'getOperation'] as const;
const POST_ENDPOINTS = ['openSession', 'createOperation'] as const;

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('every endpoint, happy path, data unwrapped', () => {
  for (const operationType of ['payin', 'payout'] as const) {
    test(`listPaymentMethodTypes(${operationType}) returns the shop's method types, unwrapped`, async () => {
      const types = await client().listPaymentMethodTypes({ shopId: SHOP, operationType });
      const expected = DEFAULT_CATALOGUE.methodTypes
        .filter((m) => m.operationType === operationType)
        .map(({ id, name, instrumentType, country, currency, minAmount, maxAmount }) => ({
          id,
          name,
          instrumentType,
          country,
          currency,
          minAmount,
          maxAmount,
        }));
      assert.ok(Array.isArray(types));
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      assert.deepEqual([...types].sort(byId), [...expected].sort(byId));
      assert.equal(count('listPaymentMethodTypes'), 1);
    });
  }

  test('openSession returns the session, unwrapped, with method requisites', async () => {
    const { session } = await openFor(client(), UUID_METHOD);
    assert.equal(typeof session.sessionId, 'string');
    assert.ok(session.sessionId.length > 0);
    assert.ok(Date.parse(session.expiredAt) > Date.now(), 'expires in the future');
    assert.deepEqual(
      session.payerRequisites,
      UUID_METHOD.payerRequisites.map(({ name, title, type }) => ({ name, title, type })),
    );
    assert.deepEqual(
      session.paymentMethodRequisites,
      UUID_METHOD.paymentMethodRequisites?.map(({ name, value }) => ({ name, value })),
    );
    assert.equal('data' in session, false);
  });

  test('openSession on a method whose sessions carry no paymentMethodRequisites returns []', async () => {
    const { session } = await openFor(client(), BARE_METHOD);
    assert.deepEqual(session.paymentMethodRequisites, []);
  });

  test('createOperation returns { operation, parent }, unwrapped, status created', async () => {
    const { created, request, operationNumber } = await createFor(client(), UUID_METHOD);
    assert.deepEqual(Object.keys(created).sort(), ['operation', 'parent']);
    assert.equal(created.parent, null);
    const op = created.operation;
    assert.equal(op.type, request.operationType);
    assert.equal(op.shopId, SHOP);
    assert.equal(op.operationNumber, operationNumber);
    assert.equal(op.payerId, request.payerId);
    assert.equal(op.amount, request.amount);
    assert.equal(op.currency, request.currency);
    assert.equal(op.status, 'created');
    assert.equal(op.isCorrection, false);
    assert.equal(op.settlementCurrency, DEFAULT_CATALOGUE.settlementCurrency);
    const rate = DEFAULT_CATALOGUE.settlementRates[request.currency];
    assert.ok(rate);
    assert.equal(op.settlementAmount, multiply(request.amount, rate));
    assert.equal(typeof op.id, 'string');
    assert.ok(op.id.length > 0);
    assert.deepEqual(
      op.payerDetails.map((d) => [d.name, d.value]),
      UUID_METHOD.payerRequisites.map((d) => [d.name, PAYER_VALUES[d.name]]),
    );
  });

  test('getOperation finds the created operation, unwrapped', async () => {
    const gateway = client();
    const { created, operationNumber } = await createFor(gateway, UUID_METHOD);
    const found = await gateway.getOperation({ shopId: SHOP, operationNumber });
    assert.deepEqual(Object.keys(found).sort(), ['operation', 'parent']);
    assert.equal(found.parent, null);
    assert.equal(found.operation.id, created.operation.id);
    assert.equal(found.operation.operationNumber, operationNumber);
    assert.equal(found.operation.status, 'created');
    assert.equal(found.operation.amount, created.operation.amount);
  });

  test('an integer operation id comes back as the same string from creation and retrieval', async () => {
    const gateway = client();
    const { created, operationNumber } = await createFor(gateway, INTEGER_METHOD);
    assert.equal(typeof created.operation.id, 'string');
    assert.match(created.operation.id, /^\d+$/);
    const found = await gateway.getOperation({ shopId: SHOP, operationNumber });
    assert.equal(found.operation.id, created.operation.id);
  });

  test('after capture, getOperation reads captured and updatedAt has changed', async () => {
    const gateway = client();
    const { created, operationNumber } = await createFor(gateway);
    assert.equal(sandbox.capture(SHOP, operationNumber), true);
    const found = await gateway.getOperation({ shopId: SHOP, operationNumber });
    assert.equal(found.operation.status, 'captured');
    assert.ok(Date.parse(found.operation.updatedAt) > Date.parse(created.operation.updatedAt));
  });

  const awkward = [
    'with space',
    'slash/inside',
    'hash#tag',
    'query?x=1&y=2',
    'percent%20kept',
    'plus+sign',
    'Ünïcødé-№5-日本',
    ' leading and trailing ',
    '..dots',
    'a/../b',
  ];
  for (const operationNumber of awkward) {
    test(`operationNumber ${JSON.stringify(operationNumber)} travels as ONE path segment and is found again`, async () => {
      const gateway = client();
      const unique = `${operationNumber}-${++sequence}`;
      await createFor(gateway, UUID_METHOD, unique);
      sandbox.resetRequests();
      const found = await gateway.getOperation({ shopId: SHOP, operationNumber: unique });
      assert.equal(found.operation.operationNumber, unique);
      const [seen] = sandbox.requests('getOperation');
      assert.ok(seen);
      const segments = seen.path.split('/');
      assert.deepEqual(segments.slice(0, 5), ['', 'api', 'v1', 'agents', 'operations']);
      assert.equal(segments.length, 7, `exactly shopId and one more segment: ${seen.path}`);
      assert.equal(segments[5], String(SHOP));
      assert.equal(decodeURIComponent(segments[6] ?? ''), unique);
    });
  }

  test('operation numbers "." and ".." are refused before any request (a URL would resolve them away)', async () => {
    for (const operationNumber of ['.', '..']) {
      await gatewayError(client().getOperation({ shopId: SHOP, operationNumber }), {
        kind: 'rejected',
        endpoint: 'getOperation',
        status: undefined,
      });
    }
    assert.equal(sandbox.requests().length, 0);
  });
});

// ════════════════════════════════════════════════════════════════════════════════════════════════

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A raw node:http server that records every request and answers with a canned valid reply. */
async function startEcho(
  answer?: (r: Recorded, index: number) => { status: number; body: unknown } | undefined,
) {
  const recorded: Recorded[] = [];
  const sessionData = {
    sessionId: 's-1',
    expiredAt: '2030-01-01T00:00:00+00:00',
    payerRequisites: [{ name: 'phone', title: 'Phone number', type: 'string' }],
  };
  const operationData = {
    operation: {
      type: 'payin',
      id: 1,
      shopId: SHOP,
      operationNumber: 'n',
      payerId: 'p',
      amount: '500',
      currency: 'KZT',
      settlementAmount: '1.05',
      settlementCurrency: 'USD',
      registeredAt: '2030-01-01T00:00:00+00:00',
      updatedAt: '2030-01-01T00:00:00+00:00',
      status: 'created',
      isCorrection: false,
      payerDetails: [],
    },
    parent: null,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      recorded.push(r);
      const custom = answer?.(r, recorded.length - 1);
      const path = r.url.split('?')[0] ?? '';
      const data = path.endsWith('/payment-method-types')
        ? []
        : path.endsWith('/sessions')
          ? sessionData
          : operationData;
      const reply = custom ?? { status: 200, body: { data } };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorded,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const mediaType = (value: string | undefined) => value?.split(';')[0]?.trim().toLowerCase();

describe('wire format, as a raw server sees it', () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let gateway: GatewayClient;
  before(async () => {
    echo = await startEcho();
    gateway = createGatewayClient({ baseUrl: echo.url, token: TOKEN, retry: FAST_RETRY });
  });
  after(() => echo.close());
  beforeEach(() => {
    echo.recorded.length = 0;
  });

  function only(): Recorded {
    assert.equal(echo.recorded.length, 1, 'exactly one request');
    return echo.recorded[0]!;
  }

  function assertCommonHeaders(r: Recorded) {
    assert.equal(r.headers.accept, 'application/json');
    assert.equal(r.headers['api-access-token'], TOKEN);
  }

  test('listPaymentMethodTypes: GET /api/v1/agents/payment-method-types?shopId=&operationType=', async () => {
    await gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payout' });
    const r = only();
    assert.equal(r.method, 'GET');
    const url = new URL(r.url, 'http://x');
    assert.equal(url.pathname, '/api/v1/agents/payment-method-types');
    assert.deepEqual([...url.searchParams.entries()].sort(), [
      ['operationType', 'payout'],
      ['shopId', String(SHOP)],
    ]);
    assertCommonHeaders(r);
    assert.equal(r.headers['content-type'], undefined, 'no Content-Type without a body');
    assert.equal(r.body, '');
  });

  test('openSession: POST /api/v1/agents/sessions with exactly the spec body', async () => {
    const request = sessionRequest(UUID_METHOD, 'N-1');
    await gateway.openSession(request);
    const r = only();
    assert.equal(r.method, 'POST');
    assert.equal(r.url, '/api/v1/agents/sessions');
    assertCommonHeaders(r);
    assert.equal(mediaType(r.headers['content-type']), 'application/json');
    const body = JSON.parse(r.body) as Json;
    assert.deepEqual(body, {
      paymentMethodTypeId: UUID_METHOD.id,
      operationType: UUID_METHOD.operationType,
      shopId: SHOP,
      operationNumber: 'N-1',
      payerId: 'payer-42',
      amount: UUID_METHOD.minAmount,
      currency: UUID_METHOD.currency,
    });
    assert.equal(typeof body.shopId, 'number');
    assert.equal(typeof body.amount, 'string');
  });

  test('createOperation: POST /api/v1/agents/operations with exactly the spec body', async () => {
    const payerRequisites = [
      { name: 'fullName', type: 'string', value: 'Aliya' },
      { name: 'phone', type: 'string', value: '+77011234567' },
    ];
    await gateway.createOperation({ sessionId: 'sess-1', payerRequisites });
    const r = only();
    assert.equal(r.method, 'POST');
    assert.equal(r.url, '/api/v1/agents/operations');
    assertCommonHeaders(r);
    assert.equal(mediaType(r.headers['content-type']), 'application/json');
    assert.deepEqual(JSON.parse(r.body), { sessionId: 'sess-1', payerRequisites });
  });

  test('getOperation: GET /api/v1/agents/operations/{shopId}/{operationNumber}, number percent-encoded', async () => {
    const operationNumber = 'A B/C#D?E%F€';
    await gateway.getOperation({ shopId: SHOP, operationNumber });
    const r = only();
    assert.equal(r.method, 'GET');
    assert.equal(r.url, `/api/v1/agents/operations/${SHOP}/${encodeURIComponent(operationNumber)}`);
    assertCommonHeaders(r);
    assert.equal(r.headers['content-type'], undefined);
    assert.equal(r.body, '');
  });

  test('a base URL with a path and a trailing slash keeps its path and gains no double slash', async () => {
    const prefixed = createGatewayClient({ baseUrl: `${echo.url}/gw/`, token: TOKEN });
    await prefixed.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' });
    assert.equal(new URL(only().url, 'http://x').pathname, '/gw/api/v1/agents/payment-method-types');
  });

  test('a retried GET carries the same headers on every attempt', async () => {
    const flaky = await startEcho((_, index) =>
      index === 0 ? { status: 503, body: { error: 'busy' } } : undefined,
    );
    try {
      const retrying = createGatewayClient({ baseUrl: flaky.url, token: TOKEN, retry: FAST_RETRY });
      await retrying.getOperation({ shopId: SHOP, operationNumber: 'n' });
      assert.equal(flaky.recorded.length, 2);
      for (const r of flaky.recorded) assertCommonHeaders(r);
    } finally {
      await flaky.close();
    }
  });
});

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('errors: every kind, with status and endpoint', () => {
  const wrongToken = () =>
    createGatewayClient({ baseUrl: sandbox.url, token: 'not-the-token', retry: FAST_RETRY });

  for (const endpoint of ALL_ENDPOINTS) {
    test(`unauthorized: a wrong token gets the sandbox's 401 on ${endpoint}`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.resetRequests();
      await gatewayError(callEndpoint(wrongToken(), endpoint, prepared), {
        kind: 'unauthorized',
        endpoint,
        status: 401,
        outcomeUnknown: false,
      });
    });
  }

  test('unauthorized: 403 too', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, { kind: 'respond', status: 403 });
      await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'unauthorized',
        endpoint,
        status: 403,
        outcomeUnknown: false,
      });
    }
  });

  test('not_found: an unknown operation is a 404', async () => {
    await gatewayError(client().getOperation({ shopId: SHOP, operationNumber: nextNumber('missing') }), {
      kind: 'not_found',
      endpoint: 'getOperation',
      status: 404,
    });
    assert.equal(count('getOperation'), 1, 'a 404 is not retried');
  });

  test('not_found: an unknown shop is a 404', async () => {
    await gatewayError(client().listPaymentMethodTypes({ shopId: 999_999, operationType: 'payin' }), {
      kind: 'not_found',
      endpoint: 'listPaymentMethodTypes',
      status: 404,
    });
  });

  test('rejected: the sandbox refuses an amount above the maximum (422), and the body is kept', async () => {
    const request = { ...sessionRequest(UUID_METHOD), amount: '999999999' };
    const error = await gatewayError(client().openSession(request), {
      kind: 'rejected',
      endpoint: 'openSession',
      status: 422,
      outcomeUnknown: false,
    });
    const body = asJson(error.body);
    assert.ok(body.error, 'the JSON body is kept, parsed');
    assert.ok(asJson(asJson(body.error).fields).amount, 'the refused field is named in the kept body');
  });

  test('rejected: a scripted 422 keeps exactly the gateway body', async () => {
    const gatewayBody = {
      code: 'LIMIT',
      message: 'Amount exceeds the daily limit',
      details: [{ field: 'amount' }],
    };
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, { kind: 'respond', status: 422, body: gatewayBody });
      const error = await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'rejected',
        endpoint,
        status: 422,
      });
      assert.deepEqual(error.body, gatewayBody);
      assert.match(error.message, /daily limit/, 'the gateway message is surfaced');
    }
  });

  test('rejected: other 4xx (400 validation, 409 duplicate number)', async () => {
    const gateway = client();
    await gatewayError(gateway.openSession({ ...sessionRequest(UUID_METHOD), operationNumber: '..' }), {
      kind: 'rejected',
      endpoint: 'openSession',
      status: 400,
      outcomeUnknown: false,
    });
    const { operationNumber } = await openFor(gateway, UUID_METHOD);
    const duplicate = await gatewayError(gateway.openSession(sessionRequest(UUID_METHOD, operationNumber)), {
      kind: 'rejected',
      endpoint: 'openSession',
      status: 409,
      outcomeUnknown: false,
    });
    assert.ok(duplicate.body);
  });

  test('rate_limited: a GET gives up after its retries', async () => {
    for (const endpoint of GET_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.resetRequests();
      sandbox.inject(endpoint, { kind: 'respond', status: 429 }, Number.POSITIVE_INFINITY);
      await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'rate_limited',
        endpoint,
        status: 429,
      });
      assert.equal(count(endpoint), FAST_RETRY.limit + 1);
      sandbox.clearFaults();
    }
  });

  test('rate_limited: a POST fails at once, after exactly one request', async () => {
    for (const endpoint of POST_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.resetRequests();
      sandbox.inject(endpoint, { kind: 'respond', status: 429, headers: { 'Retry-After': '0' } }, 5);
      await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'rate_limited',
        endpoint,
        status: 429,
        outcomeUnknown: false,
      });
      assert.equal(count(endpoint), 1);
      sandbox.clearFaults();
    }
  });

  for (const status of [500, 502, 503, 504]) {
    test(`server: ${status} on every endpoint`, async () => {
      for (const endpoint of ALL_ENDPOINTS) {
        const prepared = await prepare(endpoint);
        sandbox.inject(endpoint, { kind: 'respond', status }, Number.POSITIVE_INFINITY);
        await gatewayError(callEndpoint(client(), endpoint, prepared), { kind: 'server', endpoint, status });
        sandbox.clearFaults();
      }
    });
  }

  test('server: an HTML error page is still a server error, its text kept', async () => {
    sandbox.inject('getOperation', { kind: 'respond', status: 502, body: '<html>Bad Gateway</html>' }, 10);
    const error = await gatewayError(callEndpoint(client(), 'getOperation'), {
      kind: 'server',
      endpoint: 'getOperation',
      status: 502,
    });
    assert.equal(error.body, '<html>Bad Gateway</html>');
  });

  test('timeout: a hanging gateway times out on every endpoint', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, { kind: 'hang' }, Number.POSITIVE_INFINITY);
      const gateway = client({ timeoutMs: HANG_TIMEOUT_MS, retry: { ...FAST_RETRY, limit: 0 } });
      await gatewayError(callEndpoint(gateway, endpoint, prepared), {
        kind: 'timeout',
        endpoint,
        status: undefined,
      });
      sandbox.clearFaults();
    }
  });

  for (const endpoint of ['getOperation', 'createOperation'] as const) {
    test(`timeout: ${endpoint} whose reply headers arrive but whose body stalls`, {
      timeout: 20_000,
    }, async () => {
      // timeoutMs bounds the whole call, not just the wait for headers: a half-sent body must not hang the desk.
      const server = createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write('{"data":{"operation":');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const gateway = createGatewayClient({
          baseUrl: `http://127.0.0.1:${port}`,
          token: TOKEN,
          timeoutMs: HANG_TIMEOUT_MS,
          retry: { ...FAST_RETRY, limit: 0 },
        });
        const call =
          endpoint === 'getOperation'
            ? gateway.getOperation({ shopId: SHOP, operationNumber: 'n' })
            : gateway.createOperation({ sessionId: 's', payerRequisites: [] });
        const outcome = await within(
          call.then(
            () => 'resolved',
            (e: unknown) => e,
          ),
          3_000,
        );
        assert.notEqual(outcome, TIMED_OUT, `still waiting 3 s after a ${HANG_TIMEOUT_MS} ms timeout`);
        assert.ok(outcome instanceof GatewayError, String(outcome));
        assert.equal(outcome.kind, 'timeout');
        assert.equal(outcome.endpoint, endpoint);
        if (endpoint === 'createOperation') assert.equal(outcome.outcomeUnknown, true);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  }

  test('unreachable: the gateway offline (ECONNREFUSED) on every endpoint', async () => {
    const prepared = new Map<Endpoint, Prepared>();
    for (const endpoint of ALL_ENDPOINTS) prepared.set(endpoint, await prepare(endpoint));
    await goOffline();
    for (const endpoint of ALL_ENDPOINTS) {
      const error = await gatewayError(callEndpoint(client(), endpoint, prepared.get(endpoint)), {
        kind: 'unreachable',
        endpoint,
        status: undefined,
      });
      assert.equal(error.code, 'ECONNREFUSED');
    }
  });

  test('unreachable: a closed port', async () => {
    const port = await closedPort();
    const gateway = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      retry: FAST_RETRY,
    });
    for (const endpoint of ALL_ENDPOINTS) {
      const call =
        endpoint === 'createOperation'
          ? gateway.createOperation({ sessionId: 's', payerRequisites: [] })
          : endpoint === 'getOperation'
            ? gateway.getOperation({ shopId: SHOP, operationNumber: 'n' })
            : callEndpoint(gateway, endpoint);
      const error = await gatewayError(call, { kind: 'unreachable', endpoint, status: undefined });
      assert.equal(error.code, 'ECONNREFUSED');
    }
  });

  test('unreachable: a host that does not resolve', async () => {
    const gateway = createGatewayClient({
      baseUrl: 'http://cashdesk-gateway.invalid',
      token: TOKEN,
      timeoutMs: 10_000,
      retry: { ...FAST_RETRY, limit: 0 },
    });
    const error = await gatewayError(gateway.openSession(sessionRequest(UUID_METHOD)), {
      kind: 'unreachable',
      endpoint: 'openSession',
      status: undefined,
      outcomeUnknown: false,
    });
    assert.ok(['ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? ''), `code ${error.code}`);
  });

  test('unreachable: a connection reset before the reply', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, { kind: 'reset' }, Number.POSITIVE_INFINITY);
      await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'unreachable',
        endpoint,
        status: undefined,
      });
      sandbox.clearFaults();
    }
  });

  test('invalid_response: a 200 whose body is not JSON', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, { kind: 'respond', status: 200, body: 'Service OK' });
      const error = await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'invalid_response',
        endpoint,
        status: 200,
      });
      assert.equal(error.body, 'Service OK');
    }
  });

  test('invalid_response: a 200 without the data envelope', async () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateBody((body) => body.data),
      );
      const error = await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'invalid_response',
        endpoint,
        status: 200,
      });
      assert.ok(error.issues.length > 0);
    }
  });

  test('invalid_response: a 200 that does not match the schema keeps the issues', async () => {
    sandbox.inject(
      'getOperation',
      mutateOperation((op) => {
        op.amount = 1500;
      }),
    );
    const error = await gatewayError(callEndpoint(client(), 'getOperation'), {
      kind: 'invalid_response',
      endpoint: 'getOperation',
      status: 200,
    });
    assert.ok(
      error.issues.some(
        (i) => i.path === 'data.operation.amount' && typeof i.message === 'string' && i.message,
      ),
      JSON.stringify(error.issues),
    );
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ════════════════════════════════════════════════════════════════════════════════════════════════

type PostCase = {
  name: string;
  /** Sets the failure up; the sandbox is online unless this takes it offline. */
  arrange: (endpoint: PostEndpoint) => Promise<void> | void;
  kind: GatewayErrorKind;
  status: number | undefined;
  outcomeUnknown: boolean;
  /** Requests the sandbox saw: 1 for all but a gateway that is not listening. */
  seen: number;
  timeoutMs?: number;
};

const POST_CASES: PostCase[] = [
  {
    name: 'a hang (timeout)',
    arrange: (e) => sandbox.inject(e, { kind: 'hang' }, 5),
    kind: 'timeout',
    status: undefined,
    outcomeUnknown: true,
    seen: 1,
    timeoutMs: HANG_TIMEOUT_MS,
  },
  {
    name: 'a hang after commit (timeout)',
    arrange: (e) => sandbox.inject(e, { kind: 'hang', afterCommit: true }, 5),
    kind: 'timeout',
    status: undefined,
    outcomeUnknown: true,
    seen: 1,
    timeoutMs: HANG_TIMEOUT_MS,
  },
  {
    name: 'a reset before the reply',
    arrange: (e) => sandbox.inject(e, { kind: 'reset' }, 5),
    kind: 'unreachable',
    status: undefined,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'commit then drop',
    arrange: (e) => sandbox.inject(e, COMMIT_THEN_DROP, 5),
    kind: 'unreachable',
    status: undefined,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 500',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 500 }, 5),
    kind: 'server',
    status: 500,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 503 with Retry-After',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 503, headers: { 'Retry-After': '0' } }, 5),
    kind: 'server',
    status: 503,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 500 after commit',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 500, afterCommit: true }, 5),
    kind: 'server',
    status: 500,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 200 that is not JSON',
    arrange: (e) =>
      sandbox.inject(e, { kind: 'respond', status: 200, body: '<html>ok</html>', afterCommit: true }, 5),
    kind: 'invalid_response',
    status: 200,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 200 that does not match the schema',
    arrange: (e) =>
      sandbox.inject(
        e,
        mutateBody((body) => ({ data: { unexpected: body } })),
        5,
      ),
    kind: 'invalid_response',
    status: 200,
    outcomeUnknown: true,
    seen: 1,
  },
  {
    name: 'a 408',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 408 }, 5),
    kind: 'timeout',
    status: 408,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 429',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 429, headers: { 'Retry-After': '0' } }, 5),
    kind: 'rate_limited',
    status: 429,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 400',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 400 }, 5),
    kind: 'rejected',
    status: 400,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 422',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 422 }, 5),
    kind: 'rejected',
    status: 422,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 404',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 404 }, 5),
    kind: 'not_found',
    status: 404,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 403',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 403 }, 5),
    kind: 'unauthorized',
    status: 403,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'a 401',
    arrange: (e) => sandbox.inject(e, { kind: 'respond', status: 401 }, 5),
    kind: 'unauthorized',
    status: 401,
    outcomeUnknown: false,
    seen: 1,
  },
  {
    name: 'connection refused (gateway offline)',
    arrange: () => goOffline(),
    kind: 'unreachable',
    status: undefined,
    outcomeUnknown: false,
    seen: 0,
  },
];

describe('POST: never retried, outcomeUnknown exactly when the request may have reached the gateway', () => {
  for (const endpoint of POST_ENDPOINTS) {
    for (const c of POST_CASES) {
      test(`${endpoint}: ${c.name} → ${c.kind}, outcomeUnknown ${c.outcomeUnknown}, ${c.seen} request(s)`, async () => {
        const prepared = await prepare(endpoint);
        sandbox.resetRequests();
        await c.arrange(endpoint);
        // A generous retry budget: if POSTs were retried at all, the count would show it.
        const gateway = client({ timeoutMs: c.timeoutMs ?? 5_000, retry: { ...FAST_RETRY, limit: 4 } });
        await gatewayError(callEndpoint(gateway, endpoint, prepared), {
          kind: c.kind,
          endpoint,
          status: c.status,
          outcomeUnknown: c.outcomeUnknown,
        });
        assert.equal(count(endpoint), c.seen, 'requests the sandbox saw');
      });
    }
  }

  test('connection refused on a port nothing ever listened on: outcomeUnknown false on both POSTs', async () => {
    const port = await closedPort();
    const gateway = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      retry: { ...FAST_RETRY, limit: 4 },
    });
    await gatewayError(gateway.openSession(sessionRequest(UUID_METHOD)), {
      kind: 'unreachable',
      endpoint: 'openSession',
      status: undefined,
      outcomeUnknown: false,
    });
    await gatewayError(gateway.createOperation({ sessionId: 's', payerRequisites: [] }), {
      kind: 'unreachable',
      endpoint: 'createOperation',
      status: undefined,
      outcomeUnknown: false,
    });
  });

  test('unauthorized by the real sandbox (401, wrong token): outcomeUnknown false on both POSTs', async () => {
    const wrong = client({ token: `${TOKEN}-wrong` });
    for (const endpoint of POST_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      await gatewayError(callEndpoint(wrong, endpoint, prepared), {
        kind: 'unauthorized',
        endpoint,
        status: 401,
        outcomeUnknown: false,
      });
    }
  });

  test('commit then drop on createOperation: exactly one operation exists, and getOperation finds it', async () => {
    const gateway = client();
    const { session, operationNumber } = await openFor(gateway, UUID_METHOD);
    const before = sandbox.operationCount();
    sandbox.resetRequests();
    sandbox.inject('createOperation', COMMIT_THEN_DROP, 5);
    await gatewayError(
      gateway.createOperation({ sessionId: session.sessionId, payerRequisites: requisitesFor(session) }),
      { kind: 'unreachable', endpoint: 'createOperation', status: undefined, outcomeUnknown: true },
    );
    assert.equal(count('createOperation'), 1);
    assert.equal(sandbox.operationCount() - before, 1, 'the operation was committed once');
    const found = await gateway.getOperation({ shopId: SHOP, operationNumber });
    assert.equal(found.operation.operationNumber, operationNumber);
    assert.equal(found.operation.status, 'created');
    assert.equal(sandbox.operationCount() - before, 1, 'and still exactly once');
  });

  test('a reset before commit on createOperation: nothing was created, and getOperation says not_found', async () => {
    const gateway = client();
    const { session, operationNumber } = await openFor(gateway, UUID_METHOD);
    const before = sandbox.operationCount();
    sandbox.inject('createOperation', { kind: 'reset' }, 5);
    await gatewayError(
      gateway.createOperation({ sessionId: session.sessionId, payerRequisites: requisitesFor(session) }),
      { kind: 'unreachable', endpoint: 'createOperation', status: undefined, outcomeUnknown: true },
    );
    assert.equal(sandbox.operationCount(), before);
    await gatewayError(gateway.getOperation({ shopId: SHOP, operationNumber }), {
      kind: 'not_found',
      endpoint: 'getOperation',
      status: 404,
    });
  });

  test('commit then drop on openSession: the session exists (its number is now taken)', async () => {
    const gateway = client();
    const request = sessionRequest(UUID_METHOD);
    sandbox.inject('openSession', COMMIT_THEN_DROP, 5);
    await gatewayError(gateway.openSession(request), {
      kind: 'unreachable',
      endpoint: 'openSession',
      status: undefined,
      outcomeUnknown: true,
    });
    assert.equal(count('openSession'), 1);
    sandbox.clearFaults();
    await gatewayError(gateway.openSession(request), {
      kind: 'rejected',
      endpoint: 'openSession',
      status: 409,
      outcomeUnknown: false,
    });
  });
});

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('GET retries', () => {
  const transient: [string, Fault][] = [
    ['408', { kind: 'respond', status: 408 }],
    ['429', { kind: 'respond', status: 429 }],
    ['500', { kind: 'respond', status: 500 }],
    ['502', { kind: 'respond', status: 502 }],
    ['503', { kind: 'respond', status: 503 }],
    ['504', { kind: 'respond', status: 504 }],
    ['a connection reset', { kind: 'reset' }],
    ['a hang (timeout)', { kind: 'hang' }],
  ];
  for (const endpoint of GET_ENDPOINTS) {
    for (const [name, fault] of transient) {
      test(`${endpoint} retries after ${name} and then succeeds`, async () => {
        const prepared = await prepare(endpoint);
        sandbox.resetRequests();
        sandbox.inject(endpoint, fault, 2);
        const gateway = client({ timeoutMs: fault.kind === 'hang' ? HANG_TIMEOUT_MS : 5_000 });
        const result = await callEndpoint(gateway, endpoint, prepared);
        assert.ok(result);
        assert.equal(count(endpoint), 3, 'two failures, then the success');
        assert.deepEqual(
          sandbox.requests(endpoint).map((r) => r.faulted),
          [true, true, false],
        );
      });
    }
  }

  const exhausting: [string, Fault, GatewayErrorKind, number | undefined][] = [
    ['503', { kind: 'respond', status: 503 }, 'server', 503],
    ['429', { kind: 'respond', status: 429 }, 'rate_limited', 429],
    ['408', { kind: 'respond', status: 408 }, 'timeout', 408],
    ['a connection reset', { kind: 'reset' }, 'unreachable', undefined],
    ['a hang', { kind: 'hang' }, 'timeout', undefined],
  ];
  for (const [name, fault, kind, status] of exhausting) {
    for (const limit of [0, 2]) {
      test(`getOperation gives up on ${name} after limit=${limit} retries (${limit + 1} requests)`, async () => {
        const prepared = await prepare('getOperation');
        sandbox.resetRequests();
        sandbox.inject('getOperation', fault, Number.POSITIVE_INFINITY);
        const gateway = client({
          timeoutMs: fault.kind === 'hang' ? HANG_TIMEOUT_MS : 5_000,
          retry: { ...FAST_RETRY, limit },
        });
        await gatewayError(callEndpoint(gateway, 'getOperation', prepared), {
          kind,
          endpoint: 'getOperation',
          status,
        });
        assert.equal(count('getOperation'), limit + 1);
      });
    }
  }

  // The spec says "5xx", not a list: gateways behind a CDN or proxy answer 507, 520-524 for transient faults.
  for (const status of [507, 522, 524]) {
    test(`a GET retries on any 5xx, here ${status}, and then succeeds`, async () => {
      const prepared = await prepare('getOperation');
      sandbox.resetRequests();
      sandbox.inject('getOperation', { kind: 'respond', status });
      await callEndpoint(client(), 'getOperation', prepared);
      assert.equal(count('getOperation'), 2);
    });
  }

  test('listPaymentMethodTypes gives up after limit retries too', async () => {
    sandbox.inject('listPaymentMethodTypes', { kind: 'respond', status: 500 }, Number.POSITIVE_INFINITY);
    await gatewayError(callEndpoint(client(), 'listPaymentMethodTypes'), {
      kind: 'server',
      endpoint: 'listPaymentMethodTypes',
      status: 500,
    });
    assert.equal(count('listPaymentMethodTypes'), FAST_RETRY.limit + 1);
  });

  for (const status of [400, 401, 403, 404, 409, 422]) {
    test(`a GET is not retried on ${status}`, async () => {
      const prepared = await prepare('getOperation');
      sandbox.resetRequests();
      sandbox.inject('getOperation', { kind: 'respond', status }, Number.POSITIVE_INFINITY);
      await gatewayError(callEndpoint(client(), 'getOperation', prepared), {
        kind: status === 401 || status === 403 ? 'unauthorized' : status === 404 ? 'not_found' : 'rejected',
        endpoint: 'getOperation',
        status,
      });
      assert.equal(count('getOperation'), 1);
    });
  }

  test('429 with Retry-After: 1 waits a second of the clock before the retry', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject('getOperation', { kind: 'respond', status: 429, headers: { 'Retry-After': '1' } });
    const { clock, waits } = recordingClock();
    const call = callEndpoint(client({ clock }), 'getOperation', prepared);
    await until(() => waits.length === 1);
    // The back-off alone would be at most maxDelayMs (20 ms); only Retry-After explains a second.
    assert.deepEqual(waits, [1_000]);
    clock.advance(999);
    await sleep(50);
    assert.equal(count('getOperation'), 1, 'retried before the second was up');
    clock.advance(1);
    await call;
    assert.equal(count('getOperation'), 2);
  });

  test('503 with Retry-After: 1 waits a second too', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject('getOperation', { kind: 'respond', status: 503, headers: { 'Retry-After': '1' } });
    const { clock, waits } = recordingClock();
    const call = callEndpoint(client({ clock }), 'getOperation', prepared);
    await until(() => waits.length === 1);
    assert.deepEqual(waits, [1_000]);
    clock.advance(1_000);
    await call;
    assert.equal(count('getOperation'), 2);
  });

  test('Retry-After as an HTTP date waits until then by the clock', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    const { clock, waits } = recordingClock();
    const at = Math.ceil(clock.now() / 1_000) * 1_000 + 7_000;
    const header = new Date(at).toUTCString();
    sandbox.inject('getOperation', { kind: 'respond', status: 429, headers: { 'Retry-After': header } });
    const gateway = client({ clock, retry: { ...FAST_RETRY, maxRetryAfterMs: 60_000 } });
    const call = callEndpoint(gateway, 'getOperation', prepared);
    await until(() => waits.length === 1);
    assert.deepEqual(waits, [at - clock.now()]);
    clock.set(at);
    await call;
    assert.equal(count('getOperation'), 2);
  });

  test('a long Retry-After is clamped to maxRetryAfterMs, and the retry still happens', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject('getOperation', { kind: 'respond', status: 429, headers: { 'Retry-After': '30' } });
    const { clock, waits } = recordingClock();
    const gateway = client({ clock, retry: { ...FAST_RETRY, maxRetryAfterMs: 200 } });
    const call = callEndpoint(gateway, 'getOperation', prepared);
    await until(() => waits.length === 1);
    assert.deepEqual(waits, [200]);
    clock.advance(200);
    await call;
    assert.equal(count('getOperation'), 2);
  });

  test('the back-off is capped by maxDelayMs', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject('getOperation', { kind: 'respond', status: 500 }, 3);
    const { clock, waits } = recordingClock();
    // Uncapped, three jittered retries would wait up to 10 + 20 + 40 s.
    const gateway = client({
      clock,
      retry: { limit: 3, baseDelayMs: 10_000, maxDelayMs: 50, maxRetryAfterMs: 50 },
    });
    const call = callEndpoint(gateway, 'getOperation', prepared);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(() => waits.length === attempt);
      assert.equal(count('getOperation'), attempt);
      clock.advance(50);
    }
    await call;
    assert.equal(count('getOperation'), 4);
    assert.ok(
      waits.every((ms) => ms >= 0 && ms <= 50),
      `waits ${waits.join(', ')} ms`,
    );
  });

  test('the back-off doubles with each attempt, jittered below it', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject('getOperation', { kind: 'respond', status: 500 }, 3);
    const { clock, waits } = recordingClock();
    const gateway = client({
      clock,
      retry: { limit: 3, baseDelayMs: 100, maxDelayMs: 10_000, maxRetryAfterMs: 50 },
    });
    const call = callEndpoint(gateway, 'getOperation', prepared);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(() => waits.length === attempt);
      clock.advance(100 * 2 ** (attempt - 1));
    }
    await call;
    assert.equal(count('getOperation'), 4);
    for (const [i, ms] of waits.entries()) assert.ok(ms >= 0 && ms < 100 * 2 ** i, `wait ${i + 1}: ${ms} ms`);
  });
});

/** A still test clock that keeps each wait asked of it. */
function recordingClock() {
  const clock = testClock();
  const waits: number[] = [];
  return {
    waits,
    clock: {
      ...clock,
      setTimeout(run: () => void, ms: number) {
        waits.push(ms);
        return clock.setTimeout(run, ms);
      },
    },
  };
}

/** Resolves once `check` holds, polling every 5 ms; fails after 5 s. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`);
    await sleep(5);
  }
}

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('leniency: what the spec shows varying is accepted', () => {
  for (const endpoint of ['createOperation', 'getOperation'] as const) {
    test(`${endpoint}: an integer operation.id is returned as a string`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateOperation((op) => {
          op.id = 734221;
        }),
      );
      const result = asJson(await callEndpoint(client(), endpoint, prepared));
      assert.equal(asJson(result.operation).id, '734221');
    });

    test(`${endpoint}: a string operation.id stays the same string`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateOperation((op) => {
          op.id = 'c0ffee00-0000-4000-8000-000000000001';
        }),
      );
      const result = asJson(await callEndpoint(client(), endpoint, prepared));
      assert.equal(asJson(result.operation).id, 'c0ffee00-0000-4000-8000-000000000001');
    });

    test(`${endpoint}: absent operation.paymentMethodRequisites → []`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateOperation((op) => {
          delete op.paymentMethodRequisites;
        }),
      );
      const result = asJson(await callEndpoint(client(), endpoint, prepared));
      assert.deepEqual(asJson(result.operation).paymentMethodRequisites, []);
    });

    test(`${endpoint}: a parent object is kept as it came`, async () => {
      const parent = { id: 9001, operationNumber: 'PARENT-1', status: 'captured', extra: { nested: [1, 2] } };
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateData((data) => {
          data.parent = parent;
        }),
      );
      const result = asJson(await callEndpoint(client(), endpoint, prepared));
      assert.deepEqual(result.parent, parent);
    });

    test(`${endpoint}: an unknown status is kept as a string`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.inject(
        endpoint,
        mutateOperation((op) => {
          op.status = 'refunded';
        }),
      );
      const result = asJson(await callEndpoint(client(), endpoint, prepared));
      assert.equal(asJson(result.operation).status, 'refunded');
    });
  }

  test('openSession: absent paymentMethodRequisites → [] (mutated)', async () => {
    sandbox.inject(
      'openSession',
      mutateData((data) => {
        delete data.paymentMethodRequisites;
      }),
    );
    const session = await client().openSession(sessionRequest(UUID_METHOD));
    assert.deepEqual(session.paymentMethodRequisites, []);
  });

  test('an unknown status set at the gateway is kept on retrieval', async () => {
    const gateway = client();
    const { operationNumber } = await createFor(gateway);
    assert.equal(sandbox.setStatus(SHOP, operationNumber, 'refunded'), true);
    const found = await gateway.getOperation({ shopId: SHOP, operationNumber });
    assert.equal(found.operation.status, 'refunded');
  });

  test('an unknown instrumentType is kept as a string', async () => {
    sandbox.inject(
      'listPaymentMethodTypes',
      mutateFirstMethodType((item) => {
        item.instrumentType = 'crypto_wallet';
      }),
    );
    const types = await client().listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' });
    assert.equal(types[0]?.instrumentType, 'crypto_wallet');
  });

  test('unknown extra fields are ignored, at every level, on every endpoint', async () => {
    const gateway = client();
    const sprinkle = (o: Json) => {
      o.unexpectedField = 'x';
      o.unexpectedObject = { a: [1] };
    };
    // listPaymentMethodTypes
    const plainTypes = await gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' });
    sandbox.inject(
      'listPaymentMethodTypes',
      mutateBody((body) => {
        sprinkle(body);
        for (const item of body.data as Json[]) sprinkle(item);
      }),
    );
    assert.deepEqual(
      await gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' }),
      plainTypes,
    );
    // openSession
    sandbox.inject(
      'openSession',
      mutateBody((body) => {
        sprinkle(body);
        const data = asJson(body.data);
        sprinkle(data);
        for (const r of data.payerRequisites as Json[]) sprinkle(r);
        for (const r of data.paymentMethodRequisites as Json[]) sprinkle(r);
      }),
    );
    const session = await gateway.openSession(sessionRequest(UUID_METHOD));
    assert.deepEqual(Object.keys(session).sort(), [
      'expiredAt',
      'payerRequisites',
      'paymentMethodRequisites',
      'sessionId',
    ]);
    for (const r of session.payerRequisites)
      assert.deepEqual(Object.keys(r).sort(), ['name', 'title', 'type']);
    for (const r of session.paymentMethodRequisites)
      assert.deepEqual(Object.keys(r).sort(), ['name', 'value']);
    // createOperation and getOperation
    const sprinkleOperation = mutateBody((body) => {
      sprinkle(body);
      const data = asJson(body.data);
      sprinkle(data);
      const op = asJson(data.operation);
      sprinkle(op);
      for (const d of op.payerDetails as Json[]) sprinkle(d);
    });
    sandbox.inject('createOperation', sprinkleOperation);
    const created = await gateway.createOperation({
      sessionId: session.sessionId,
      payerRequisites: requisitesFor(session),
    });
    const plain = await gateway.getOperation({
      shopId: SHOP,
      operationNumber: created.operation.operationNumber,
    });
    sandbox.inject('getOperation', sprinkleOperation);
    const sprinkled = await gateway.getOperation({
      shopId: SHOP,
      operationNumber: created.operation.operationNumber,
    });
    assert.deepEqual(sprinkled, plain);
    assert.deepEqual(Object.keys(created).sort(), ['operation', 'parent']);
    assert.equal('unexpectedField' in created.operation, false);
  });
});

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('strictness: what correctness needs is enforced → invalid_response', () => {
  type StrictCase = [endpoint: Endpoint, what: string, fault: Fault, issuePath: string];
  const notDecimal: [string, unknown][] = [
    ['a number', 1500],
    ['a non-decimal string', '1,500.00'],
    ['words', 'lots'],
  ];
  const cases: StrictCase[] = [];
  for (const field of ['minAmount', 'maxAmount']) {
    for (const [what, value] of notDecimal) {
      cases.push([
        'listPaymentMethodTypes',
        `${field} as ${what}`,
        mutateFirstMethodType((item) => {
          item[field] = value;
        }),
        `data.0.${field}`,
      ]);
    }
  }
  for (const endpoint of ['createOperation', 'getOperation'] as const) {
    for (const field of ['amount', 'settlementAmount']) {
      for (const [what, value] of notDecimal) {
        cases.push([
          endpoint,
          `${field} as ${what}`,
          mutateOperation((op) => {
            op[field] = value;
          }),
          `data.operation.${field}`,
        ]);
      }
    }
    for (const field of ['registeredAt', 'updatedAt']) {
      cases.push([
        endpoint,
        `${field} without an offset`,
        mutateOperation((op) => {
          op[field] = '2025-03-01T10:00:00';
        }),
        `data.operation.${field}`,
      ]);
    }
    for (const [what, value] of [
      ['a string', '1001'],
      ['a non-integer', 1001.5],
    ] as const) {
      cases.push([
        endpoint,
        `shopId as ${what}`,
        mutateOperation((op) => {
          op.shopId = value;
        }),
        'data.operation.shopId',
      ]);
    }
  }
  cases.push([
    'openSession',
    'expiredAt without an offset',
    mutateData((data) => {
      data.expiredAt = '2025-03-01T10:15:00';
    }),
    'data.expiredAt',
  ]);
  for (const endpoint of ALL_ENDPOINTS) {
    // A bare array fails at the root; a bare object fails for lack of `data`.
    const bare = endpoint === 'listPaymentMethodTypes' ? '' : 'data';
    cases.push([endpoint, 'no data envelope', mutateBody((body) => body.data), bare]);
    cases.push([endpoint, 'data renamed', mutateBody((body) => ({ result: body.data })), 'data']);
  }

  for (const [endpoint, what, fault, issuePath] of cases) {
    test(`${endpoint}: ${what}`, async () => {
      const prepared = await prepare(endpoint);
      sandbox.inject(endpoint, fault);
      const error = await gatewayError(callEndpoint(client(), endpoint, prepared), {
        kind: 'invalid_response',
        endpoint,
        status: 200,
        outcomeUnknown: endpoint === 'openSession' || endpoint === 'createOperation',
      });
      assert.ok(
        error.issues.some((i) => i.path === issuePath),
        `expected an issue at ${issuePath}: ${JSON.stringify(error.issues)}`,
      );
    });
  }

  test('an invalid GET reply is not silently retried into success', async () => {
    const prepared = await prepare('getOperation');
    sandbox.resetRequests();
    sandbox.inject(
      'getOperation',
      mutateOperation((op) => {
        op.amount = 1;
      }),
    );
    await gatewayError(callEndpoint(client(), 'getOperation', prepared), {
      kind: 'invalid_response',
      endpoint: 'getOperation',
      status: 200,
    });
  });
});

// ════════════════════════════════════════════════════════════════════════════════════════════════

describe('secrets: the token never leaks through an error', () => {
  const echoBody = (token: string) => ({
    error: { code: 'bad_token', message: `Token ${token} is not valid here`, token },
    echo: { headers: { 'api-access-token': token } },
  });

  function assertNoToken(error: GatewayError, token: string, label: string) {
    const views: [string, string][] = [
      ['message', error.message],
      ['String()', String(error)],
      ['JSON.stringify', JSON.stringify(error)],
      ['util.inspect', inspect(error, { depth: 10 })],
      ['util.inspect(showHidden)', inspect(error, { depth: 10, showHidden: true })],
      ['stack', error.stack ?? ''],
      ['body', JSON.stringify(error.body) ?? ''],
    ];
    for (const [view, text] of views) {
      assert.equal(
        text.includes(token),
        false,
        `${label}: the token appears in ${view}: ${text.slice(0, 400)}`,
      );
    }
  }

  type LeakCase = {
    name: string;
    endpoint: Endpoint;
    arrange: (e: Endpoint) => Promise<void> | void;
    kind: GatewayErrorKind;
    status: number | undefined;
  };

  const leakCases = (token: string): LeakCase[] => {
    const cases: LeakCase[] = [];
    for (const [status, kind] of [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [404, 'not_found'],
      [422, 'rejected'],
      [429, 'rate_limited'],
      [500, 'server'],
      [503, 'server'],
    ] as const) {
      for (const endpoint of ALL_ENDPOINTS) {
        cases.push({
          name: `${status} echoing the token as JSON`,
          endpoint,
          kind,
          status,
          arrange: (e) =>
            sandbox.inject(
              e as RouteName,
              { kind: 'respond', status, body: echoBody(token), headers: { 'x-echo': token } },
              Number.POSITIVE_INFINITY,
            ),
        });
      }
    }
    for (const endpoint of ALL_ENDPOINTS) {
      cases.push(
        {
          name: '502 echoing the token as text',
          endpoint,
          status: 502,
          kind: 'server',
          arrange: (e) =>
            sandbox.inject(
              e as RouteName,
              { kind: 'respond', status: 502, body: `<html>proxy error for token ${token}</html>` },
              Number.POSITIVE_INFINITY,
            ),
        },
        {
          name: '400 echoing the token as text',
          endpoint,
          status: 400,
          kind: 'rejected',
          arrange: (e) =>
            sandbox.inject(e as RouteName, { kind: 'respond', status: 400, body: `bad token: ${token}` }, 1),
        },
        {
          name: '200 non-JSON echoing the token',
          endpoint,
          status: 200,
          kind: 'invalid_response',
          arrange: (e) =>
            sandbox.inject(e as RouteName, { kind: 'respond', status: 200, body: `token=${token} ok` }, 1),
        },
        {
          name: '200 without data, echoing the token',
          endpoint,
          status: 200,
          kind: 'invalid_response',
          arrange: (e) =>
            sandbox.inject(
              e as RouteName,
              mutateBody(() => ({ token, message: `token ${token}` })),
            ),
        },
        {
          name: '200 with the token in a field that fails the schema',
          endpoint,
          status: 200,
          kind: 'invalid_response',
          arrange: (e) =>
            sandbox.inject(
              e as RouteName,
              mutateBody((body) => ({
                data: { token, amount: token, nested: { value: body } },
                message: token,
              })),
            ),
        },
        {
          name: 'a hang (timeout)',
          endpoint,
          status: undefined,
          kind: 'timeout',
          arrange: (e) => sandbox.inject(e as RouteName, { kind: 'hang' }, Number.POSITIVE_INFINITY),
        },
        {
          name: 'a reset',
          endpoint,
          status: undefined,
          kind: 'unreachable',
          arrange: (e) => sandbox.inject(e as RouteName, { kind: 'reset' }, Number.POSITIVE_INFINITY),
        },
        {
          name: 'the gateway offline',
          endpoint,
          status: undefined,
          kind: 'unreachable',
          arrange: () => goOffline(),
        },
      );
    }
    return cases;
  };

  test('a distinctive token never appears in any error kind, even when the gateway echoes it', async () => {
    const seenKinds = new Set<GatewayErrorKind>();
    for (const c of leakCases(TOKEN)) {
      const prepared = await prepare(c.endpoint);
      await c.arrange(c.endpoint);
      const gateway = client({ timeoutMs: HANG_TIMEOUT_MS, retry: { ...FAST_RETRY, limit: 0 } });
      const error = await gatewayError(callEndpoint(gateway, c.endpoint, prepared), {
        kind: c.kind,
        endpoint: c.endpoint,
        status: c.status,
      });
      sandbox.clearFaults();
      await sandbox.goOnline();
      seenKinds.add(error.kind);
      assertNoToken(error, TOKEN, `${c.endpoint}: ${c.name}`);
    }
    assert.deepEqual(
      [...seenKinds].sort(),
      [
        'invalid_response',
        'not_found',
        'rate_limited',
        'rejected',
        'server',
        'timeout',
        'unauthorized',
        'unreachable',
      ],
      'every error kind was exercised',
    );
  });

  test('the rest of an echoed error body survives redaction', async () => {
    const prepared = await prepare('getOperation');
    sandbox.inject('getOperation', { kind: 'respond', status: 422, body: echoBody(TOKEN) });
    const error = await gatewayError(callEndpoint(client(), 'getOperation', prepared), {
      kind: 'rejected',
      endpoint: 'getOperation',
      status: 422,
    });
    const body = asJson(error.body);
    assert.equal(asJson(body.error).code, 'bad_token', 'the non-secret parts are kept');
    assertNoToken(error, TOKEN, 'redacted body');
  });

  test('a good reply that hides the token behind JSON escapes is read without it', async () => {
    const prepared = await prepare('getOperation');
    const gateway = client();
    const query = { shopId: SHOP, operationNumber: prepared.operationNumber! };
    await gateway.getOperation(query);
    const url = `${sandbox.url}/api/v1/agents/operations/${SHOP}/${encodeURIComponent(query.operationNumber)}`;
    const raw = await (await fetch(url, { headers: { 'Api-Access-Token': TOKEN } })).text();
    // The payer ID becomes the token, its first letter written as \u0063: the raw text never holds it.
    const escaped = `\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, '0')}${TOKEN.slice(1)}`;
    const body = raw.replace(/"payerId":"[^"]*"/, `"payerId":"${escaped}"`);
    assert.ok(body !== raw && !body.includes(TOKEN), 'the reply carries the token only behind an escape');
    sandbox.inject('getOperation', { kind: 'respond', status: 200, body });
    const read = await gateway.getOperation(query);
    assert.equal(read.operation.payerId, '[redacted]');
    assert.ok(!JSON.stringify(read).includes(TOKEN));
  });

  test('a token with JSON-special characters (quote, backslash) is redacted too', async () => {
    // Legal in an HTTP header value; JSON escapes these, so redacting the re-serialised body misses them.
    const odd = `odd"SECRET\\${randomBytes(6).toString('hex')}`;
    const oddSandbox = await startSandbox({ port: 0, token: odd });
    try {
      const gateway = createGatewayClient({
        baseUrl: oddSandbox.url,
        token: odd,
        retry: { ...FAST_RETRY, limit: 0 },
      });
      for (const [status, kind] of [
        [422, 'rejected'],
        [500, 'server'],
      ] as const) {
        oddSandbox.inject('listPaymentMethodTypes', { kind: 'respond', status, body: echoBody(odd) });
        const error = await gatewayError(
          gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' }),
          {
            kind,
            endpoint: 'listPaymentMethodTypes',
            status,
          },
        );
        assertNoToken(error, odd, `${status} echoing an odd token`);
      }
      oddSandbox.inject(
        'listPaymentMethodTypes',
        mutateBody(() => ({ message: `token ${odd}` })),
      );
      const invalid = await gatewayError(
        gateway.listPaymentMethodTypes({ shopId: SHOP, operationType: 'payin' }),
        {
          kind: 'invalid_response',
          endpoint: 'listPaymentMethodTypes',
          status: 200,
        },
      );
      assertNoToken(invalid, odd, '200 without data echoing an odd token');
    } finally {
      await oddSandbox.close();
    }
  });

  test('the token the client was given is never in an error, even a 401 for a wrong token', async () => {
    const wrong = `wrong-SECRET-${randomBytes(8).toString('hex')}`;
    const gateway = client({ token: wrong });
    for (const endpoint of ALL_ENDPOINTS) {
      const prepared = await prepare(endpoint);
      const error = await gatewayError(callEndpoint(gateway, endpoint, prepared), {
        kind: 'unauthorized',
        endpoint,
        status: 401,
      });
      assertNoToken(error, wrong, `401 on ${endpoint}`);
      assertNoToken(error, TOKEN, `401 on ${endpoint}`);
    }
  });
});

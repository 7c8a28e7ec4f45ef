// How a failed gateway call becomes a GatewayError (main/gateway/failures.ts and errors.ts): the
// kind for every status, when a POST's outcome is unknown (the cash is held), the Retry-After and
// Date headers, the network codes that prove a request never left, and the body kept for the log
// with the token scrubbed from every string and key. The ky errors are real: each comes from a
// request to a loopback server that answers as the test asks.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import ky, { HTTPError, NetworkError, TimeoutError } from 'ky';
import { type Endpoint, GatewayError, messageFromBody } from '../../main/gateway/errors.ts';
import {
  keepBody,
  redactDeep,
  retryAfterMs,
  scrubberFor,
  toGatewayError,
} from '../../main/gateway/failures.ts';

const TOKEN = 'tok-SECRET-4242';
const scrub = scrubberFor(TOKEN);
const NOW = Date.parse('2026-03-01T09:00:00.000Z');

type Answer = { status: number; body?: string; headers?: Record<string, string> };
let server: Server;
let url: string;
let next: Answer = { status: 200 };

before(async () => {
  server = createServer((_request, response) => {
    if (next.status === 0) return; // never answers: the client times out
    response.writeHead(next.status, next.headers ?? {});
    response.end(next.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

/** What ky throws for a request answered with `answer`. */
async function failure(answer: Answer, timeout = 10_000): Promise<unknown> {
  next = answer;
  try {
    await ky.get(url, { retry: { limit: 0 }, timeout }).text();
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

const map = (error: unknown, endpoint: Endpoint = 'getOperation', isPost = false) =>
  toGatewayError(error, endpoint, isPost, scrub, NOW);

describe('an HTTP error status', () => {
  const KINDS: [number, string][] = [
    [400, 'rejected'],
    [401, 'unauthorized'],
    [402, 'rejected'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [408, 'timeout'],
    [409, 'rejected'],
    [422, 'rejected'],
    [429, 'rate_limited'],
    [499, 'rejected'],
    [500, 'server'],
    [503, 'server'],
    [599, 'server'],
  ];
  test('maps to its kind, and only a 5xx leaves a POST unknown', async () => {
    for (const [status, kind] of KINDS) {
      const error = await failure({ status });
      assert.ok(error instanceof HTTPError);
      const get = map(error);
      assert.equal(get.kind, kind, `GET ${status}`);
      assert.equal(get.status, status);
      assert.equal(get.endpoint, 'getOperation');
      assert.equal(get.outcomeUnknown, false, `GET ${status}`);
      const post = map(error, 'createOperation', true);
      assert.equal(post.kind, kind, `POST ${status}`);
      assert.equal(post.outcomeUnknown, status >= 500, `POST ${status}`);
    }
  });

  test('keeps a JSON body, scrubbed of the token, and says its message', async () => {
    const body = JSON.stringify({ message: `bad token ${TOKEN}`, [TOKEN]: [TOKEN] });
    const error = map(
      await failure({ status: 422, body, headers: { 'content-type': 'application/json' } }),
      'openSession',
      true,
    );
    assert.deepEqual(error.body, { message: 'bad token [redacted]', '[redacted]': ['[redacted]'] });
    assert.equal(error.message, 'rejected at openSession (HTTP 422): bad token [redacted]');
    assert.ok(!JSON.stringify(error).includes(TOKEN));
  });

  test('keeps a text body scrubbed and cut to 4000 characters; an empty one not at all', async () => {
    const long = `${TOKEN} ${'x'.repeat(5000)}`;
    const kept = map(await failure({ status: 500, body: long, headers: { 'content-type': 'text/plain' } }));
    assert.equal(kept.body, `[redacted] ${'x'.repeat(5000)}`.slice(0, 4000));
    const empty = map(await failure({ status: 500 }));
    assert.equal(empty.body, undefined);
    assert.equal(empty.message, 'server at getOperation (HTTP 500)');
  });

  test("reads Retry-After in seconds or as a date, and the gateway's clock from Date", async () => {
    const date = 'Sun, 01 Mar 2026 09:00:30 GMT';
    const inSeconds = map(await failure({ status: 429, headers: { 'retry-after': '3', date } }));
    assert.equal(inSeconds.retryAfterMs, 3000);
    assert.equal(inSeconds.serverTime, Date.parse(date));
    const atDate = map(await failure({ status: 503, headers: { 'retry-after': date } }));
    assert.equal(atDate.retryAfterMs, 30_000);
    const none = map(await failure({ status: 503, headers: { date: 'not a date' } }));
    assert.equal(none.retryAfterMs, undefined);
    assert.equal(none.serverTime, undefined);
  });
});

describe('Retry-After', () => {
  test('is never negative, and nothing when absent or unreadable', () => {
    assert.equal(retryAfterMs(null, NOW), undefined);
    assert.equal(retryAfterMs('', NOW), undefined);
    assert.equal(retryAfterMs('0', NOW), 0);
    assert.equal(retryAfterMs('-5', NOW), 0);
    assert.equal(retryAfterMs('1.5', NOW), 1500);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 08:59:00 GMT', NOW), 0);
    assert.equal(retryAfterMs('soon', NOW), undefined);
  });
});

describe('no reply', () => {
  test('a timeout: the kind timeout, and a POST may have been committed', async () => {
    const error = await failure({ status: 0 }, 50);
    assert.ok(error instanceof TimeoutError);
    assert.deepEqual([map(error).kind, map(error).outcomeUnknown], ['timeout', false]);
    const post = map(error, 'createOperation', true);
    assert.deepEqual([post.kind, post.outcomeUnknown, post.status], ['timeout', true, undefined]);
  });

  test('a refused connection never left: not even a POST is unknown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    let error: unknown;
    await ky
      .post(`http://127.0.0.1:${port}/`, { retry: { limit: 0 } })
      .text()
      .catch((e: unknown) => {
        error = e;
      });
    assert.ok(error instanceof NetworkError);
    const post = map(error, 'createOperation', true);
    assert.deepEqual([post.kind, post.code, post.outcomeUnknown], ['unreachable', 'ECONNREFUSED', false]);
  });

  const nested = (code: unknown, depth: number): unknown => {
    let error: unknown = Object.assign(new Error('socket'), { code });
    for (let i = 0; i < depth; i++) error = new Error(`wrapped ${i}`, { cause: error });
    return error;
  };

  test('a code found a few causes deep; one that may have left leaves a POST unknown', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ENETUNREACH',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
      'ERR_INVALID_URL',
    ]) {
      const post = map(nested(code, 4), 'openSession', true);
      assert.deepEqual([post.kind, post.code, post.outcomeUnknown], ['unreachable', code, false], code);
    }
    const reset = map(nested('ECONNRESET', 2), 'openSession', true);
    assert.deepEqual([reset.kind, reset.code, reset.outcomeUnknown], ['unreachable', 'ECONNRESET', true]);
    const get = map(nested('ECONNRESET', 0));
    assert.deepEqual([get.code, get.outcomeUnknown], ['ECONNRESET', false]);
  });

  test('the causes are followed through objects only', () => {
    const ended = map(new Error('socket', { cause: null }), 'createOperation', true);
    assert.deepEqual([ended.code, ended.outcomeUnknown], [undefined, true]);
    const odd = new Error('socket', { cause: Object.assign(() => undefined, { code: 'ECONNREFUSED' }) });
    assert.deepEqual(
      [map(odd, 'createOperation', true).code, map(odd, 'createOperation', true).outcomeUnknown],
      [undefined, true],
    );
  });

  test('anything else is the worst case for a POST, its message scrubbed', () => {
    const tooDeep = map(nested('ECONNREFUSED', 5), 'createOperation', true);
    assert.deepEqual([tooDeep.kind, tooDeep.code, tooDeep.outcomeUnknown], ['unreachable', undefined, true]);
    const numeric = map(nested(111, 0), 'createOperation', true);
    assert.deepEqual([numeric.code, numeric.outcomeUnknown], [undefined, true]);
    const quirk = map(new Error(`aborted with ${TOKEN}`), 'createOperation', true);
    assert.equal(quirk.message, 'unreachable at createOperation: aborted with [redacted]');
    const thrown = map('a string', 'listPaymentMethodTypes');
    assert.deepEqual([thrown.kind, thrown.outcomeUnknown], ['unreachable', false]);
    assert.equal(thrown.message, 'unreachable at listPaymentMethodTypes');
  });
});

describe('the body kept for the log', () => {
  test('walks parsed bodies, cutting long strings and lists; a read reply is left whole', () => {
    const body = { list: Array.from({ length: 150 }, (_, i) => i), text: 'y'.repeat(4100), n: 7, none: null };
    const kept = keepBody(body, scrub) as typeof body;
    assert.equal(kept.list.length, 100);
    assert.equal(kept.text.length, 4000);
    assert.deepEqual([kept.n, kept.none], [7, null]);
    const whole = redactDeep({ ...body, key: TOKEN }, scrub, false) as typeof body & { key: string };
    assert.equal(whole.list.length, 150);
    assert.equal(whole.text.length, 4100);
    assert.equal(whole.key, '[redacted]');
    assert.equal(keepBody('', scrub), undefined);
    assert.equal(keepBody(undefined, scrub), undefined);
    assert.deepEqual(keepBody(`{"a":"${TOKEN}"}`, scrub), { a: '[redacted]' });
  });

  test('without a token nothing is scrubbed', () => {
    assert.equal(scrubberFor('')('anything tok'), 'anything tok');
  });

  test("the token's base64 is scrubbed inside a longer base64 text, as in Basic credentials", () => {
    const basic = Buffer.from(`agent1:${TOKEN}`).toString('base64');
    const kept = scrub(`Authorization: Basic ${basic}`);
    assert.ok(!kept.includes(basic), kept);
    assert.ok(kept.includes('[redacted]'), kept);
  });
});

describe('the error itself', () => {
  test('says the kind, where, and any message-like text of the body', () => {
    const error = new GatewayError({ kind: 'rate_limited', endpoint: 'getOperation', status: 429 });
    assert.equal(error.message, 'rate limited at getOperation (HTTP 429)');
    assert.deepEqual([error.outcomeUnknown, error.issues], [false, []]);
    const detailed = new GatewayError({
      kind: 'invalid_response',
      endpoint: 'createOperation',
      outcomeUnknown: true,
      body: { message: 'ignored' },
      detail: 'the reply is not JSON',
      issues: [{ path: 'data.id', message: 'Required' }],
      code: 'X',
    });
    assert.equal(detailed.message, 'invalid response at createOperation: the reply is not JSON');
    assert.deepEqual(JSON.parse(JSON.stringify(detailed)), {
      name: 'GatewayError',
      kind: 'invalid_response',
      endpoint: 'createOperation',
      outcomeUnknown: true,
      code: 'X',
      message: 'invalid response at createOperation: the reply is not JSON',
      body: { message: 'ignored' },
      issues: [{ path: 'data.id', message: 'Required' }],
    });
  });

  test('finds message-like text in any body shape, trimmed and cut to 200', () => {
    assert.equal(messageFromBody('  plain  '), 'plain');
    assert.equal(messageFromBody('   '), undefined);
    assert.equal(messageFromBody('z'.repeat(300))?.length, 200);
    assert.equal(messageFromBody(null), undefined);
    assert.equal(messageFromBody(42), undefined);
    for (const key of ['message', 'detail', 'title', 'error_description', 'error']) {
      assert.equal(messageFromBody({ [key]: ` said ${key} ` }), `said ${key}`, key);
    }
    assert.equal(messageFromBody({ error: 'second', message: 'first' }), 'first');
    assert.equal(messageFromBody({ message: '  ', detail: 'next' }), 'next');
    assert.equal(messageFromBody({ message: 'w'.repeat(300) })?.length, 200);
    assert.equal(messageFromBody({ error: { detail: 'nested' } }), 'nested');
    assert.equal(messageFromBody({ detail: {}, title: 'after' }), 'after');
    assert.equal(messageFromBody({ message: 5, detail: ['x'], title: 'third' }), 'third');
    assert.equal(messageFromBody(Object.assign(() => undefined, { message: 'a function' })), undefined);
    assert.equal(messageFromBody({ code: 'E1', other: 'x' }), undefined);
  });
});

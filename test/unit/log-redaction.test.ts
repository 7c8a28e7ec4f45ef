// Redaction by literal search: no value the agent types can make a log line expensive, and every
// encoding of a known value is still found (the shapes themselves are in log.test.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type TestContext, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { createRedactor, mask, REDACTED } from '../../main/log-redaction.ts';

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-redact-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes one redacted error line in a worker; rejects if it is not on disk before a 1 s timer fires. */
async function writeLineInWorker(file: string, personal: string[], message: string): Promise<void> {
  const worker = new Worker(new URL('../support/redact-worker.ts', import.meta.url), {
    workerData: { file, personal, message },
  });
  try {
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the log line was still being redacted after 1 s')),
        1000,
      );
      worker.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.postMessage('go');
    });
  } finally {
    await worker.terminate();
  }
}

for (const count of [14, 60]) {
  test(`a learned value of ${count} backslashes cannot stall the line that echoes it (finding 3)`, async (t) => {
    const file = join(tempDir(t), 'cashdesk.log');
    const slashes = '\\'.repeat(count);
    // The value as the agent typed it, and an error that echoes almost all of it, JSON-escaped.
    await writeLineInWorker(file, [`${slashes}7`], `refused requisite ${slashes}${slashes}${slashes}8`);
    const line = JSON.parse(readFileSync(file, 'utf8')) as { event: string };
    assert.equal(line.event, 'handler_error');
  });
}

test('the header and PIN shapes give up in linear time on a line of spaces', async (t) => {
  const file = join(tempDir(t), 'cashdesk.log');
  const spaces = ' '.repeat(60_000);
  await writeLineInWorker(file, [], `authorization:${spaces}| pin:${spaces}|`);
  assert.equal((JSON.parse(readFileSync(file, 'utf8')) as { event: string }).event, 'handler_error');
});

test('every spelling of a secret is replaced: escaped, %-encoded, base64 and base64url, inside longer base64', () => {
  const redactor = createRedactor();
  const token = `tk/${randomBytes(18).toString('base64')}+é`;
  redactor.addSecret(token);
  const bytes = Buffer.from(token);
  const spellings = [
    token,
    token.toUpperCase(),
    JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/'),
    [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    // .NET's default: `+` and non-ASCII as \uXXXX; then escaped once more inside another body.
    JSON.stringify(JSON.stringify(token).replaceAll('+', '\\u002B').replaceAll('é', '\\u00E9')),
    encodeURIComponent(token),
    bytes.toString('base64'),
    bytes.toString('base64url'),
  ];
  for (const spelling of spellings) {
    const out = redactor.known(`{"echo":"${spelling}","at":"2026-11-22"}`);
    assert.ok(out.includes(REDACTED), `${spelling} -> ${out}`);
    assert.ok(!out.includes(spelling), `${spelling} stays in ${out}`);
    assert.ok(out.includes('"at":"2026-11-22"'), out);
  }
  // Basic auth and other envelopes: the token's base64 at each alignment inside a longer base64.
  for (const prefix of ['', 'a', 'ab', 'user:']) {
    const encoded = Buffer.from(`${prefix}${token}`).toString('base64');
    const out = redactor.known(`Basic ${encoded}`);
    assert.ok(out.includes(REDACTED), `${prefix}: ${out}`);
    assert.ok(!out.includes(bytes.toString('base64').slice(4, 20)), `${prefix}: ${out}`);
  }
});

test('personal values: masked in any spelling, the newest 500 remembered', () => {
  const redactor = createRedactor();
  for (let i = 0; i < 501; i++) redactor.addPersonal(`+7701${String(i).padStart(7, '0')}`);
  const newest = '+77010000500';
  assert.equal(redactor.known(`phone ${newest}`), 'phone ***0500');
  assert.equal(redactor.known(`phone ${Buffer.from(newest).toString('base64')}`), 'phone ***0500');
  assert.equal(redactor.known(`phone ${encodeURIComponent(newest)}`), 'phone ***0500');
  // The first one learned is forgotten once 500 newer ones are known.
  assert.equal(redactor.known('phone +77010000000'), 'phone +77010000000');
});

describe('what a value becomes', () => {
  const PLAIN = 'plain words';

  test('keys that name a secret or a PIN hide their value; others only by its shape', () => {
    const redactor = createRedactor();
    const secretKeys = [
      'token',
      'apiToken',
      'authorization',
      'Authorization',
      'password',
      'oldPassword',
      'passphrase',
      'clientSecret',
      'cookie',
      'Set-Cookie',
    ];
    const pinKeys = [
      'pin',
      'PIN',
      'pincode',
      'pin_code',
      'supervisorPin',
      'newPinCode',
      'operator_pin',
      'operator-pin',
      'operator_pincode',
      'operator_pin_code',
    ];
    const plainKeys = [
      'tokens',
      'proxyAuthorization',
      'authorizationMode',
      'cookies',
      'mycookie',
      'xset-cookie',
      'set-cookies',
      'my pin',
      '.pin',
      'pinned',
      'supervisorPinned',
      'operator_pinned',
      'spinach',
    ];
    const keys = [...secretKeys, ...pinKeys, ...plainKeys];
    const out = redactor.value(Object.fromEntries(keys.map((k) => [k, PLAIN]))) as Record<string, unknown>;
    for (const k of [...secretKeys, ...pinKeys]) assert.equal(out[k], REDACTED, k);
    for (const k of plainKeys) assert.equal(out[k], PLAIN, k);
    // A whole object under such a key goes too.
    assert.deepEqual(redactor.value({ token: { a: 1 }, supervisorPin: [1, 2], tokens: { live: 'ok' } }), {
      token: REDACTED,
      supervisorPin: REDACTED,
      tokens: { live: 'ok' },
    });
  });

  test('requisite keys and { name, value } pairs are masked to their last four digits', () => {
    const redactor = createRedactor();
    assert.deepEqual(
      redactor.value({
        phone: '+7 701 123',
        cardNumber: 4400430212345678,
        fullName: 'Aigerim',
        phoneBook: PLAIN,
        myphone: PLAIN,
      }),
      { phone: '***1123', cardNumber: '***5678', fullName: '***', phoneBook: PLAIN, myphone: PLAIN },
    );
    assert.deepEqual(
      redactor.value([
        { name: 'note', value: 'call 4400430212345678' },
        { name: 'n', value: 5 },
        { value: PLAIN },
      ]),
      [{ name: 'note', value: '***5678' }, { name: 'n', value: 5 }, { value: PLAIN }],
    );
    assert.equal(redactor.value(123n), 123n.toString());
    assert.deepEqual(redactor.value({ iban: 10n }), { iban: '***' });
  });

  test('the shapes in free text: tokens in a query, digit runs standing alone, IBANs', () => {
    const redactor = createRedactor();
    const cases: [string, string][] = [
      ['GET /x?token=abc123&next=1', 'GET /x?token=[redacted]&next=1'],
      ['GET /x?a=1&access_token=zzz9 done', 'GET /x?a=1&access_token=[redacted] done'],
      ['mytoken=abc123', 'mytoken=abc123'],
      ['card 4400430212345678 ok', 'card ***5678 ok'],
      ['card 4400430212345678', 'card ***5678'],
      ['phone +7 701 123 45 67.', 'phone ***4567.'],
      ['op T01-261122-004212345 stays', 'op T01-261122-004212345 stays'],
      ['ref 4400430212345678X stays', 'ref 4400430212345678X stays'],
      ['iban KZ86125KZT5004100100 ok', 'iban ***0100 ok'],
      ['iban KZ86125KZT5004100100', 'iban ***0100'],
      ['code KZ8A125KZT5004100100 stays', 'code KZ8A125KZT5004100100 stays'],
      ['code KZ86125KZT5004100100x stays', 'code KZ86125KZT5004100100x stays'],
      ['code KZ86125KZT5004100100-1 stays', 'code KZ86125KZT5004100100-1 stays'],
    ];
    for (const [text, expected] of cases) assert.equal(redactor.value(text), expected, text);
  });

  test('masks keep the last four digits of a longer value only', () => {
    assert.equal(mask('4400430212345678'), '***5678');
    assert.equal(mask('ab12-34'), '***');
    assert.equal(mask('12345'), '***2345');
    assert.equal(mask(''), '***');
  });

  test('errors: message, kind, code, status, the frames, and the cause, each redacted', () => {
    const redactor = createRedactor();
    const inner = new Error('inner 4400430212345678');
    const error = Object.assign(new Error('outer 4400430212345678', { cause: inner }), {
      kind: 'server',
      code: 'E_X',
      status: 502,
    });
    const out = redactor.value(error) as Record<string, unknown>;
    assert.deepEqual(Object.keys(out), ['name', 'message', 'kind', 'code', 'status', 'stack', 'cause']);
    assert.deepEqual(
      [out.name, out.message, out.kind, out.code, out.status],
      ['Error', 'outer ***5678', 'server', 'E_X', 502],
    );
    const stack = out.stack as string[];
    assert.ok(stack.length > 0 && stack.every((line) => line.startsWith('at ')), stack.join('\n'));
    assert.equal((out.cause as { message: string }).message, 'inner ***5678');

    const odd = Object.assign(new Error('odd'), { kind: 5, code: 7, status: '502' });
    odd.stack = undefined;
    assert.deepEqual(redactor.value(odd), { name: 'Error', message: 'odd' });
    const noCause = redactor.value(new Error('nothing', { cause: null })) as Record<string, unknown>;
    assert.ok('cause' in noCause);
    assert.equal(noCause.cause, null);
    assert.ok(!('cause' in (redactor.value(new Error('none')) as object)));

    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const deep = (n: number): Error => (n === 0 ? new Error('deep') : deep(n - 1));
    const deepError = deep(30);
    Error.stackTraceLimit = limit;
    assert.equal((redactor.value(deepError) as { stack: string[] }).stack.length, 12);

    const withJson = Object.assign(new Error('json'), { toJSON: () => ({ token: 'x', said: 'hi' }) });
    assert.deepEqual(redactor.value(withJson), { token: REDACTED, said: 'hi' });
  });

  test('depth, size and kinds of value', () => {
    const redactor = createRedactor();
    let nested: unknown = 'bottom';
    for (let i = 0; i < 10; i++) nested = { a: nested };
    let at = redactor.value(nested) as Record<string, unknown>;
    for (let i = 0; i < 8; i++) at = at.a as Record<string, unknown>;
    assert.equal(at.a, '[too deep]');
    let nine: unknown = 'bottom';
    for (let i = 0; i < 8; i++) nine = { a: nine };
    assert.ok(JSON.stringify(redactor.value(nine)).includes('bottom'));

    let chain: Error = new Error('root');
    for (let i = 0; i < 12; i++) chain = new Error(`level ${i}`, { cause: chain });
    assert.ok(JSON.stringify(redactor.value(chain)).includes('[too deep]'));

    const long = Array.from({ length: 250 }, (_, i) => i);
    assert.equal((redactor.value(long) as unknown[]).length, 200);
    assert.deepEqual(redactor.value(new Set([1, 'a'])), [1, 'a']);
    const wide = Object.fromEntries(long.map((i) => [`k${i}`, i]));
    assert.equal(Object.keys(redactor.value(wide) as object).length, 200);
    assert.deepEqual(
      redactor.value(
        new Map<unknown, unknown>([
          ['token', 'x'],
          [1, 'y'],
        ]),
      ),
      { token: REDACTED, 1: 'y' },
    );
    assert.deepEqual(redactor.value(new Headers({ 'api-access-token': 'x', accept: 'json' })), {
      accept: 'json',
      'api-access-token': REDACTED,
    });
    assert.equal(redactor.value(new Date('2026-03-01T09:00:00Z')), '2026-03-01T09:00:00.000Z');
    assert.deepEqual(redactor.value({ f: () => 1, b: true, u: undefined, n: null }), {
      f: undefined,
      b: true,
      u: undefined,
      n: null,
    });
    assert.equal(
      redactor.value(() => 1),
      undefined,
    );
    assert.deepEqual(redactor.value({ 'card 4400430212345678': 1 }), { 'card ***5678': 1 });
  });

  test('secrets of 8 characters and more, once each; personal values of 5 and more, trimmed', () => {
    const redactor = createRedactor();
    redactor.addSecret('abcdefg');
    redactor.addSecret('Zq9!x7Lm');
    redactor.addSecret(null);
    redactor.addSecret('');
    assert.equal(redactor.known('abcdefg Zq9!x7Lm'), `abcdefg ${REDACTED}`);
    redactor.addPersonal('  Ali  ');
    redactor.addPersonal('Aliya ');
    redactor.addPersonal(undefined);
    redactor.addPersonal('Zq9!x7Lm');
    assert.equal(redactor.known('Ali Aliya Zq9!x7Lm'), `Ali *** ${REDACTED}`);
  });

  test('a personal value learned again counts as the newest', () => {
    const redactor = createRedactor();
    const first = '+77010000000';
    redactor.addPersonal(first);
    for (let i = 1; i < 500; i++) redactor.addPersonal(`+7701${String(i).padStart(7, '0')}`);
    assert.equal(redactor.known(first), '***0000', 'the 500th is still remembered');
    redactor.addPersonal(first);
    redactor.addPersonal('+77019999999');
    assert.equal(redactor.known(first), '***0000');
    assert.equal(redactor.known('+77010000001'), '+77010000001');
  });
});

// The support log on disk: rotated by size, levelled, and holding no secret in any shape the core
// knows. Every secret is fed to the real log, then the files are read back byte for byte.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { createLog } from '../../main/log.ts';

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-log-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function everything(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
}

/** A token with the characters JSON and URLs escape, as a standard-base64 token has. */
const tokenLike = (prefix: string) => `${prefix}/${randomBytes(12).toString('base64url')}+Q=`;
const jsonEscaped = (value: string, unicode = 'u002B') =>
  value.replaceAll('/', '\\/').replaceAll('+', `\\${unicode}`);

const REQUISITES = {
  phone: '+77011234567',
  cardNumber: '4400430212345678',
  iban: 'KZ86125KZT5004100100',
  fullName: 'Aigerim Sadykova',
};
const PINS = ['482193', '93175', '5512306', '778812', '640297', '339104', '120958'];

test('no secret the core knows reaches the files, in any shape', async (t) => {
  const dir = tempDir(t);
  // Small files, so the secrets are spread over rotated files too.
  const log = createLog(join(dir, 'cashdesk.log'), { maxBytes: 2048, files: 50 });
  const TRAINING = tokenLike('training');
  const LIVE = tokenLike('live');
  // Never announced to the log: only the header's shape can catch it.
  const HEADER_ONLY = tokenLike('header');
  log.addSecret(TRAINING);
  log.addSecret(LIVE);
  log.addPersonal(REQUISITES.fullName);

  for (const token of [TRAINING, LIVE]) {
    log.info('raw', { note: `token ${token} seen`, [token]: token });
    log.warn('json_escaped', { body: `{"echo":"${jsonEscaped(token)}"}` });
    log.warn('json_escaped_lower', { body: `{"echo":"${jsonEscaped(token, 'u002b')}"}` });
    log.warn('json_all_escaped', {
      body: [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    });
    log.warn('double_escaped', { body: JSON.stringify(JSON.stringify({ echo: token })) });
    log.info('url', {
      query: `https://gateway.example.com/api/v1?token=${encodeURIComponent(token)}&x=1`,
      path: `https://gateway.example.com/echo/${encodeURIComponent(token)}`,
    });
    log.error('error', { error: new Error(`rejected ${token}`, { cause: new Error(`because ${token}`) }) });
    const thrown = new TypeError(`fetch failed: ${jsonEscaped(token)}`);
    log.error('thrown', thrown);
    log.warn('gateway_error', {
      kind: 'server',
      body: { error: { message: `bad ${token}`, details: [{ [token]: { deeper: [token, { token }] } }] } },
    });
    log.warn('headers', {
      headers: new Headers({ 'Api-Access-Token': token, Accept: 'application/json' }),
      map: new Map([['api-access-token', token]]),
    });
  }
  log.warn('header_in_text', {
    raw: `GET /operations\r\nApi-Access-Token: ${HEADER_ONLY}\r\n`,
    json: `{"api-access-token":"${HEADER_ONLY}"}`,
    escaped: `{\\"Api-Access-Token\\":\\"${HEADER_ONLY}\\"}`,
    form: `api_access_token=${HEADER_ONLY}`,
    bearer: `Authorization: Bearer ${HEADER_ONLY}`,
    object: { 'Api-Access-Token': HEADER_ONLY, apiAccessToken: HEADER_ONLY },
  });

  log.info('requisites', {
    payerRequisites: Object.entries(REQUISITES).map(([name, value]) => ({ name, value })),
    payerDetails: [{ name: 'phone', title: 'Phone', type: 'phone', value: REQUISITES.phone }],
    keyed: { ...REQUISITES },
  });
  log.warn('requisites_in_text', {
    message: `payer ${REQUISITES.fullName} phone +7 701 123 45 67 card 4400 4302 1234 5678 iban ${REQUISITES.iban}`,
    body: JSON.stringify({ payer: { cardNumber: REQUISITES.cardNumber, name: REQUISITES.fullName } }),
  });
  log.error('requisite_error', { error: new Error(`invalid phone ${REQUISITES.phone}`) });

  const [a, b, c, d, e, f, g] = PINS;
  log.info('pins', {
    pin: a,
    supervisorPin: Number(b),
    newPin: c,
    request: { operator: { pinCode: d } },
    body: `{"supervisorPin":"${e}"}`,
  });
  log.error('pin_in_message', {
    error: new Error(`verify failed for pin=${f}`),
    escaped: `{\\"pin\\":\\"${g}\\"}`,
  });

  await log.flush();
  const files = readdirSync(dir);
  assert.ok(files.length > 2, `rotated into ${files.length} files`);
  const disk = everything(dir);
  const forbidden = [
    ...[TRAINING, LIVE, HEADER_ONLY].flatMap((token) => [
      token,
      token.split('/')[1]!.slice(0, 12),
      jsonEscaped(token),
      encodeURIComponent(token),
    ]),
    ...Object.values(REQUISITES),
    REQUISITES.phone.slice(1),
    'Aigerim',
    'Sadykova',
    '4400 4302 1234 5678',
    '701 123 45 67',
    ...PINS,
  ];
  for (const secret of forbidden) assert.equal(disk.indexOf(secret), -1, `"${secret}" is on disk`);

  // Still a support log: every line parses, events and levels are there, the last digits remain.
  const lines = disk
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { event: string; level: string });
  assert.ok(lines.some((l) => l.event === 'gateway_error' && l.level === 'warn'));
  assert.ok(lines.some((l) => l.event === 'thrown' && l.level === 'error'));
  assert.match(disk, /\*\*\*4567/);
  assert.match(disk, /\*\*\*5678/);
  assert.match(disk, /\[redacted\]/);
});

test('a learned payer name whose base64 differs from its base64url reaches the log in neither', async (t) => {
  const dir = tempDir(t);
  const log = createLog(join(dir, 'cashdesk.log'));
  // Cyrillic in UTF-8: its standard base64 holds a `+`, so the two alphabets spell it differently.
  const name = 'Айгерим Садыкова';
  const bytes = Buffer.from(name);
  const base64 = bytes.toString('base64');
  const base64url = bytes.toString('base64url');
  assert.match(base64, /[+/]/);
  assert.notEqual(base64.replace(/=+$/, ''), base64url);
  log.addPersonal(name);
  log.warn('echoed', {
    body: `payer ${base64} refused`,
    url: `https://gateway.example.com/p?n=${base64url}`,
  });
  log.error('refused', { error: new Error(`unknown payer ${base64}`) });
  log.info('unpadded', { note: `payer=${base64.replace(/=+$/, '')};` });
  await log.flush();
  const disk = everything(dir);
  assert.equal(disk.trim().split('\n').length, 3, disk);
  for (const spelling of [base64, base64.replace(/=+$/, ''), base64url]) {
    assert.ok(!disk.includes(spelling), `${spelling} is in the log:\n${disk}`);
  }
});

test('what support needs stays readable: dates, operation numbers, method IDs, amounts', async (t) => {
  const dir = tempDir(t);
  const log = createLog(join(dir, 'cashdesk.log'));
  const detail = {
    operationNumber: 'T01-261122-0042',
    methodId: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
    at: '2026-11-22T10:48:21.932Z',
    amount: '150000.00',
    tokens: [{ shopId: 1001, state: 'set' }],
    message: 'expired at 2026-11-22 10:48, shop 1001, localId 42',
  };
  log.info('context', detail);
  await log.flush();
  const [line] = readFileSync(join(dir, 'cashdesk.log'), 'utf8').trim().split('\n');
  assert.deepEqual((JSON.parse(line!) as { detail: unknown }).detail, detail);
});

test('rotates by size: cashdesk.log is newest, at most `files` files, none over the limit', async (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'cashdesk.log');
  const log = createLog(file, { maxBytes: 1000, files: 3 });
  // One burst, as a crash loop writes: the lines queued behind a write count toward its file too.
  for (let i = 0; i < 60; i++) log.info('tick', { i });
  await log.flush();
  assert.deepEqual(readdirSync(dir).sort(), ['cashdesk.1.log', 'cashdesk.2.log', 'cashdesk.log']);
  for (const name of readdirSync(dir)) assert.ok(statSync(join(dir, name)).size <= 1000, name);
  const last = (name: string) =>
    (
      JSON.parse(readFileSync(join(dir, name), 'utf8').trim().split('\n').at(-1)!) as {
        detail: { i: number };
      }
    ).detail.i;
  assert.equal(last('cashdesk.log'), 59);
  assert.ok(last('cashdesk.1.log') < last('cashdesk.log'));
  assert.ok(last('cashdesk.2.log') < last('cashdesk.1.log'));
  assert.deepEqual(log.files(), [file, join(dir, 'cashdesk.1.log'), join(dir, 'cashdesk.2.log')]);

  // A restart continues the same file and its size count.
  const again = createLog(file, { maxBytes: 1000, files: 3 });
  for (let i = 60; i < 70; i++) again.info('tick', { i });
  await again.flush();
  for (const name of readdirSync(dir)) assert.ok(statSync(join(dir, name)).size <= 1000, name);
});

test('levels: info, warn and error', async (t) => {
  const dir = tempDir(t);
  const log = createLog(join(dir, 'cashdesk.log'));
  log.info('a', {});
  log.warn('b', {});
  log.error('c', {});
  await log.flush();
  const levels = readFileSync(join(dir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; level: string })
    .map((l) => `${l.event}:${l.level}`);
  assert.deepEqual(levels, ['a:info', 'b:warn', 'c:error']);
});

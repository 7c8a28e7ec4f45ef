// Redaction by literal search: no value the agent types can make a log line expensive, and every
// encoding of a known value is still found (the shapes themselves are in log.test.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { createRedactor, REDACTED } from '../../main/log-redaction.ts';

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

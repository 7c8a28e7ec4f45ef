// An error nothing caught in main goes to the support log, redacted, and the process keeps running:
// a real Node child with the real log, which throws from a timer and rejects a promise unawaited.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = new URL('../../', import.meta.url);

test('uncaught exceptions and unhandled rejections are logged as errors, redacted, and the process carries on', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-uncaught-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const logFile = join(dir, 'cashdesk.log');
  const module = (path: string) => JSON.stringify(pathToFileURL(new URL(path, root).pathname).href);
  const script = `
    const { createLog } = await import(${module('main/log.ts')});
    const { logUncaught } = await import(${module('main/electron/process-errors.ts')});
    const log = createLog(${JSON.stringify(logFile)});
    log.addSecret('s3cr3t-token-value');
    logUncaught(process, () => log);
    setTimeout(() => { throw new Error('timer failed with s3cr3t-token-value'); }, 0);
    Promise.reject(new Error('nobody awaited this'));
    setTimeout(() => process.stdout.write('still running'), 50);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'still running');
  const text = readFileSync(logFile, 'utf8');
  assert.doesNotMatch(text, /s3cr3t-token-value/);
  const lines = text
    .trim()
    .split('\n')
    .map(
      (line) => JSON.parse(line) as { level: string; event: string; detail: { error: { message: string } } },
    );
  assert.deepEqual(lines.map((l) => [l.level, l.event]).sort(), [
    ['error', 'uncaught_exception'],
    ['error', 'unhandled_rejection'],
  ]);
  assert.match(
    lines.find((l) => l.event === 'unhandled_rejection')!.detail.error.message,
    /nobody awaited this/,
  );
});

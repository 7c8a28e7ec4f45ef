// The release's source maps (scripts/sourcemaps.ts): every bundle of the build has one, `keep`
// copies them out of dist/, and a stack as the log writes it reads back in the source's files and
// lines. Needs `npm run build` first, as the bundle tests do.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepSourceMaps, readStack } from '../../scripts/sourcemaps.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Where `text` first occurs in a built file, as V8 prints it in a stack (1-based line and column). */
function positionOf(file: string, text: string): { line: number; column: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  assert.notEqual(line, -1, `${text} is not in ${file}`);
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

test('the build writes a map for main, preload and the renderer; keep copies them, folders and all', (t) => {
  assert.ok(existsSync(join(dist, 'main', 'index.js')), 'run `npm run build` first');
  const target = mkdtempSync(join(tmpdir(), 'cashdesk-maps-'));
  t.after(() => rmSync(target, { recursive: true, force: true }));
  const kept = keepSourceMaps(dist, target);
  assert.ok(kept.includes(join('main', 'index.js.map')), String(kept));
  assert.ok(kept.includes(join('main', 'host.js.map')), String(kept));
  assert.ok(kept.includes(join('preload', 'index.cjs.map')), String(kept));
  assert.ok(
    kept.some((map) => /^renderer[\\/]assets[\\/]index-[\w-]+\.js\.map$/.test(map)),
    String(kept),
  );
  for (const map of kept) assert.ok(existsSync(join(target, map)), map);
  // 'hidden': the shipped renderer and preload name no map the package does not hold.
  assert.doesNotMatch(readFileSync(join(dist, 'preload', 'index.cjs'), 'utf8'), /sourceMappingURL/);
});

// The core runs in its own process (main/host/), from its own bundle: its stacks name host.js.
test('a logged core stack reads back in the source file and line', (t) => {
  const target = mkdtempSync(join(tmpdir(), 'cashdesk-maps-'));
  t.after(() => rmSync(target, { recursive: true, force: true }));
  keepSourceMaps(dist, target);
  const { line, column } = positionOf(join(dist, 'main', 'host.js'), 'function createRendererErrors');
  // A log line as written: the error's frames in its detail, the packaged path in each frame.
  const logLine = JSON.stringify({
    level: 'error',
    event: 'uncaught_exception',
    detail: {
      error: {
        message: 'boom',
        stack: [
          `at createRendererErrors (file:///C:/Program%20Files/CashDesk/resources/app.asar/dist/main/host.js:${line}:${column})`,
        ],
      },
    },
  });
  const source = readFileSync(new URL('../../main/diagnostics/renderer-errors.ts', import.meta.url), 'utf8');
  const sourceLine = source.split('\n').findIndex((l) => l.includes('function createRendererErrors')) + 1;
  assert.deepEqual(readStack(logLine, target), [
    `host.js:${line}:${column} → main/diagnostics/renderer-errors.ts:${sourceLine}:1`,
  ]);
});

// Main reads the time and sets timers through its Clock (main/clock.ts), so a test can move them:
// a module under main/ that calls Date.now(), new Date() with no argument, setTimeout or
// setInterval itself fails here. Not checked: clock.ts (the system clock), index.ts and electron/
// (the Electron shell), host/ (the process around the core) and sandbox/ (the training gateway,
// which takes its own `now`). A few uses stay, each in ALLOWED with the reason.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../main', import.meta.url));
const EXEMPT = ['clock.ts', 'index.ts', 'electron/', 'host/', 'sandbox/'];

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'Date.now', pattern: /\bDate\.now\b/g },
  { name: 'new Date()', pattern: /\bnew Date\(\s*\)/g },
  { name: 'setTimeout', pattern: /(?<![\w.$])(?:globalThis\.)?setTimeout\b/g },
  { name: 'setInterval', pattern: /(?<![\w.$])(?:globalThis\.)?setInterval\b/g },
  { name: 'node:timers', pattern: /from '(?:node:)?timers(?:\/promises)?'/g },
];

/** file → rule → how many times, and why. */
const ALLOWED: Record<string, Partial<Record<string, { count: number; why: string }>>> = {
  'log.ts': {
    'new Date()': {
      count: 1,
      why: "a log line carries the machine's own time: support reads it beside the system's other logs",
    },
    setTimeout: {
      count: 1,
      why: 'flush() polls the writer thread until its lines are written: a wait for work, not time',
    },
  },
  'audit/chain-guard.ts': {
    'new Date()': {
      count: 1,
      why: "checkedAt, shown as when the chain was last checked; that check's path is being reworked with the Z report's close, and takes the clock there",
    },
  },
};

/** The source without comments: a comment may name what the code must not call. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

function uses(source: string): Map<string, number> {
  const found = new Map<string, number>();
  const text = code(source);
  for (const { name, pattern } of RULES) {
    const count = text.match(pattern)?.length ?? 0;
    if (count) found.set(name, count);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(main, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((file) => !EXEMPT.some((exempt) => file === exempt || file.startsWith(exempt)));
}

test('the check sees a direct call, and not the clock, a given time or a comment', () => {
  const seen = (source: string) => [...uses(source).keys()];
  assert.deepEqual(seen('const at = Date.now();'), ['Date.now']);
  assert.deepEqual(seen('const now = deps.now ?? Date.now;'), ['Date.now']);
  assert.deepEqual(seen('const at = new Date().toISOString();'), ['new Date()']);
  assert.deepEqual(seen('setTimeout(run, 5);'), ['setTimeout']);
  assert.deepEqual(seen('const t = globalThis.setInterval(run, 5);'), ['setInterval']);
  assert.deepEqual(seen("import { setTimeout } from 'node:timers/promises';"), ['setTimeout', 'node:timers']);
  assert.deepEqual(seen('clock.setTimeout(run, 5); new Date(clock.now()); new Date(iso);'), []);
  assert.deepEqual(seen('// never Date.now() here\n/* nor setTimeout */ const a = 1;'), []);
});

test('main/ takes the time and its timers from the Clock, but for the allowed few', () => {
  const files = sources(main);
  assert.ok(files.includes('core.ts') && files.includes('gateway/client.ts'), 'main/ was not read');
  const found: string[] = [];
  const stale: string[] = [];
  for (const file of files) {
    const used = uses(readFileSync(join(main, file), 'utf8'));
    const allowed = ALLOWED[file] ?? {};
    for (const [rule, count] of used) {
      if (allowed[rule]?.count !== count) found.push(`${file}: ${rule} ×${count}`);
    }
    for (const rule of Object.keys(allowed)) if (!used.has(rule)) stale.push(`${file}: ${rule}`);
  }
  for (const file of Object.keys(ALLOWED)) if (!files.includes(file)) stale.push(file);
  assert.deepEqual(found, [], 'use the Clock (main/clock.ts) instead');
  assert.deepEqual(stale, [], 'allowed but no longer used: take it out of ALLOWED');
});

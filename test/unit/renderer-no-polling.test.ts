// The renderer never polls (GUIDE §3): main pushes what changes. No timer in renderer/ may call the
// core, directly (window.cashdesk) or through a feature's api object, nor start a store's load;
// and a file with a repeating timer may not reach the core at all.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER = join(repo, 'renderer');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of each call to a timer: from `setInterval(` to its closing parenthesis. */
function timerCalls(text: string): { timer: string; body: string }[] {
  const calls: { timer: string; body: string }[] = [];
  for (const match of text.matchAll(/\b(setInterval|setTimeout|requestAnimationFrame)\s*\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    calls.push({ timer: match[1]!, body: text.slice(match.index, end + 1) });
  }
  return calls;
}

/** A call to the core: window.cashdesk, a feature's `xApi.`, or a store's load/refresh. */
const CALLS_CORE = /cashdesk|\b\w*Api\.|\.(load|refresh|reload)\(/;
/** An import of a feature's api module (each feature's calls to the core live in its api.ts). */
const IMPORTS_API = /from '[^']*\/api\.ts'/;

function offences(file: string, text: string): string[] {
  const name = relative(repo, file);
  return timerCalls(text).flatMap(({ timer, body }) => {
    if (CALLS_CORE.test(body)) return [`${name}: ${timer} calls the core: ${body.slice(0, 80)}`];
    if (timer === 'setInterval' && IMPORTS_API.test(text)) {
      return [`${name}: a setInterval in a file that imports an api module`];
    }
    return [];
  });
}

test('no timer in renderer/ calls the core', () => {
  const found = sources(RENDERER).flatMap((file) => offences(file, readFileSync(file, 'utf8')));
  assert.deepEqual(found, []);
});

test('the check finds the polling it forbids', () => {
  const polls = [
    'const timer = setInterval(() => void operationApi.refresh({ localId }), 10_000);',
    'setTimeout(function again() { window.cashdesk.history.open({}); setTimeout(again, 500); }, 500);',
    "import { homeApi } from '../api.ts';\nsetInterval(tick, 1000);",
    'setTimeout(() => get().load(), 2000);',
  ];
  for (const source of polls) {
    assert.notDeepEqual(offences(join(RENDERER, 'x.ts'), source), [], source);
  }
  // A countdown's clock and a debounce touch no core.
  assert.deepEqual(offences(join(RENDERER, 'x.ts'), 'setInterval(() => setNow(Date.now()), 250);'), []);
  assert.deepEqual(offences(join(RENDERER, 'x.ts'), 'setTimeout(() => setSettled(value), delayMs);'), []);
});

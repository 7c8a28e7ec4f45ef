// The README's map of the code ("How it is built") names only paths that exist, so a newcomer who
// follows it finds what it says.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);

test('every path the README’s “How it is built” names exists', () => {
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
  const section = /## How it is built\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(section, 'the README has its map of the code');
  const paths: string[] = [];
  let top = '';
  for (const line of section.split('\n')) {
    const indented = line.startsWith('  ');
    // Each name before the description: "main/", "core.ts", or several folders on one line.
    const names = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(/\s+/)
      .filter((n) => /^[\w.-]+\/?$/.test(n));
    if (!indented && names[0]) top = names[0].endsWith('/') ? names[0] : '';
    for (const name of indented ? names : names.slice(0, 1)) paths.push(indented ? `${top}${name}` : name);
  }
  assert.ok(paths.length > 20, paths.join(', '));
  const missing = paths.filter((path) => !existsSync(new URL(path, ROOT)));
  assert.deepEqual(missing, []);
});

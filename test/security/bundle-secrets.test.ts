// The untrusted side as shipped: the built renderer and preload must hold nothing of the keychain
// or the gateway token (keytar, the header that carries the token, the sandbox's default token).
// npm test builds before it runs the tests; run `npm run build` first when running this alone.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const FORBIDDEN = ['keytar', 'Api-Access-Token', 'sandbox-token'];

/** Every file of a built bundle, after checking the build wrote its entry file and some script. */
function builtFiles(bundle: string, entry: string): string[] {
  const dir = join(dist, bundle);
  assert.ok(existsSync(join(dir, entry)), `dist/${bundle}/${entry} is missing: run \`npm run build\` first`);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => join(dirent.parentPath, dirent.name));
  assert.ok(
    files.some((file) => /\.[cm]?js$/.test(file)),
    `dist/${bundle} holds no script: run \`npm run build\``,
  );
  return files;
}

/** Each forbidden word a file contains, case-insensitively, as { file, word }. */
function occurrences(files: string[]) {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8').toLowerCase();
    return FORBIDDEN.filter((word) => text.includes(word.toLowerCase())).map((word) => ({ file, word }));
  });
}

for (const [bundle, entry] of [
  ['renderer', 'index.html'],
  ['preload', 'index.cjs'],
] as const) {
  test(`dist/${bundle} holds neither keytar nor the token header nor the sandbox token`, () => {
    assert.deepEqual(occurrences(builtFiles(bundle, entry)), []);
  });
}

test('the same search finds keytar and the token header in dist/main, where they belong', () => {
  const found = new Set(occurrences(builtFiles('main', 'index.js')).map((hit) => hit.word));
  assert.ok(found.has('keytar') && found.has('Api-Access-Token'), `found only ${[...found]}`);
});

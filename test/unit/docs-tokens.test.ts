// The README and docs show how to run the sandbox with a token; Settings must accept that token,
// or the documented way to point the app at a local gateway fails at its last step.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { channels } from '../../common/contract.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('every --token example in the README and docs/sandbox.md is one Settings accepts', () => {
  const tokens = ['README.md', 'docs/sandbox.md'].flatMap((file) =>
    // Command lines only: the flag table's `--token T` is a placeholder.
    [
      ...readFileSync(resolve(ROOT, file), 'utf8').matchAll(
        /(?:npm run sandbox|cli\.ts)[^\n]*?--token (\S+?)[`\s]/g,
      ),
    ].map((m) => ({
      file,
      token: m[1]!,
    })),
  );
  assert.ok(tokens.length >= 3, `the examples are found: ${JSON.stringify(tokens)}`);
  for (const { file, token } of tokens) {
    const parsed = channels['settings.setToken'].request.safeParse({ shopId: 1001, token });
    assert.ok(parsed.success, `${file}: Settings refuses the example token "${token}"`);
  }
});

// The shell's pages speak the desk's language before the core is up: the language the core last
// said is kept in the data folder for the next start; before there is one, the one given (the
// computer's, as a new desk's).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Listener } from '../../main/events.ts';
import { createShellLanguage } from '../../main/host/shell-language.ts';

test('the language the core says is followed, and kept for the next start', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-shell-language-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'shell-language');
  const first = createShellLanguage(file, 'ru');
  assert.equal(first.get(), 'ru', 'a first start: the system’s');

  const listeners: Listener[] = [];
  const settings = (language: string) => ({ settings: { language } });
  first.follow({
    invoke: async () => ({ ok: true, value: settings('kk') }),
    on: (listener) => {
      listeners.push(listener);
      return () => {};
    },
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(first.get(), 'kk');
  assert.equal(createShellLanguage(file, 'en').get(), 'kk', 'the next start speaks it at once');

  for (const listener of listeners) listener('app.changed', settings('en'));
  assert.equal(first.get(), 'en');
  assert.equal(readFileSync(file, 'utf8'), 'en');
});

// The dashboard's words: every key in English, Russian and Kazakh, none empty.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from '../../hq/dashboard/i18n/en.ts';
import { kk } from '../../hq/dashboard/i18n/kk.ts';
import { ru } from '../../hq/dashboard/i18n/ru.ts';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

test('the dashboard has the same keys and placeholders in en, ru and kk', () => {
  const english = leaves(en);
  for (const [name, catalogue] of [
    ['ru', ru],
    ['kk', kk],
  ] as const) {
    const other = leaves(catalogue);
    assert.deepEqual([...other.keys()].sort(), [...english.keys()].sort(), `${name} has the keys en has`);
    for (const [key, text] of other) {
      assert.ok(text.trim(), `${name}:${key} is not empty`);
      assert.deepEqual(
        placeholders(text),
        placeholders(english.get(key)!),
        `${name}:${key} keeps en's placeholders`,
      );
    }
  }
});

// Every language speaks for the whole app: the screens' catalogues and the printed words have the
// same keys in each language (none missing, none extra), each entry with the same placeholders, and
// the languages are the ones common/enums.ts declares.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAILED_STATUSES, LANGUAGES, LOCALES } from '../../common/enums.ts';
import { printEn } from '../../common/i18n/print.en.ts';
import { printKk } from '../../common/i18n/print.kk.ts';
import { printRu } from '../../common/i18n/print.ru.ts';
import { shellEn } from '../../common/i18n/shell.en.ts';
import { shellKk } from '../../common/i18n/shell.kk.ts';
import { shellRu } from '../../common/i18n/shell.ru.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';

const CATALOGUES: Record<string, unknown> = { en, ru, kk };
/** The print namespace: receipts, slips, reports, the test page and the audit kinds. */
const WORDS: Record<string, unknown> = { en: printEn, ru: printRu, kk: printKk };
/** The shell's own pages: the desk still starting, the screen failed (main/host/shell-pages.ts). */
const SHELL: Record<string, unknown> = { en: shellEn, ru: shellRu, kk: shellKk };

/** Every leaf as "a.b.c" → its text (a function's text is its source, for its placeholders). */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string' || typeof value === 'function') {
    out.set(path, String(value));
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [p, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, text);
  }
  return out;
}

/** Which placeholders an entry uses; a translation may use one of them once where English says it twice. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

test('the languages are declared once, each with a catalogue, printed words and a locale', () => {
  assert.deepEqual([...LANGUAGES], ['en', 'ru', 'kk']);
  assert.deepEqual(Object.keys(CATALOGUES), [...LANGUAGES]);
  assert.deepEqual(Object.keys(WORDS), [...LANGUAGES]);
  assert.equal(LOCALES.kk, 'kk-KZ');
});

for (const language of ['ru', 'kk']) {
  test(`${language}: the screens' catalogue has exactly the English keys and placeholders`, () => {
    const reference = leaves(en);
    const translated = leaves(CATALOGUES[language]);
    assert.deepEqual(
      [...translated.keys()].filter((k) => !reference.has(k)),
      [],
      'no extra keys',
    );
    assert.deepEqual(
      [...reference.keys()].filter((k) => !translated.has(k)),
      [],
      'no missing keys',
    );
    for (const [key, text] of reference) {
      const own = translated.get(key)!;
      assert.deepEqual(placeholders(own), placeholders(text), key);
      assert.notEqual(own.trim(), '', key);
    }
  });

  test(`${language}: the shell's own words have exactly the English keys and placeholders`, () => {
    const reference = leaves(SHELL.en);
    const translated = leaves(SHELL[language]);
    assert.deepEqual([...translated.keys()].sort(), [...reference.keys()].sort());
    for (const [key, text] of reference) {
      const own = translated.get(key)!;
      assert.deepEqual(placeholders(own), placeholders(text), key);
      assert.notEqual(own.trim(), '', key);
      assert.notEqual(own, text, `${key} is translated`);
    }
  });

  test(`${language}: the print namespace has exactly the English keys and placeholders`, () => {
    const reference = leaves(WORDS.en);
    const translated = leaves(WORDS[language]);
    assert.deepEqual([...translated.keys()].sort(), [...reference.keys()].sort());
    for (const [key, text] of reference) {
      const own = translated.get(key)!;
      assert.deepEqual(placeholders(own), placeholders(text), key);
      assert.notEqual(own.trim(), '', key);
    }
  });
}

test('Kazakh is written in Cyrillic and says things in Kazakh, not in Russian', () => {
  const texts = [...leaves(kk).values(), ...leaves(WORDS.kk).values(), ...leaves(SHELL.kk).values()];
  const cyrillic = texts.filter((text) => /[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/.test(text));
  assert.ok(cyrillic.length > texts.length * 0.9, 'nearly every entry is Cyrillic');
  // Letters only Kazakh has: a catalogue copied from Russian would have almost none.
  const kazakh = texts.filter((text) => /[ӘәҒғҚқҢңӨөҰұҮүҺһІі]/.test(text));
  assert.ok(kazakh.length > texts.length * 0.6, `${kazakh.length} of ${texts.length} entries`);
  // One word for the payer's receipt in each language.
  const all = (catalogue: unknown, words: unknown) =>
    [...leaves(catalogue).values(), ...leaves(words).values()].join('\n');
  assert.doesNotMatch(all(ru, WORDS.ru), /(?<!\p{L})чек/iu, 'Russian says «квитанция», never «чек»');
  assert.doesNotMatch(all(kk, WORDS.kk), /(?<!\p{L})чек|квитанц/iu, 'Kazakh says «түбіртек»');
});

test('every gateway word that ends an operation has its word in each language, on screen and paper', () => {
  for (const [language, words] of Object.entries(WORDS)) {
    const table = (words as { gatewayStatus: Record<string, string> }).gatewayStatus;
    for (const status of FAILED_STATUSES) assert.ok(table[status], `${language}: ${status}`);
  }
});

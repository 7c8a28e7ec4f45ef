// The canonical text is written for speed (HQ hashes every entry it ingests); it must stay the very
// text the plain definition gives, byte for byte, or every stored hash stops matching. The plain
// definition is kept here as the reference: keys sorted at every depth, JSON.stringify's text for
// each string and key, undefined left out, integers only, and the entry's hash left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  canonicalEntry,
  canonicalJson,
  canonicalParts,
  ENTRY_KINDS,
  GENESIS_HASH,
  type JournalEntry,
} from '../../common/journal-entry.ts';

function reference(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('integers only');
    return String(value);
  }
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${reference(record[key])}`).join(',')}}`;
}

// Strings of every kind JSON escapes or passes: quotes, backslashes, control characters, lone and
// paired surrogates, and keys that sort differently by code unit than by code point.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\u0000',
      '\u001f',
      '\u2028',
      '\ud800',
      '\udfff',
      'a',
      'Ж',
      '😀',
      '\uffff',
    ),
    maxLength: 8,
  }),
);
const value = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    anyText,
    fc.maxSafeInteger(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    // A key whose value is undefined is left out, as JSON.stringify leaves it.
    fc.dictionary(anyText, fc.option(tie('json'), { nil: undefined }), { maxKeys: 5 }),
  ),
})).json;

const entry = fc.record({
  terminalId: anyText,
  seq: fc.maxSafeInteger(),
  at: anyText,
  kind: fc.constantFrom(...ENTRY_KINDS),
  body: fc.dictionary(anyText, fc.option(value, { nil: undefined }), { maxKeys: 8 }),
  prevHash: fc.constantFrom(GENESIS_HASH, 'f'.repeat(64)),
  hash: fc.option(fc.constant('e'.repeat(64)), { nil: undefined }),
});

test('the canonical text of an entry of every kind is the plain definition, without the hash', () => {
  fc.assert(
    fc.property(entry, fc.boolean(), (e, reversed) => {
      // The same entry with its keys in another order has the same text.
      const reordered = Object.fromEntries(reversed ? Object.entries(e).reverse() : Object.entries(e));
      const { hash: _hash, ...unhashed } = e;
      const expected = reference(unhashed);
      assert.equal(canonicalEntry(e as unknown as JournalEntry), expected);
      assert.equal(canonicalEntry(reordered as unknown as JournalEntry), expected);
      // What HQ stores as the body is the body's text within it.
      assert.deepEqual(canonicalParts(e as unknown as JournalEntry), {
        text: expected,
        body: reference(e.body),
      });
    }),
    { numRuns: 1000 },
  );
});

test('canonical JSON of any value is the plain definition, a hash key kept', () => {
  fc.assert(
    fc.property(value, (v) => {
      assert.equal(canonicalJson(v), reference(v));
    }),
    { numRuns: 1000 },
  );
  assert.equal(canonicalJson({ hash: 'x' }), '{"hash":"x"}');
  assert.throws(() => canonicalJson({ amount: 1.5 }), /integers only/);
});

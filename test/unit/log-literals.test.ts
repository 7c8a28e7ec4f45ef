// The spellings of a known value (main/log-literals.ts) and the one-pass search for them: each
// JSON escape style, %-encoding and base64 form is listed; a secret's base64 is found inside any
// longer base64 text whatever its alignment; and the scan replaces the longest spelling at each
// place, case-insensitively, without shifting positions in text whose lower case is longer.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { createLiteralMatcher, encodingsOf } from '../../main/log-literals.ts';

describe('the spellings of a value', () => {
  test('as it is, in every JSON escape style and escaped again, %-encoded, and in base64', () => {
    const value = 'ab/+é x';
    const forms = encodingsOf(value);
    const base64 = Buffer.from(value).toString('base64');
    for (const form of [
      value,
      'ab\\/+é x',
      'ab/+\\u00e9 x',
      'ab\\/+\\u00e9 x',
      'ab/\\u002b\\u00e9 x',
      'ab\\/\\u002b\\u00e9 x',
      'ab\\u002f\\u002b\\u00e9\\u0020x',
      '\\u0061\\u0062\\u002f\\u002b\\u00e9\\u0020\\u0078',
      'ab\\\\/+é x',
      'ab/+\\\\u00e9 x',
      'ab%2F%2B%C3%A9%20x',
      'ab%2F%2B%C3%A9+x',
      base64,
      base64.replace(/=+$/, ''),
      Buffer.from(value).toString('base64url'),
      encodeURIComponent(base64),
    ]) {
      assert.ok(forms.includes(form), form);
    }
    assert.equal(new Set(forms).size, forms.length);
  });

  test('JSON escapes: quotes and backslashes its own way, pairs beyond the BMP, `~` as it is', () => {
    assert.ok(encodingsOf('a"b\\c').includes('a\\"b\\\\c'));
    assert.ok(encodingsOf('ab😀').includes('ab\\ud83d\\ude00'));
    const tilde = encodingsOf('ab+~');
    assert.ok(tilde.includes('ab\\u002b~'));
    assert.ok(!tilde.includes('ab+\\u007e'));
    assert.ok(encodingsOf('ab+\u007f').includes('ab+\\u007f'));
    assert.ok(encodingsOf('Ab9-').includes('Ab9\\u002d'));
    assert.ok(!encodingsOf('Ab9-').includes('\\u0041b9-'));
  });

  test('spellings shorter than 4 are never searched', () => {
    const forms = encodingsOf('abc');
    assert.ok(forms.includes('YWJj'));
    assert.ok(!forms.includes('abc'));
    assert.ok(forms.every((form) => form.length >= 4));
  });

  test("a secret's base64 is found inside any longer base64 text, whatever comes before and after", () => {
    for (const value of ['abcdefg', 'tok-SECRET-4242', 'a+b/c?d>e~f']) {
      const embedded = encodingsOf(value, true);
      const plain = encodingsOf(value);
      assert.ok(embedded.length > plain.length, value);
      for (const extra of embedded.filter((form) => !plain.includes(form)))
        assert.ok(extra.length >= 8, extra);
      for (let before = 0; before < 6; before++) {
        for (let after = 0; after < 4; after++) {
          const bytes = Buffer.concat([randomBytes(before), Buffer.from(value), randomBytes(after)]);
          for (const text of [bytes.toString('base64'), bytes.toString('base64url')]) {
            assert.ok(
              embedded.some((form) => form.length >= 8 && text.includes(form)),
              `${value} after ${before} and before ${after} bytes: ${text}`,
            );
          }
        }
      }
    }
  });
});

describe('the search', () => {
  test('the longest spelling at a place wins, then the lower rank', () => {
    const matcher = createLiteralMatcher();
    matcher.set('short', ['abcd1234'], '<short>', 0);
    matcher.set('long', ['abcd12345678'], '<long>', 1);
    assert.equal(matcher.replace('x abcd12345678 abcd1234 y'), 'x <long> <short> y');
    matcher.set('personal', ['wxyz9876'], '<personal>', 1);
    matcher.set('secret', ['WXYZ9876'], '<secret>', 0);
    assert.equal(matcher.replace('wxyz9876'), '<secret>');
  });

  test('case-insensitively, at the very start and end, and in a text of 4', () => {
    const matcher = createLiteralMatcher();
    assert.equal(matcher.replace('abcd'), 'abcd');
    matcher.set('v', ['abcd'], 'R', 0);
    assert.equal(matcher.replace('ABCD'), 'R');
    assert.equal(matcher.replace('xxAbCd'), 'xxR');
    assert.equal(matcher.replace('abc'), 'abc');
    assert.equal(matcher.replace('none here'), 'none here');
    matcher.delete('v');
    assert.equal(matcher.replace('abcd'), 'abcd');
    matcher.set('v', ['abcd'], 'R', 0);
    assert.equal(matcher.replace('abcd'), 'R');
  });

  test('a letter whose lower case is longer moves nothing', () => {
    const matcher = createLiteralMatcher();
    matcher.set('v', ['SecretValue'], '[r]', 0);
    assert.equal(matcher.replace('İİ SECRETVALUE tail'), 'İİ [r] tail');
    assert.equal(matcher.replace('İ secretvalue İ secretValue'), 'İ [r] İ [r]');
  });
});

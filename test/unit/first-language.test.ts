// The language a new desk starts in: the first of the computer's preferred languages it speaks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstLanguage } from '../../common/enums.ts';

test('the first preferred language the desk speaks, by its base tag; English where none', () => {
  assert.equal(firstLanguage(['ru-RU', 'kk-KZ']), 'ru');
  assert.equal(firstLanguage(['de-DE', 'kk_KZ', 'ru']), 'kk', 'an underscore, as some systems write it');
  assert.equal(firstLanguage(['RU']), 'ru', 'any case');
  assert.equal(firstLanguage(['en-GB', 'ru-RU']), 'en');
  assert.equal(firstLanguage(['fr-FR', 'uz-Latn-UZ']), 'en');
  assert.equal(firstLanguage([]), 'en');
  assert.equal(firstLanguage(['kkk', 'r']), 'en', 'a base tag that only starts like one is none');
});

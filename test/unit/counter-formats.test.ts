// What the counter does with what the agent types before the gateway sees it: requisites lose only
// their layout (never anything the gateway might accept), and days are read in the language's order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exampleOf, formatOf, looksRight, normalise } from '../../renderer/checkout/state/requisiteFormat.ts';
import { dayPattern, formatDay, looksFinished, parseDay } from '../../renderer/shared/dates.ts';
import { humanise } from '../../renderer/shared/labels.ts';

test('a requisite format is known by its name or its title', () => {
  assert.equal(formatOf({ name: 'phone', title: 'Phone number' }), 'phone');
  assert.equal(formatOf({ name: 'msisdn' }), 'phone');
  assert.equal(formatOf({ name: 'x', title: 'Mobile' }), 'phone');
  assert.equal(formatOf({ name: 'cardNumber' }), 'card');
  assert.equal(formatOf({ name: 'iban', title: 'IBAN' }), 'iban');
  assert.equal(formatOf({ name: 'fullName', title: 'Full name' }), null);
  assert.equal(formatOf({ name: 'cardholder' }), null);
});

test('phones lose spaces, dashes, brackets and dots; in Kazakhstan a leading 8 is +7', () => {
  assert.equal(normalise('phone', '8 (701) 123-45-67', 'KZ'), '+77011234567');
  assert.equal(normalise('phone', '+7 701 123.45.67', 'KZ'), '+77011234567');
  assert.equal(normalise('phone', '87011234567', 'KZ'), '+77011234567');
  // Elsewhere an 8 is not ours to rewrite, nor a number of another length.
  assert.equal(normalise('phone', '8 (701) 123-45-67', 'TR'), '87011234567');
  assert.equal(normalise('phone', '8 701 123', 'KZ'), '8701123');
  // What is not plainly a number goes as typed (trimmed): the gateway decides.
  assert.equal(normalise('phone', ' +7 701 123 45 67 ext. 12 ', 'KZ'), '+7 701 123 45 67 ext. 12');
  assert.equal(normalise('phone', 'call me', 'KZ'), 'call me');
});

test('cards lose spaces and dashes, IBANs spaces and lower case; other text is only trimmed', () => {
  assert.equal(normalise('card', '4400 4302-1234 5678', 'KZ'), '4400430212345678');
  assert.equal(normalise('iban', 'kz86 125k zt50 0410 0100', 'KZ'), 'KZ86125KZT5004100100');
  assert.equal(normalise('card', '4400 4302 ****', 'KZ'), '4400 4302 ****');
  assert.equal(normalise('iban', 'KZ86/125', 'KZ'), 'KZ86/125');
  assert.equal(normalise(null, '  Aigerim  Sadykova ', 'KZ'), 'Aigerim  Sadykova');
});

test('a value that looks wrong is only flagged', () => {
  assert.equal(looksRight('phone', '+77011234567'), true);
  assert.equal(looksRight('phone', '8701123'), false);
  assert.equal(looksRight('card', '4400430212345678'), true);
  assert.equal(looksRight('card', '4400'), false);
  assert.equal(looksRight('iban', 'KZ86125KZT5004100100'), true);
  assert.equal(looksRight('iban', 'KZ-86'), false);
});

test('days in the language’s order, typed with any separator, or as ISO', () => {
  assert.deepEqual(dayPattern('ru'), { order: ['day', 'month', 'year'], separator: '.' });
  assert.deepEqual(dayPattern('en'), { order: ['month', 'day', 'year'], separator: '/' });
  assert.equal(formatDay('2026-11-22', 'ru'), '22.11.2026');
  assert.equal(formatDay('2026-11-22', 'en'), '11/22/2026');
  assert.equal(parseDay('22.11.2026', 'ru'), '2026-11-22');
  assert.equal(parseDay('22/11/26', 'ru'), '2026-11-22');
  assert.equal(parseDay('11/22/2026', 'en'), '2026-11-22');
  assert.equal(parseDay('2026-11-22', 'ru'), '2026-11-22');
  assert.equal(parseDay('  ', 'ru'), '');
  assert.equal(parseDay('31.02.2026', 'ru'), null);
  assert.equal(parseDay('22.11', 'ru'), null);
  assert.equal(parseDay('11/22/2026', 'ru'), null, 'month 22 does not exist');
});

test('a day with dots is day.month.year in every language, the English screen included', () => {
  assert.equal(parseDay('25.11.2026', 'en'), '2026-11-25');
  assert.equal(parseDay('5.1.26', 'en'), '2026-01-05');
  assert.equal(parseDay('25.11.2026', 'kk'), '2026-11-25');
  // Slashes still follow the language: month first in English.
  assert.equal(parseDay('11/25/2026', 'en'), '2026-11-25');
  assert.equal(parseDay('25/11/2026', 'en'), null, 'month 25 does not exist');
  assert.equal(parseDay('31.02.2026', 'en'), null);
});

test('a whole day typed is told apart from one still being typed, to say at once when it cannot be read', () => {
  assert.equal(looksFinished('25/11/2026'), true);
  assert.equal(looksFinished(' 31.02.2026 '), true);
  assert.equal(looksFinished('25/11/202'), false);
  assert.equal(looksFinished('25/11'), false);
  assert.equal(looksFinished(''), false);
});

test('a requisite nobody titled is spelt out', () => {
  assert.equal(humanise('cashPointCode'), 'Cash point code');
  assert.equal(humanise('cash_point_code'), 'Cash point code');
  assert.equal(humanise('recipient-name'), 'Recipient name');
  assert.equal(humanise('IBAN'), 'Iban');
});

test('the hint’s example is from the method’s own country, none where the desk has no example', () => {
  assert.equal(exampleOf('phone', 'TR'), '+905321234567');
  assert.equal(exampleOf('phone', 'KZ'), '+77011234567');
  assert.equal(exampleOf('iban', 'TR'), 'TR330006100519786457841326');
  assert.equal(exampleOf('phone', 'BR'), null);
  assert.equal(exampleOf('phone', undefined), null);
  assert.equal(exampleOf('card', 'KZ'), null);
  for (const country of ['KZ', 'TR', 'UZ', 'GE', 'US']) {
    const phone = exampleOf('phone', country);
    assert.ok(phone && looksRight('phone', phone), country);
    const iban = exampleOf('iban', country);
    if (iban) assert.ok(looksRight('iban', iban) && iban.startsWith(country), country);
  }
});

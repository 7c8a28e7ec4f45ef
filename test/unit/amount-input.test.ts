// The amount field's reading: the grouping the app itself shows in each language is taken, either
// decimal separator is, only the truly ambiguous is refused, and no amount finer than the drawer's
// smallest note or coin gets through.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  amountReadings,
  cashProblem,
  cashStep,
  minorUnit,
  readAmount,
  separatorsOf,
} from '../../common/amount-input.ts';
import { formatMoney } from '../../common/money.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const read = (text: string, locale: string, currency = 'TRY') => readAmount(text, locale, currency);
const amountOf = (text: string, locale: string, currency = 'TRY') => {
  const result = read(text, locale, currency);
  return result.ok ? result.amount : result.problem;
};

describe('readAmount: what the app displays is what it takes', () => {
  test('English: comma groups, point is the decimal; a space and a decimal comma are taken too', () => {
    assert.equal(amountOf('1,500.50', 'en'), '1500.50');
    assert.equal(amountOf('500,000', 'en'), '500000');
    assert.equal(amountOf('1,500', 'en'), '1500');
    assert.equal(amountOf('1,000,000.05', 'en'), '1000000.05');
    assert.equal(amountOf('1 500', 'en'), '1500');
    assert.equal(amountOf('1 500,50', 'en'), '1500.50');
    assert.equal(amountOf('150,5', 'en'), '150.50');
    assert.equal(amountOf(' 150 ', 'en'), '150');
    assert.equal(amountOf('.5', 'en'), '0.50');
    assert.equal(amountOf('150.', 'en'), '150');
  });

  for (const locale of ['ru', 'kk', 'kk-KZ']) {
    test(`${locale}: spaces of every width group, the comma is the decimal; a point is taken too`, () => {
      assert.equal(amountOf(`1${NBSP}500,50`, locale), '1500.50');
      assert.equal(amountOf(`1${NNBSP}500,50`, locale), '1500.50');
      assert.equal(amountOf('1 500,50', locale), '1500.50');
      assert.equal(amountOf(`1${NNBSP}000,00`, locale), '1000');
      assert.equal(amountOf('1500,5', locale), '1500.50');
      assert.equal(amountOf('1500.50', locale), '1500.50');
      assert.equal(amountOf('1,500.50', locale), '1500.50', 'both marks: the last is the decimal');
      assert.equal(amountOf('1.500,50', locale), '1500.50');
      assert.equal(amountOf(`12${NBSP}500${NBSP}000`, locale), '12500000');
    });
  }

  test('what the app shows, formatted by Intl, reads back as the same amount in each language', () => {
    for (const locale of ['en', 'ru', 'kk-KZ']) {
      for (const amount of ['1500.50', '1000', '500000', '0.05', '123456789.99']) {
        const shown = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
          amount as Intl.StringNumericLiteral,
        );
        assert.equal(amountOf(shown, locale), amount.endsWith('.00') ? amount.slice(0, -3) : amount, shown);
      }
    }
  });

  test('a single mark before exactly three digits is grouping only where it is the language’s own', () => {
    assert.deepEqual(read('1,500', 'ru'), {
      ok: false,
      problem: 'ambiguous',
      thousands: '1500',
      decimal: '1.500',
    });
    assert.deepEqual(read('1.500', 'kk'), {
      ok: false,
      problem: 'ambiguous',
      thousands: '1500',
      decimal: '1.500',
    });
    assert.deepEqual(read('1.500', 'en'), {
      ok: false,
      problem: 'ambiguous',
      thousands: '1500',
      decimal: '1.500',
    });
    assert.equal(amountOf('1,500', 'en'), '1500');
    assert.equal(amountOf('1,50', 'ru'), '1.50', 'two digits after it: a decimal in any language');
  });

  test('grouping must come in threes; anything but digits and separators is not an amount', () => {
    assert.equal(amountOf('1,50,000', 'en'), 'grouping');
    assert.equal(amountOf('15 00', 'ru'), 'grouping');
    assert.equal(amountOf('1 500,5 0', 'ru'), 'grouping');
    assert.equal(amountOf('', 'en'), 'empty');
    assert.equal(amountOf('   ', 'en'), 'empty');
    for (const text of ['12a', '-5', '1e3', ',', '1.500.000,5.0', '₸500'])
      assert.equal(amountOf(text, 'en'), 'invalid', text);
    assert.equal(amountOf('1234567890123456', 'en'), 'invalid', 'longer than the wire form takes');
  });
});

describe('cash: no amount finer than the currency or the drawer allows', () => {
  test('the minor unit comes from ISO 4217 through Intl', () => {
    assert.equal(minorUnit('KZT'), 2);
    assert.equal(minorUnit('JPY'), 0);
    assert.equal(minorUnit('USD'), 2);
  });

  test('the step is the smallest note or coin in the drawer table, else the minor unit', () => {
    assert.equal(cashStep('KZT'), '1');
    assert.equal(cashStep('UZS'), '100');
    assert.equal(cashStep('TRY'), '0.01');
    assert.equal(cashStep('EUR'), '0.01');
    assert.equal(cashStep('JPY'), '1');
  });

  test('KZT takes no tiyn, UZS nothing below 100, TRY kuruş but not a third decimal', () => {
    assert.deepEqual(read('1,500.50', 'en', 'KZT'), { ok: false, problem: 'finerThanCash', step: '1' });
    assert.equal(amountOf('1,500.00', 'en', 'KZT'), '1500');
    assert.equal(amountOf('1 500', 'ru', 'KZT'), '1500');
    assert.deepEqual(read('150', 'en', 'UZS'), { ok: false, problem: 'finerThanCash', step: '100' });
    assert.equal(amountOf('15 000', 'ru', 'UZS'), '15000');
    assert.equal(amountOf('150.25', 'en', 'TRY'), '150.25');
    assert.deepEqual(read('150,255', 'ru', 'TRY'), {
      ok: false,
      problem: 'ambiguous',
      thousands: '150255',
      decimal: '150.255',
    });
    assert.deepEqual(read('1,150.255', 'en', 'TRY'), { ok: false, problem: 'decimals', places: 2 });
    assert.equal(amountOf('1 150,2550', 'ru', 'TRY'), 'decimals');
    assert.equal(amountOf('150.250', 'en', 'TRY'), 'ambiguous');
    assert.deepEqual(cashProblem('150.5', 'JPY'), { problem: 'decimals', places: 0 });
    assert.equal(cashProblem('5000', 'KZT'), null);
    assert.equal(cashProblem('5000.00', 'KZT'), null);
  });
});

test('separators are Intl’s for each language', () => {
  assert.deepEqual(separatorsOf('en'), { group: ',', decimal: '.' });
  assert.equal(separatorsOf('ru').decimal, ',');
  assert.equal(separatorsOf('kk-KZ').decimal, ',');
  assert.match(separatorsOf('kk-KZ').group, /[\u00a0\u202f]/);
  assert.match(formatMoney('1500.50', 'KZT', 'kk-KZ'), /1[\u00a0\u202f]500,50/);
});

test('amountReadings: every amount a search text could mean, whatever the language', () => {
  assert.deepEqual(amountReadings('1 500,50'), ['1500.5']);
  assert.deepEqual(amountReadings('1,500.50'), ['1500.5']);
  assert.deepEqual(amountReadings('1500.50'), ['1500.5']);
  assert.deepEqual(amountReadings('1,500').sort(), ['1.5', '1500']);
  assert.deepEqual(amountReadings('payer-7'), []);
  assert.deepEqual(amountReadings('KZT\u00a01,500.50'), ['1500.5'], 'as displayed in English');
  assert.deepEqual(amountReadings('1\u00a0500,50\u00a0₸'), ['1500.5'], 'as displayed in Kazakh');
  assert.deepEqual(amountReadings('1 500,50 KZT'), ['1500.5']);
  assert.deepEqual(amountReadings('KZT'), []);
  assert.deepEqual(amountReadings('T01 1500'), []);
});

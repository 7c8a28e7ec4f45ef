// common/money.ts: every amount is a decimal string and no arithmetic goes through a JS float.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  add,
  compare,
  formatMoney,
  isAmount,
  isDecimal,
  isWithin,
  multiply,
  normaliseAmount,
  subtract,
  sum,
} from '../../common/money.ts';

/** Only the digits, in order: what must survive formatting untouched. */
const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('compare and isWithin: as decimals, not as text or floats', () => {
  const cases: [string, string, -1 | 0 | 1][] = [
    ['10.5', '10.50', 0],
    ['10', '10.00', 0],
    ['0', '0.00', 0],
    ['9', '10', -1], // text comparison would say "9" > "10"
    ['100', '99.99', 1],
    ['0.1', '0.10000000000000001', -1], // equal as floats
    ['9007199254740993', '9007199254740992', 1], // equal as floats
    ['-1', '0', -1],
    ['-0.01', '-0.02', 1],
  ];
  for (const [a, b, expected] of cases) {
    test(`compare(${a}, ${b}) is ${expected}`, () => {
      assert.equal(compare(a, b), expected);
      assert.equal(compare(b, a), -expected || 0);
    });
  }

  test('isWithin includes both bounds and compares decimally', () => {
    assert.equal(isWithin('500', '500', '500000'), true);
    assert.equal(isWithin('500000.00', '500', '500000'), true);
    assert.equal(isWithin('499.99', '500', '500000'), false);
    assert.equal(isWithin('500000.01', '500', '500000'), false);
    assert.equal(isWithin('50', '50.00', '100000.00'), true);
    assert.equal(isWithin('9', '10', '100'), false);
  });
});

describe('isAmount: the wire form <integer> or <integer>.<2 digits>', () => {
  const table: [string, boolean][] = [
    ['0', true],
    ['1', true],
    ['150', true],
    ['150.00', true],
    ['150.50', true],
    ['0.00', true],
    ['0.05', true],
    ['123456789012345', true],
    ['123456789012345.99', true],
    ['', false],
    ['01', false],
    ['00', false],
    ['150.5', false],
    ['150.500', false],
    ['150.', false],
    ['.50', false],
    ['-1', false],
    ['+1', false],
    [' 1', false],
    ['1 ', false],
    ['1,00', false],
    ['1e3', false],
    ['1_000', false],
    ['١٢', false], // Arabic-Indic digits
    ['NaN', false],
    ['Infinity', false],
  ];
  for (const [value, expected] of table) {
    test(`${JSON.stringify(value)} → ${expected}`, () => assert.equal(isAmount(value), expected));
  }

  test('isDecimal accepts any gateway decimal, refuses everything else', () => {
    for (const ok of ['0', '1', '-1', '0.0021', '150.5', '12345678901234567890.123456']) {
      assert.equal(isDecimal(ok), true, ok);
    }
    for (const bad of ['', '1.', '.5', '1e5', '1,5', ' 1', '+1', 'abc', '0x10', 'NaN']) {
      assert.equal(isDecimal(bad), false, bad);
    }
  });
});

describe('normaliseAmount: keypad text to the wire form', () => {
  const table: [string, string | null][] = [
    ['150', '150'],
    ['150.00', '150'],
    ['150.0', '150'],
    ['150.5', '150.50'],
    ['150,5', '150.50'],
    ['150,05', '150.05'],
    ['  150 ', '150'],
    ['0150', '150'],
    ['0', '0'],
    ['00', '0'],
    ['0.5', '0.50'],
    ['1.', '1'],
    ['123456789012345.99', '123456789012345.99'],
    ['1234567890123456', null], // more integer digits than the wire form allows
    ['1.234', null],
    ['-5', null],
    ['+5', null],
    ['1e3', null],
    ['1 000', null],
    ['1,000.50', null],
    ['abc', null],
    ['', null],
    ['   ', null],
    ['.', null],
  ];
  for (const [input, expected] of table) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      const result = normaliseAmount(input);
      assert.equal(result, expected);
      if (result !== null) assert.equal(isAmount(result), true, 'the result is always a valid amount');
    });
  }
});

describe('arithmetic: exact, never through a float', () => {
  test('add, subtract and sum give two places and no float drift', () => {
    assert.equal(add('0.1', '0.2'), '0.30');
    assert.equal(subtract('0.3', '0.1'), '0.20');
    assert.equal(sum(['0.1', '0.2', '0.3']), '0.60');
    assert.equal(sum([]), '0.00');
    assert.equal(add('9007199254740993', '0.01'), '9007199254740993.01');
    assert.equal(subtract('12345678901234.56', '0.01'), '12345678901234.55');
  });

  const multiplyTable: [string, string, number | undefined, string][] = [
    ['100', '0.0021', undefined, '0.21'],
    ['0.125', '1', undefined, '0.13'], // half-up (banker's would give 0.12)
    ['0.135', '1', undefined, '0.14'],
    ['1.005', '1', undefined, '1.01'], // a float gives 1.00 (1.005 is 1.00499999… as a double)
    ['1.0049999', '1', undefined, '1.00'],
    ['2.675', '1', undefined, '2.68'], // a float gives 2.67
    ['0.1', '3', undefined, '0.30'],
    ['150000', '0.000079', undefined, '11.85'],
    ['2.5', '1', 0, '3'],
    ['0.1', '0.2', 3, '0.020'],
    ['12345678901234.56', '1', undefined, '12345678901234.56'],
    ['9007199254740993', '1', undefined, '9007199254740993.00'],
  ];
  for (const [a, b, dp, expected] of multiplyTable) {
    test(`multiply(${a}, ${b}${dp === undefined ? '' : `, ${dp}`}) = ${expected}`, () => {
      assert.equal(dp === undefined ? multiply(a, b) : multiply(a, b, dp), expected);
    });
  }
});

describe('formatMoney: every digit kept, locale separators, no float', () => {
  const big = '12345678901234.56'; // 16 significant digits: at the edge of what a double holds

  test('en keeps every digit of a 16-digit amount', () => {
    const text = formatMoney(big, 'USD', 'en');
    assert.equal(text, '$12,345,678,901,234.56');
    assert.equal(digitsOf(text), '1234567890123456');
  });

  test('ru keeps every digit of a 16-digit amount, with a comma decimal separator', () => {
    const text = formatMoney(big, 'RUB', 'ru');
    assert.equal(digitsOf(text), '1234567890123456');
    assert.match(text, /,56/);
    assert.match(text, /₽/);
    assert.doesNotMatch(text, /\./);
  });

  test('amounts where a float would lose digits', () => {
    for (const [amount, digits] of [
      ['9007199254740993.01', '900719925474099301'],
      ['99999999999999999.99', '9999999999999999999'],
      ['0.10', '010'],
    ] as const) {
      assert.equal(digitsOf(formatMoney(amount, 'USD', 'en')), digits, amount);
      assert.equal(digitsOf(formatMoney(amount, 'RUB', 'ru')), digits, amount);
    }
  });

  test('pads to two places and keeps extra fraction digits rather than rounding them away', () => {
    assert.equal(formatMoney('150', 'USD', 'en'), '$150.00');
    assert.equal(formatMoney('150.5', 'USD', 'en'), '$150.50');
    assert.equal(formatMoney('0.0021', 'USD', 'en'), '$0.0021');
    assert.equal(formatMoney('1.005', 'USD', 'en'), '$1.005');
  });

  test('keeps the sign of a negative amount', () => {
    assert.equal(formatMoney('-12.34', 'USD', 'en'), '-$12.34');
    assert.match(formatMoney('-12345678901234.56', 'RUB', 'ru'), /^-/);
  });

  test('keeps the sign of a negative amount under one unit', () => {
    // BigInt(-0) is 0n, so a sign carried only on the integer part is lost for "-0.xx".
    assert.equal(formatMoney('-0.50', 'USD', 'en'), '-$0.50');
    assert.match(formatMoney('-0.05', 'RUB', 'ru'), /^-/);
  });

  test('one convention per language: Russian and Kazakh write tenge with its sign, English with its code', () => {
    for (const locale of ['ru', 'kk-KZ', 'ru-KZ']) {
      assert.match(formatMoney('3000', 'KZT', locale), /^3\s000,00\s₸$/u, locale);
    }
    assert.match(formatMoney('3000', 'KZT', 'en'), /^KZT\s3,000.00$/u);
  });

  test('an unknown currency falls back to the plain amount, every digit kept', () => {
    assert.equal(formatMoney(big, 'NOT-A-CURRENCY', 'en'), `${big} NOT-A-CURRENCY`);
  });
});

// The drawer's arithmetic shared by the desk and the head office (common/cash-rules/drawer-cash.ts):
// every part of expected cash moves it the right way, by its own amount, per currency; and a count's
// variance is over its threshold either way, never at it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  type CustodyMove,
  cashLines,
  type DrawerMove,
  varianceLines,
} from '../../common/cash-rules/drawer-cash.ts';
import { defaultVarianceThreshold } from '../../common/denominations.ts';
import { add, compare, subtract, sum } from '../../common/money.ts';

const kzt = (amount: string) => ({ currency: 'KZT', amount });
const custody = (kind: CustodyMove['kind'], amount: string, direction: 1 | -1 = 1): CustodyMove => ({
  kind,
  direction,
  ...kzt(amount),
});
const movement = (kind: DrawerMove['kind'], amount: string): DrawerMove => ({ kind, ...kzt(amount) });

describe('cashLines', () => {
  test('each part lands in its own column, and expected is float + in − out', () => {
    const [line] = cashLines(
      [{ currency: 'KZT', total: '10000.00' }],
      [
        custody('received', '3000'),
        custody('handed_over', '1500.50'),
        custody('returned', '200'),
        custody('reversal', '700', 1),
        custody('reversal', '40', -1),
      ],
      [movement('added', '5000'), movement('removed', '2500')],
    );
    assert.ok(line);
    assert.deepEqual(line, {
      currency: 'KZT',
      float: '10000.00',
      received: '3000.00',
      handedOver: '1500.50',
      returned: '200.00',
      reversed: '660.00',
      added: '5000.00',
      removed: '2500.00',
      // 10000 + 3000 + 5000 + 660 − (1500.50 + 200 + 2500)
      expected: '14459.50',
    });
  });

  test('a reversal moves the drawer by its direction only: in adds, out takes away', () => {
    const [inward] = cashLines([], [custody('reversal', '100', 1)], []);
    assert.ok(inward);
    const [outward] = cashLines([], [custody('reversal', '100', -1)], []);
    assert.ok(outward);
    assert.equal(inward.expected, '100.00');
    assert.equal(outward.expected, '-100.00');
    assert.equal(inward.reversed, '100.00');
    assert.equal(outward.reversed, '-100.00');
  });

  test('the direction of a received, handed-over or returned record is not read: its kind decides', () => {
    const [line] = cashLines(
      [],
      [custody('received', '10', -1), custody('handed_over', '3', 1), custody('returned', '2', 1)],
      [],
    );
    assert.ok(line);
    assert.equal(line.expected, '5.00');
  });

  test('currencies are kept apart and listed in order, a currency with only a movement included', () => {
    const lines = cashLines(
      [
        { currency: 'USD', total: '100' },
        { currency: 'KZT', total: '1000' },
      ],
      [{ kind: 'received', amount: '50', currency: 'USD', direction: 1 }],
      [{ kind: 'added', amount: '7', currency: 'EUR' }],
    );
    assert.deepEqual(
      lines.map((l) => [l.currency, l.expected]),
      [
        ['EUR', '7.00'],
        ['KZT', '1000.00'],
        ['USD', '150.00'],
      ],
    );
  });

  test('nothing at all is no line; an empty float is zero', () => {
    assert.deepEqual(cashLines([], [], []), []);
    const [line] = cashLines([{ currency: 'KZT', total: '0' }], [], []);
    assert.ok(line);
    assert.equal(line.expected, '0.00');
  });

  test('property: expected equals the float plus every signed move, exactly, in decimals', () => {
    const amount = fc
      .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }))
      .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);
    const move = fc.record({
      kind: fc.constantFrom('received', 'handed_over', 'returned', 'reversal' as const),
      amount,
      direction: fc.constantFrom(1 as const, -1 as const),
    });
    fc.assert(
      fc.property(
        amount,
        fc.array(move, { maxLength: 20 }),
        fc.array(amount, { maxLength: 5 }),
        (float, moves, added) => {
          const [line] = cashLines(
            [{ currency: 'KZT', total: float }],
            moves.map((m) => ({ ...m, currency: 'KZT' })),
            added.map((a) => movement('added', a)),
          );
          assert.ok(line);
          const signed = moves.map((m) => {
            if (m.kind === 'received') return m.amount;
            if (m.kind === 'reversal') return m.direction === 1 ? m.amount : subtract('0', m.amount);
            return subtract('0', m.amount);
          });
          assert.equal(compare(line.expected, add(add(float, sum(signed)), sum(added))), 0);
        },
      ),
    );
  });
});

describe('varianceLines', () => {
  const cash = [
    { currency: 'KZT', expected: '10000.00' },
    { currency: 'USD', expected: '50.00' },
  ];

  test('counted minus expected, with the threshold set for the currency', () => {
    const lines = varianceLines(
      cash,
      [{ currency: 'KZT', total: '9500' }],
      [{ currency: 'KZT', amount: '400' }],
    );
    assert.deepEqual(lines[0], {
      currency: 'KZT',
      expected: '10000.00',
      counted: '9500',
      variance: '-500.00',
      threshold: '400.00',
      overThreshold: true,
    });
  });

  test('over the threshold either way, never at it', () => {
    const at = (counted: string) => {
      const [line] = varianceLines(
        cash,
        [{ currency: 'KZT', total: counted }],
        [{ currency: 'KZT', amount: '500' }],
      );
      assert.ok(line);
      return line;
    };
    assert.equal(at('10500').overThreshold, false);
    assert.equal(at('9500').overThreshold, false);
    assert.equal(at('10500.01').overThreshold, true);
    assert.equal(at('9499.99').overThreshold, true);
    assert.equal(at('10500.01').variance, '500.01');
  });

  test('a currency expected but not counted counts as 0, and one counted but not expected expects 0', () => {
    const lines = varianceLines(cash, [{ currency: 'EUR', total: '20' }], []);
    assert.deepEqual(
      lines.map((l) => [l.currency, l.expected, l.counted, l.variance]),
      [
        ['EUR', '0.00', '20', '20.00'],
        ['KZT', '10000.00', '0.00', '-10000.00'],
        ['USD', '50.00', '0.00', '-50.00'],
      ],
    );
  });

  test('without a threshold of its own, a currency uses its default', () => {
    const [line] = varianceLines(
      [{ currency: 'KZT', expected: '0' }],
      [{ currency: 'KZT', total: '0' }],
      [{ currency: 'USD', amount: '1' }],
    );
    assert.ok(line);
    assert.equal(line.threshold, add(defaultVarianceThreshold('KZT'), '0'));
    assert.equal(line.overThreshold, false);
  });
});

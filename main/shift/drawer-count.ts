// A count of the drawer, by denomination or as a total, as the desk stores it. The arithmetic of
// expected cash and variance is common/cash-rules/drawer-cash.ts, shared with the head office.
import { type CountedCurrency, CURRENCIES, type DrawerCount } from '../../common/contract.ts';
import { add, compare, multiply, sum } from '../../common/money.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';

/** A count as stored: each currency's total, and its denominations when counted so. */
export function countDrawer(count: DrawerCount, field: string): CountedCurrency[] {
  return count.map((line, i) => {
    if (line.total !== undefined)
      return { currency: line.currency, total: add(line.total, '0'), denominations: null };
    const table = CURRENCIES[line.currency]?.denominations ?? [];
    const denominations = line.denominations ?? [];
    denominations.forEach((d, j) => {
      if (!table.some((value) => compare(value, d.value) === 0)) {
        throw new AgentError(
          'validation',
          refusal('shift.notDenomination', { value: d.value, currency: line.currency }),
          {
            field: `${field}.${i}.denominations.${j}.value`,
          },
        );
      }
    });
    if (new Set(denominations.map((d) => add(d.value, '0'))).size !== denominations.length) {
      throw new AgentError('validation', refusal('shift.denominationTwice', { currency: line.currency }), {
        field: `${field}.${i}.denominations`,
      });
    }
    return {
      currency: line.currency,
      total: sum(denominations.map((d) => multiply(d.value, String(d.count)))),
      denominations: denominations.map((d) => ({ value: d.value, count: d.count })),
    };
  });
}

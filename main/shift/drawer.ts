// The drawer's arithmetic, all of it decimal (common/money.ts): a count by denomination or as a
// total, the expected cash from the float, the custody records and the cash movements, and the
// variance of a count against it.
import {
  type CashLine,
  type CashMovement,
  type CountedCurrency,
  CURRENCIES,
  type CustodyRecord,
  type DrawerCount,
  defaultVarianceThreshold,
  type VarianceLine,
} from '../../common/contract.ts';
import { add, compare, multiply, subtract, sum } from '../../common/money.ts';
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
        throw new AgentError('validation', `${d.value} is not a ${line.currency} note or coin.`, {
          field: `${field}.${i}.denominations.${j}.value`,
        });
      }
    });
    if (new Set(denominations.map((d) => add(d.value, '0'))).size !== denominations.length) {
      throw new AgentError('validation', `Each ${line.currency} note or coin once.`, {
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

type Parts = {
  float: string[];
  received: string[];
  handedOver: string[];
  returned: string[];
  reversedIn: string[];
  reversedOut: string[];
  added: string[];
  removed: string[];
};

/**
 * Expected cash per currency: the float, plus the cash received and minus the cash handed over or
 * given back, as the custody records of this shift say (never the statuses), with any reversal
 * the other way, plus added and minus removed.
 */
export function cashLines(
  float: readonly CountedCurrency[],
  custody: readonly CustodyRecord[],
  movements: readonly CashMovement[],
): CashLine[] {
  const lines = new Map<string, Parts>();
  const line = (currency: string) => {
    let found = lines.get(currency);
    if (!found) {
      found = {
        float: [],
        received: [],
        handedOver: [],
        returned: [],
        reversedIn: [],
        reversedOut: [],
        added: [],
        removed: [],
      };
      lines.set(currency, found);
    }
    return found;
  };
  for (const f of float) line(f.currency).float.push(f.total);
  for (const record of custody) {
    const target = line(record.currency);
    if (record.kind === 'received') target.received.push(record.amount);
    else if (record.kind === 'handed_over') target.handedOver.push(record.amount);
    else if (record.kind === 'returned') target.returned.push(record.amount);
    else (record.direction === 1 ? target.reversedIn : target.reversedOut).push(record.amount);
  }
  for (const m of movements) {
    const target = line(m.currency);
    (m.kind === 'added' ? target.added : target.removed).push(m.amount);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, parts]) => {
      const totals = {
        float: sum(parts.float),
        received: sum(parts.received),
        handedOver: sum(parts.handedOver),
        returned: sum(parts.returned),
        reversed: subtract(sum(parts.reversedIn), sum(parts.reversedOut)),
        added: sum(parts.added),
        removed: sum(parts.removed),
      };
      const expected = subtract(
        add(add(add(totals.float, totals.received), totals.added), totals.reversed),
        add(add(totals.handedOver, totals.returned), totals.removed),
      );
      return { currency, ...totals, expected };
    });
}

/** Each currency expected or counted, with its variance; over the threshold either way needs approval. */
export function varianceLines(
  cash: readonly CashLine[],
  counted: readonly CountedCurrency[],
  thresholds: readonly { currency: string; amount: string }[],
): VarianceLine[] {
  const currencies = [...new Set([...cash.map((c) => c.currency), ...counted.map((c) => c.currency)])].sort();
  return currencies.map((currency) => {
    const expected = cash.find((c) => c.currency === currency)?.expected ?? '0.00';
    const countedTotal = counted.find((c) => c.currency === currency)?.total ?? '0.00';
    const variance = subtract(countedTotal, expected);
    const threshold = add(
      thresholds.find((t) => t.currency === currency)?.amount ?? defaultVarianceThreshold(currency),
      '0',
    );
    const magnitude = compare(variance, '0') < 0 ? subtract('0', variance) : variance;
    return {
      currency,
      expected,
      counted: countedTotal,
      variance,
      threshold,
      overThreshold: compare(magnitude, threshold) > 0,
    };
  });
}

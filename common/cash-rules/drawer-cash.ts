// The drawer's arithmetic, all of it decimal: the expected cash per currency from the float, the
// custody records (with reversals the other way), and the cash movements to and from the safe; and
// the variance of a count against it. The desk's X and Z reports and the head office's projections
// both compute it here, from the same facts, so their expected cash cannot drift apart.
import type { CashLine, VarianceLine } from '../contract.ts';
import { defaultVarianceThreshold } from '../denominations.ts';
import { add, compare, subtract, sum } from '../money.ts';

/** One currency's amount, as a float or a count lists it. */
export type CurrencyTotal = { currency: string; total: string };
/** A custody record as the arithmetic reads it: a reversal carries the direction it moves the drawer. */
export type CustodyMove = {
  kind: 'received' | 'handed_over' | 'returned' | 'reversal';
  amount: string;
  currency: string;
  /** Into the drawer (1) or out of it (-1); read for a reversal only. */
  direction: 1 | -1;
};
/** Cash added to the drawer from the safe, or removed to it. */
export type DrawerMove = { kind: 'added' | 'removed'; amount: string; currency: string };

type Parts = { [K in Exclude<keyof CashLine, 'currency' | 'expected' | 'reversed'>]: string[] } & {
  reversedIn: string[];
  reversedOut: string[];
};

const emptyParts = (): Parts => ({
  float: [],
  received: [],
  handedOver: [],
  returned: [],
  reversedIn: [],
  reversedOut: [],
  added: [],
  removed: [],
});

/**
 * Expected cash per currency: the float, plus the cash received and minus the cash handed over or
 * given back, as the custody records say (never the statuses), with any reversal the other way,
 * plus added and minus removed. Sorted by currency.
 */
export function cashLines(
  float: readonly CurrencyTotal[],
  custody: readonly CustodyMove[],
  movements: readonly DrawerMove[],
): CashLine[] {
  const lines = new Map<string, Parts>();
  const line = (currency: string) => {
    let found = lines.get(currency);
    if (!found) {
      found = emptyParts();
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
  // Code-unit order of the currency codes, as every report lists them.
  return [...lines.keys()].sort().map((currency) => {
    const parts = line(currency);
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

/** The cash the drawer should hold in one currency: none where it has never held any. */
export function expectedIn(
  cash: readonly Pick<CashLine, 'currency' | 'expected'>[],
  currency: string,
): string {
  return cash.find((c) => c.currency === currency)?.expected ?? '0.00';
}

/**
 * The cash a payout would take beyond what the drawer should hold, or null when it holds enough:
 * paid out regardless, the drawer would be short before the cash is even counted.
 */
export function beyondDrawer(
  cash: readonly Pick<CashLine, 'currency' | 'expected'>[],
  currency: string,
  amount: string,
): { expected: string } | null {
  const expected = expectedIn(cash, currency);
  return compare(amount, expected) > 0 ? { expected } : null;
}

/** Each currency expected or counted, with its variance; over the threshold either way needs approval. */
export function varianceLines(
  cash: readonly Pick<CashLine, 'currency' | 'expected'>[],
  counted: readonly CurrencyTotal[],
  thresholds: readonly { currency: string; amount: string }[],
): VarianceLine[] {
  const currencies = [...new Set([...cash.map((c) => c.currency), ...counted.map((c) => c.currency)])].sort();
  return currencies.map((currency) => {
    const expected = expectedIn(cash, currency);
    const countedTotal = counted.find((c) => c.currency === currency)?.total ?? '0.00';
    const variance = subtract(countedTotal, expected);
    const threshold = add(
      thresholds.find((t) => t.currency === currency)?.amount ?? defaultVarianceThreshold(currency),
      '0',
    );
    // Stryker disable next-line EqualityOperator: at zero, 0 − 0 and 0 are the same magnitude.
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

// The drawer's arithmetic, all of it decimal (common/money.ts): a count by denomination or as a
// total, the expected cash from the float, the custody records and the cash movements, and the
// variance of a count against it.
import {
  type CashLine,
  type CashMovement,
  type CountedCurrency,
  CURRENCIES,
  type DrawerCount,
  defaultVarianceThreshold,
  type VarianceLine,
} from '../../common/contract.ts';
import { add, compare, multiply, subtract, sum } from '../../common/money.ts';
import { AgentError } from '../app-error.ts';
import type { OperationRecord } from '../store/operations.ts';

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

/**
 * Expected cash per currency: the float, plus the cash received and minus the cash handed over as
 * the custody records of this shift say (never the statuses), plus added and minus removed.
 */
export function cashLines(
  shiftId: number,
  float: readonly CountedCurrency[],
  operations: readonly OperationRecord[],
  movements: readonly CashMovement[],
): CashLine[] {
  const lines = new Map<
    string,
    { float: string[]; received: string[]; handedOver: string[]; added: string[]; removed: string[] }
  >();
  const line = (currency: string) => {
    let found = lines.get(currency);
    if (!found) {
      found = { float: [], received: [], handedOver: [], added: [], removed: [] };
      lines.set(currency, found);
    }
    return found;
  };
  for (const f of float) line(f.currency).float.push(f.total);
  for (const op of operations) {
    if (op.custodyShiftId !== shiftId || !op.custodyKind) continue;
    const target = line(op.currency);
    (op.custodyKind === 'received' ? target.received : target.handedOver).push(op.amount);
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
        added: sum(parts.added),
        removed: sum(parts.removed),
      };
      const expected = subtract(
        add(add(totals.float, totals.received), totals.added),
        add(totals.handedOver, totals.removed),
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

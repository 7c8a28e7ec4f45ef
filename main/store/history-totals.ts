// What a history search matches in all, not just its page: how many, and per currency the sums of
// the completed Live cash in and cash out, apart from other instruments and from training money,
// with the Live operations still open apart too.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { completed } from '../../common/cash-rules/operation-answer.ts';
import type { Phase } from '../../common/contract.ts';
import { exactSum, fromUnits } from '../../common/money.ts';
import { type Search, sqlFor } from './history-filter.ts';

/** How many operations, and their sum per currency. */
export type Sums = { count: number; sums: { currency: string; amount: string }[] };
/** Completed ones of each type. */
export type Flows = { payin: Sums; payout: Sums };
/**
 * `count`: every operation matched. `payin`/`payout`: the completed Live cash operations of each
 * type (completed: common/cash-rules/operation-answer.ts). `other`: the completed Live ones of any
 * other instrument, which move no cash at the desk. `training`: the training ones, completed or
 * still open, no real money. `open`: the Live ones not final yet. Those ended without money moving (cancelled,
 * abandoned, not created) are counted in `count` only.
 */
export type HistoryTotals = {
  count: number;
  payin: Sums;
  payout: Sums;
  other: Flows;
  training: Flows & { open: Sums };
  open: Sums;
};
const BUCKETS = [
  'payin',
  'payout',
  'other_payin',
  'other_payout',
  'training_payin',
  'training_payout',
  'training_open',
  'open',
] as const;
type Bucket = (typeof BUCKETS)[number];

type Summed = {
  type: string;
  phase: Phase;
  status: string | null;
  final: boolean | null;
  training: boolean;
  instrumentType: string;
};

/** Which sum an operation counts in, if any: the same rule as BUCKET below. */
export function bucketOf(op: Summed): Bucket | null {
  const type = op.type === 'payout' ? 'payout' : 'payin';
  if (completed(op)) {
    if (op.training) return `training_${type}`;
    return op.instrumentType === 'cash' ? type : `other_${type}`;
  }
  if (op.final === true) return null;
  return op.training ? 'training_open' : 'open';
}
/** completed() in SQL: the gateway's word `captured` on an operation created there. */
const BUCKET = `CASE WHEN phase = 'created' AND status = 'captured' THEN
    CASE WHEN training = 1 THEN 'training_' || type WHEN instrument_type = 'cash' THEN type
      ELSE 'other_' || type END
  WHEN final IS NOT 1 THEN CASE WHEN training = 1 THEN 'training_open' ELSE 'open' END END`;

/**
 * Amounts are decimal text, so SQLite sums them as whole units at each scale ("1500.50" is 150050
 * at scale 2), which is exact where SUM() of the text would be a float. Up to 14 digits each,
 * HISTORY_TOTALS_MAX + 1 of them stay far inside 64 bits; longer ones (only a gateway could send
 * one) are added up here instead.
 */
const SHORT_AMOUNT = 'length(amount) <= 14';
const SCALE = "iif(instr(amount, '.'), length(amount) - instr(amount, '.'), 0)";
const UNITS = "CAST(replace(amount, '.', '') AS INTEGER)";

/** Totals are summed over at most this many operations (8 ms at that size), so no search waits long for them. */
const HISTORY_TOTALS_MAX = 10_000;

type Group = {
  bucket: Bucket | null;
  currency: string;
  scale: bigint;
  n: bigint;
  units: bigint | null;
  long: string;
};

export function createHistoryTotals(db: DatabaseSync) {
  const statements = new Map<string, StatementSync>();
  function prepared(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      // The unit sums pass 2^53.
      statement.setReadBigInts(true);
      statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Counted first, from the indexes alone where the filter allows (index entries cost about 5 ns
   * against 0.75 us for a row read), so a search matching more than HISTORY_TOTALS_MAX costs little
   * and has no totals (null). Each branch stops one past it; overlapping branches are merged by
   * a UNION, which drops what two of them both found.
   */
  return function totals(search: Search): HistoryTotals | null {
    const how = search.totals();
    if (how === 'none') return null;
    const { branches } = search;
    const params = branches.flatMap(({ clauses }) => sqlFor(clauses)[1]);
    const rows = (columns: string) =>
      branches
        .map(({ from, clauses }) => {
          const [where] = sqlFor(clauses);
          return `SELECT * FROM (SELECT ${columns} FROM ${from} ${where} LIMIT ${HISTORY_TOTALS_MAX + 1})`;
        })
        .join(search.overlapping ? ' UNION ' : ' UNION ALL ');
    if (how === 'count') {
      const counted = prepared(
        `SELECT count(*) AS n FROM (SELECT 1 FROM (${rows('o.local_id')}) LIMIT ${HISTORY_TOTALS_MAX + 1})`,
      ).get(...params) as { n: bigint };
      if (Number(counted.n) > HISTORY_TOTALS_MAX) return null;
    }
    const groups = prepared(`SELECT ${BUCKET} AS bucket, currency, ${SCALE} AS scale, count(*) AS n,
        sum(${UNITS}) FILTER (WHERE ${SHORT_AMOUNT}) AS units,
        json_group_array(amount) FILTER (WHERE NOT ${SHORT_AMOUNT}) AS long
      FROM (${rows('o.local_id, o.currency, o.amount, o.type, o.phase, o.status, o.final, o.training, o.instrument_type')})
      GROUP BY bucket, currency, scale`).all(...params) as Group[];
    const count = groups.reduce((n, g) => n + Number(g.n), 0);
    const buckets = emptyBuckets();
    for (const g of groups) {
      if (!g.bucket) continue;
      const bucket = buckets[g.bucket];
      bucket.count += Number(g.n);
      const amounts = bucket.amounts.get(g.currency) ?? [];
      if (g.units !== null) amounts.push(fromUnits(String(g.units), Number(g.scale)));
      amounts.push(...(JSON.parse(g.long) as string[]));
      bucket.amounts.set(g.currency, amounts);
    }
    return totalsBy(count, buckets);
  };
}

/** The totals of operations already read. */
export function totalsOf(
  rows: readonly (Parameters<typeof bucketOf>[0] & { currency: string; amount: string })[],
): HistoryTotals {
  const buckets = emptyBuckets();
  for (const row of rows) {
    const which = bucketOf(row);
    if (!which) continue;
    const bucket = buckets[which];
    bucket.count += 1;
    bucket.amounts.set(row.currency, [...(bucket.amounts.get(row.currency) ?? []), row.amount]);
  }
  return totalsBy(rows.length, buckets);
}

type Adding = { count: number; amounts: Map<string, string[]> };

function emptyBuckets(): Record<Bucket, Adding> {
  return Object.fromEntries(BUCKETS.map((b) => [b, { count: 0, amounts: new Map() }])) as Record<
    Bucket,
    Adding
  >;
}

function totalsBy(count: number, buckets: Record<Bucket, Adding>): HistoryTotals {
  const sumsOf = ({ count, amounts }: Adding): Sums => ({
    count,
    sums: [...amounts]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, each]) => ({ currency, amount: exactSum(each) })),
  });
  return {
    count,
    payin: sumsOf(buckets.payin),
    payout: sumsOf(buckets.payout),
    other: { payin: sumsOf(buckets.other_payin), payout: sumsOf(buckets.other_payout) },
    training: {
      payin: sumsOf(buckets.training_payin),
      payout: sumsOf(buckets.training_payout),
      open: sumsOf(buckets.training_open),
    },
    open: sumsOf(buckets.open),
  };
}

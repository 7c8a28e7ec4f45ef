// What a history search matches in all, not just its page: how many, and the sum per currency.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { exactSum, fromUnits } from '../../common/money.ts';
import { type Branch, sqlFor } from './history-filter.ts';

export type HistoryTotals = { count: number; sums: { currency: string; amount: string }[] };

/**
 * Amounts are decimal text, so SQLite sums them as whole units at each scale ("1500.50" is 150050
 * at scale 2), which is exact where SUM() of the text would be a float. Up to 14 digits each,
 * HISTORY_TOTALS_MAX + 1 of them stay far inside 64 bits; longer ones (only a gateway could send
 * one) are added up here instead.
 */
const SHORT_AMOUNT = 'length(amount) <= 14';
const SCALE = "iif(instr(amount, '.'), length(amount) - instr(amount, '.'), 0)";
const UNITS = "CAST(replace(amount, '.', '') AS INTEGER)";

/** Totals are summed over at most this many operations (15 ms at that size), so no search waits long for them. */
const HISTORY_TOTALS_MAX = 20_000;

type Group = { currency: string; scale: bigint; n: bigint; units: bigint | null; long: string };

export function createHistoryTotals(db: DatabaseSync) {
  const statements = new Map<string, StatementSync>();

  /**
   * Each branch stops one past HISTORY_TOTALS_MAX, so a search matching more costs that much at
   * most and has no totals (null); the UNION drops what two branches both found.
   */
  return function totals(branches: Branch[]): HistoryTotals | null {
    const parts = branches.map(({ from, clauses }) => {
      const [where, params] = sqlFor(clauses);
      return {
        sql: `SELECT * FROM (SELECT o.local_id, o.currency, o.amount FROM ${from} ${where} LIMIT ${HISTORY_TOTALS_MAX + 1})`,
        params,
      };
    });
    const sql = `SELECT currency, ${SCALE} AS scale, count(*) AS n,
        sum(${UNITS}) FILTER (WHERE ${SHORT_AMOUNT}) AS units,
        json_group_array(amount) FILTER (WHERE NOT ${SHORT_AMOUNT}) AS long
      FROM (${parts.map((p) => p.sql).join(' UNION ')})
      GROUP BY currency, scale ORDER BY currency`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      // The unit sums pass 2^53.
      statement.setReadBigInts(true);
      statements.set(sql, statement);
    }
    const groups = statement.all(...parts.flatMap((p) => p.params)) as Group[];
    const count = groups.reduce((n, g) => n + Number(g.n), 0);
    if (count > HISTORY_TOTALS_MAX) return null;
    const byCurrency = new Map<string, string[]>();
    for (const g of groups) {
      const amounts = byCurrency.get(g.currency) ?? [];
      if (g.units !== null) amounts.push(fromUnits(String(g.units), Number(g.scale)));
      amounts.push(...(JSON.parse(g.long) as string[]));
      byCurrency.set(g.currency, amounts);
    }
    return {
      count,
      sums: [...byCurrency].map(([currency, amounts]) => ({ currency, amount: exactSum(amounts) })),
    };
  };
}

// A desk's drawer for its open shift, per currency, kept by its parts: the float, the custody
// records (reversals the other way), the returns and the movements to and from the safe. What the
// desk should hold is common/cash-rules/drawer-cash.ts's arithmetic over those parts, the same the
// desk's X and Z reports use; a handover moves no cash. Read once per batch, written back once.
import Big from 'big.js';
import { type CustodyMove, cashLines, type DrawerMove } from '../../common/cash-rules/drawer-cash.ts';
import type { CashLine } from '../../common/contract.ts';
import type { CurrencyAmount } from '../../common/journal-entry.ts';
import type { Queryable } from './db.ts';

const PARTS = [
  'float',
  'received',
  'handed_over',
  'returned',
  'reversed_in',
  'reversed_out',
  'added',
  'removed',
] as const;
type Part = (typeof PARTS)[number];
type Parts = Record<Part, Big>;

const emptyParts = (): Parts => Object.fromEntries(PARTS.map((p) => [p, new Big(0)])) as Parts;

/** A decimal string with at least two places, as money is shown: 11500 → "11500.00". */
function decimal(value: Big): string {
  const places = value.toFixed().split('.')[1]?.length ?? 0;
  return value.toFixed(Math.max(2, places));
}

export function createDrawer(tx: Queryable, terminal: string) {
  let drawer: Map<string, Parts> | null = null;

  async function load(): Promise<Map<string, Parts>> {
    if (drawer) return drawer;
    const rows = await tx.query<Record<Part | 'currency', string>>(
      `SELECT currency, ${PARTS.map((p) => `${p}::text AS ${p}`).join(', ')}
         FROM hq_desk_cash WHERE terminal_id = $1`,
      [terminal],
    );
    drawer = new Map(
      rows.rows.map((r) => [r.currency, Object.fromEntries(PARTS.map((p) => [p, new Big(r[p])])) as Parts]),
    );
    return drawer;
  }

  async function add(currency: string, part: Part, amount: string) {
    const parts = await load();
    let line = parts.get(currency);
    if (!line) {
      line = emptyParts();
      parts.set(currency, line);
    }
    line[part] = line[part].plus(amount);
  }

  /** Expected cash per currency, as the rules add the parts up. */
  function linesOf(parts: Map<string, Parts>): CashLine[] {
    const list = [...parts.entries()];
    const custody: CustodyMove[] = list.flatMap(([currency, p]) => [
      { kind: 'received', amount: decimal(p.received), currency, direction: 1 },
      { kind: 'handed_over', amount: decimal(p.handed_over), currency, direction: -1 },
      { kind: 'returned', amount: decimal(p.returned), currency, direction: -1 },
      { kind: 'reversal', amount: decimal(p.reversed_in), currency, direction: 1 },
      { kind: 'reversal', amount: decimal(p.reversed_out), currency, direction: -1 },
    ]);
    const movements: DrawerMove[] = list.flatMap(([currency, p]) => [
      { kind: 'added', amount: decimal(p.added), currency },
      { kind: 'removed', amount: decimal(p.removed), currency },
    ]);
    return cashLines(
      list.map(([currency, p]) => ({ currency, total: decimal(p.float) })),
      custody,
      movements,
    );
  }

  return {
    /** Cash received for a payin, handed over for a payout, or given back to a payer. */
    custody: (action: 'received' | 'handed_over' | 'returned', currency: string, amount: string) =>
      add(currency, action, amount),
    /** A supervisor's reversal of a custody record: the cash back the other way. */
    reversal: (action: 'received' | 'handed_over' | 'returned', currency: string, amount: string) =>
      add(currency, action === 'received' ? 'reversed_out' : 'reversed_in', amount),
    movement: (direction: 'in' | 'out', currency: string, amount: string) =>
      add(currency, direction === 'in' ? 'added' : 'removed', amount),
    /** A new shift's drawer is its float: what the last shift left is in its Z report. */
    async open(float: readonly CurrencyAmount[]) {
      const parts = await load();
      for (const key of parts.keys()) parts.set(key, emptyParts());
      for (const line of float) await add(line.currency, 'float', line.amount);
    },
    /** Expected cash now, per currency. */
    async lines(): Promise<CashLine[]> {
      return linesOf(await load());
    },
    async write(): Promise<void> {
      if (!drawer) return;
      const parts = drawer;
      const currencies = [...parts.keys()];
      const expected = new Map(linesOf(parts).map((l) => [l.currency, l.expected]));
      await tx.query(
        `INSERT INTO hq_desk_cash (terminal_id, currency, expected, ${PARTS.join(', ')})
         SELECT $1, * FROM unnest($2::text[], $3::numeric[], ${PARTS.map((_, i) => `$${i + 4}::numeric[]`).join(', ')})
         ON CONFLICT (terminal_id, currency) DO UPDATE SET expected = EXCLUDED.expected,
           ${PARTS.map((p) => `${p} = EXCLUDED.${p}`).join(', ')}`,
        [
          terminal,
          currencies,
          currencies.map((c) => expected.get(c) ?? '0.00'),
          ...PARTS.map((p) => currencies.map((c) => decimal(parts.get(c)![p]))),
        ],
      );
    },
  };
}

export type Drawer = ReturnType<typeof createDrawer>;

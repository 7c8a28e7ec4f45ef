// History search: newest first, keyset-paged, fast over a million operations.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import Big from 'big.js';
import { amountReadings } from '../../common/amount-input.ts';
import { parseLookupInput } from '../../common/receipt-code.ts';
import {
  type Branch,
  BY_TIME,
  type Clause,
  filterTerms,
  type HistoryFilter,
  merged,
  perType,
  type Search,
  sqlFor,
  stateBranches,
} from './history-filter.ts';
import { createTextSearch, MIN_TEXT_LENGTH } from './history-text.ts';
import { createHistoryTotals, type HistoryTotals, totalsOf } from './history-totals.ts';
import { fromRow, type OperationRecord, recordColumns } from './operation-record.ts';

export type { HistoryFilter } from './history-filter.ts';
export type { HistoryTotals } from './history-totals.ts';

export function createHistorySearch(db: DatabaseSync) {
  const statements = new Map<string, StatementSync>();
  const prefixProbes = {
    operation_number: db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM operations
      WHERE operation_number >= ? AND operation_number < ? LIMIT ${SPARSE_PREFIX + 1})`),
    payer_id: db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM operations
      WHERE payer_id >= ? AND payer_id < ? LIMIT ${SPARSE_PREFIX + 1})`),
  };
  const amountProbe = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM operations
    WHERE amount IN (SELECT value FROM json_each(?)) LIMIT ${SPARSE_PREFIX + 1})`);
  const text = createTextSearch(db);
  const sum = createHistoryTotals(db);

  /**
   * The queries whose merge is the search, and whether its totals can be taken. A whole operation
   * number is found by its start (WHOLE_NUMBER). Other text of 3 or more characters is found
   * anywhere in the number, payer ID or payer details (history-text.ts); one or two characters hold
   * no trigram and match the start of the number or payer ID, in either case.
   *
   * Otherwise each branch is one query that a chosen index answers in order, stopping after
   * `limit` rows. One query with OR (or with a type alone) makes SQLite sort every match before it
   * can stop, which took seconds over 1,000,000 operations for a short number prefix typed into
   * the search box.
   */
  function plan(given: HistoryFilter): Search {
    // Control characters (a scanner's group separator, say) are not searched for.
    const cleaned = given.text?.replace(/\p{Cc}/gu, '') ?? '';
    const scanned = parseLookupInput(cleaned);
    const filter = {
      ...given,
      text: (scanned.shopId === null ? cleaned : scanned.operationNumber) || undefined,
    };
    const typed = filter.text?.trim() ?? '';
    if (WHOLE_NUMBER.test(typed.toUpperCase())) {
      // As this desk writes it, and as typed in case another system's was not in capitals.
      const branches = [...new Set([typed.toUpperCase(), typed])].flatMap((number) =>
        prefixBranches('operation_number', number, filter),
      );
      return { branches, overlapping: true, totals: () => 'count' };
    }
    if (!filter.text) {
      // A state reads its own index; every state is few operations, or, cancelled, few per status.
      const branches = stateBranches(filter) ?? perType(filter).map((f) => plain(filterTerms(f, 'all')));
      return { branches, overlapping: false, totals: () => 'count' };
    }
    const searched = { ...filter, text: filter.text };
    return withAmount(textPlan(searched), searched);
  }

  function textPlan(filter: HistoryFilter & { text: string }): Search {
    if ([...filter.text].length >= MIN_TEXT_LENGTH) return text.search(filter);
    const own = text.rareState(filter);
    if (own) {
      // A state's few operations, each tested for the prefix, rather than a walk of every number
      // with it (seconds over 1,000,000 operations for one character and a state none is in).
      const ranges = caseForms(filter.text).flatMap((prefix) =>
        (['operation_number', 'payer_id'] as const).map((column) => [column, prefix] as const),
      );
      const prefixed: Clause = [
        `(${ranges.map(([column]) => `(+o.${column} >= ? AND +o.${column} < ?)`).join(' OR ')})`,
        ...ranges.flatMap(([, prefix]) => [prefix, `${prefix}\u{10FFFF}`]),
      ];
      const branches = own.map((branch) => ({ ...branch, clauses: [prefixed, ...branch.clauses] }));
      return { branches, overlapping: false, totals: () => 'few' };
    }
    const branches = caseForms(filter.text).flatMap((prefix) => [
      ...prefixBranches('operation_number', prefix, filter),
      ...prefixBranches('payer_id', prefix, filter),
    ]);
    return { branches, overlapping: true, totals: () => 'count' };
  }

  /**
   * Text that reads as an amount ("1 500,50", "1,500.50", "1500.50") also finds the operations of
   * that amount, in any currency, through the amount's index (migration 0010) when few share it.
   */
  function withAmount(search: Search, filter: HistoryFilter & { text: string }): Search {
    const values = amountReadings(filter.text).flatMap(spellings);
    if (!values.length) return search;
    const list = JSON.stringify(values);
    const sparse = Number((amountProbe.get(list) as { n: number }).n) <= SPARSE_PREFIX;
    const byAmount = sparse
      ? [plain([['o.amount IN (SELECT value FROM json_each(?))', list], ...filterTerms(filter, 'none')])]
      : perType(filter).map((f) =>
          plain([
            ['+o.amount IN (SELECT value FROM json_each(?))', list],
            ...filterTerms(f, f.status ? 'all' : 'by_time'),
          ]),
        );
    return {
      branches: [...search.branches, ...byAmount],
      overlapping: true,
      // A rare amount adds few operations to a text's few; a common one has them counted.
      totals: () => {
        const own = search.totals();
        return own === 'none' ? 'none' : own === 'few' && sparse ? 'few' : 'count';
      },
    };
  }

  /**
   * Few values with this prefix: read them through the column's own index and sort them. Many:
   * walk newest first (through the type/status index when a status is asked for, else the time
   * index, which carries the operation number), stopping at the `limit`-th match.
   */
  function prefixBranches(
    column: keyof typeof prefixProbes,
    prefix: string,
    filter: HistoryFilter,
  ): Branch[] {
    const [low, high] = [prefix, `${prefix}\u{10FFFF}`];
    if (Number((prefixProbes[column].get(low, high) as { n: number }).n) <= SPARSE_PREFIX) {
      return [plain([[`o.${column} >= ? AND o.${column} < ?`, low, high], ...filterTerms(filter, 'none')])];
    }
    const range: Clause = [`+o.${column} >= ? AND +o.${column} < ?`, low, high];
    return perType(filter).map((f) => plain([range, ...filterTerms(f, f.status ? 'all' : 'by_time')]));
  }

  function page({ from, clauses, order }: Branch, limit: number): OperationRecord[] {
    const [where, params] = sqlFor(clauses);
    const sql = `SELECT ${recordColumns('o')} FROM ${from} ${where} ${order} LIMIT ?`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement.all(...params, limit).map(fromRow);
  }

  const rowsOf = (search: Search, limit: number) =>
    merged(
      search.branches.map((branch) => page(branch, limit)),
      limit,
    );

  return {
    /** Newest first, keyset-paged by (createdAt, localId): the merge of the branches' pages. */
    search: (filter: HistoryFilter): OperationRecord[] => rowsOf(plan(filter), filter.limit),
    /**
     * The history screen's read: a page, and with the first page (no `before`) the totals of all
     * the filter matches, both from one plan (a plan costs its index probes and counts).
     */
    page(filter: HistoryFilter): { rows: OperationRecord[]; totals: HistoryTotals | null } {
      const planned = plan(filter);
      const rows = rowsOf(planned, filter.limit);
      if (filter.before) return { rows, totals: null };
      return { rows, totals: rows.length < filter.limit ? totalsOf(rows) : sum(planned) };
    },
    /** Everything the filter matches, whatever the page; null when that is too many to add up. */
    totals: (filter: Omit<HistoryFilter, 'before' | 'limit'>): HistoryTotals | null =>
      sum(plan({ ...filter, limit: 1 })),
  };
}

/**
 * A whole operation number as desks write it (T01-261122-0042), in any case: what a payer reads
 * out or a receipt's QR code gives. It is found through the number's own index, with any longer
 * number it starts, in 0.03 ms; the trigram index took 1.5 ms to offer the same operation among
 * some 26 candidates. A payer ID or detail that holds a whole operation number is not searched.
 */
const WHOLE_NUMBER = /^[A-Z0-9]{1,8}-\d{6}-\d{4,}$/;

/** Up to this many operations with a prefix are fetched by that prefix and sorted (≤ ~20 ms). */
const SPARSE_PREFIX = 5_000;

/**
 * How an amount may be stored: the desk writes "1500" or "1500.50", a gateway may send "1500.00"
 * or "1500.5"; each spelling of the value with up to 4 decimals.
 */
function spellings(value: string): string[] {
  const exact = new Big(value);
  const out: string[] = [];
  for (let places = 0; places <= 4; places++) {
    const spelt = exact.toFixed(places);
    if (new Big(spelt).eq(exact)) out.push(spelt);
  }
  return out;
}

function plain(clauses: Clause[]): Branch {
  return { from: 'operations o', clauses, order: BY_TIME };
}

/** Every upper/lower-case spelling of one or two characters ("t0" → "t0", "T0"). */
function caseForms(text: string): string[] {
  let forms = [''];
  for (const char of text) {
    const spellings = [...new Set([char, char.toLowerCase(), char.toUpperCase()])];
    forms = forms.flatMap((form) => spellings.map((spelling) => form + spelling));
  }
  return forms;
}

// History search by any part of 3 or more characters of the number, payer ID or payer details,
// ignoring case: the trigram index of migration 0004 proposes candidates, their stored text confirms.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  type Branch,
  BY_TIME,
  type Clause,
  filterTerms,
  type HistoryFilter,
  type Search,
  sqlFor,
  stateBranches,
  typesOf,
} from './history-filter.ts';

/** Fewer characters hold no trigram: history-search.ts matches them as a prefix instead. */
export const MIN_TEXT_LENGTH = 3;

/** A status with at most this many operations (per type) is read whole, then the text tested. */
const RARE_STATUS = 2_000;
/** Totals of a text search are taken up to this many candidates (≤ ~14 ms). */
const FEW_CANDIDATES = 2_000;
/** At most this many trigrams of a query are weighed, spread along it. */
const WEIGHED_TRIGRAMS = 12;
/**
 * Asking for one more trigram costs a walk through its list (about 9 ns an operation holding it);
 * it saves confirming each operation it rules out (about 2.3 us, reading its text): worth it while
 * it should rule out more than this share of the operations holding it.
 */
const WALK_PER_CONFIRM = 0.004;
const MAX_ASKED = 4;
/** The trigram counts are taken again once the history has grown by a tenth. */
const RECOUNT_GROWTH = 1.1;

/** What a typed phone may hold between its digits; the view joins stored values the same way. */
const PHONE_SEPARATORS = /[ \-().+]/g;

type TextQuery = {
  /** The index query: the chosen trigrams of each form of the text. */
  match: string;
  /** The forms any one of which the operation's text must contain, lower-cased. */
  needles: string[];
};

export function createTextSearch(db: DatabaseSync) {
  // The index is only the AND of trigrams: this confirms a candidate really holds the text.
  db.function('history_text_holds', { deterministic: true, varargs: true }, (text, ...needles) => {
    const folded = String(text).toLowerCase();
    return needles.some((needle) => folded.includes(String(needle))) ? 1 : 0;
  });
  db.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.operation_text_terms USING fts5vocab(main, 'operation_text', 'row')",
  );
  const termRows = db.prepare('SELECT doc FROM temp.operation_text_terms WHERE term = ?');
  const newestId = db.prepare('SELECT max(local_id) AS id FROM operations');
  const statusCount = db.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM operations WHERE type = ? AND status = ? LIMIT ${RARE_STATUS + 1})`,
  );
  const counters = new Map<string, StatementSync>();
  const readCounts = new Map<string, StatementSync>();
  const firstInPlace = db.prepare(`SELECT local_id AS id FROM operations
    WHERE created_at >= ? AND local_id NOT IN (SELECT local_id FROM operations_out_of_order)
    ORDER BY created_at, local_id LIMIT 1`);

  // How many operations hold each trigram, so a query asks for its rarest ones: the AND of a
  // number's 13 trigrams took 20 ms, of its 3 rarest about 1 ms. Counting a trigram costs 15 ms
  // per 1,000,000 operations holding it, so counts are kept until the history grows.
  const counts = new Map<string, number>();
  let countedAt = 0;
  function rows(trigram: string): number {
    let n = counts.get(trigram);
    if (n === undefined) {
      n = Number((termRows.get(trigram) as { doc: number } | undefined)?.doc ?? 0);
      counts.set(trigram, n);
    }
    return n;
  }
  function recountIfGrown(): void {
    const newest = Number((newestId.get() as { id: number | null }).id ?? 0);
    if (newest > countedAt * RECOUNT_GROWTH + 1_000) {
      counts.clear();
      countedAt = newest;
    }
  }

  function query(text: string): TextQuery {
    recountIfGrown();
    const needles = forms(text);
    const match = needles
      .map((needle) => `(${rarest(trigrams(needle), rows, countedAt).join(' AND ')})`)
      .join(' OR ');
    return { match, needles };
  }

  /**
   * A status with few operations is read from its own index, each tested for the text: the index
   * would otherwise offer every match of a common fragment before finding one with that status.
   * Otherwise the operations in insertion order come from the index within the filter's local_id
   * range, newest local_id first, and stop at a page (sorting every match of a fragment as common
   * as "0002" by time took over 100 ms); those out of order are few and tested one by one. Totals
   * are only taken when the index offers few candidates, as each costs a row read (about 7 us).
   */
  function search(filter: HistoryFilter & { text: string }): Search {
    const text = query(filter.text);
    const holds: Clause = [
      `history_text_holds(f.text, ${text.needles.map(() => '?').join(', ')})`,
      ...text.needles,
    ];
    if (filter.status && rareStatus(filter)) {
      const branches = typesOf(filter).map((type) => ({
        from: 'operations o CROSS JOIN operation_text f ON f.rowid = o.local_id',
        clauses: [holds, ...filterTerms({ ...filter, type }, 'all')],
        order: BY_TIME,
      }));
      return { branches, overlapping: false, totals: () => 'few' as const };
    }
    // A state with few operations is read whole through its index, then the text tested.
    const own = rareState(filter, 'CROSS JOIN operation_text f ON f.rowid = o.local_id');
    if (own) {
      const branches = own.map((branch) => ({ ...branch, clauses: [holds, ...branch.clauses] }));
      return { branches, overlapping: false, totals: () => 'few' as const };
    }
    const outOfOrder: Branch = {
      from: `operations_out_of_order x CROSS JOIN operations o ON o.local_id = x.local_id
        CROSS JOIN operation_text f ON f.rowid = o.local_id`,
      clauses: [holds, ...filterTerms(filter, 'none')],
      order: BY_TIME,
    };
    const bounds = rowidBounds(filter);
    if (!bounds) return { branches: [outOfOrder], overlapping: false, totals: () => 'count' as const };
    const match: Clause[] = [['operation_text MATCH ?', text.match], ...bounds];
    const inOrder: Branch = {
      from: 'operation_text f CROSS JOIN operations o ON o.local_id = f.rowid',
      clauses: [
        ...match,
        ['f.rowid NOT IN (SELECT local_id FROM operations_out_of_order)'],
        holds,
        ...filterTerms(filter, 'none'),
      ],
      order: 'ORDER BY f.rowid DESC',
    };
    return {
      branches: [inOrder, outOfOrder],
      overlapping: false,
      totals: () => (candidates(match) <= FEW_CANDIDATES ? 'few' : 'none'),
    };
  }

  /** How many operations the index offers, counted up to one past FEW_CANDIDATES. */
  function candidates(match: Clause[]): number {
    const [where, params] = sqlFor(match);
    const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM operation_text f ${where} LIMIT ${FEW_CANDIDATES + 1})`;
    let statement = counters.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      counters.set(sql, statement);
    }
    return Number((statement.get(...params) as { n: number }).n);
  }

  /** The branches of a filter's state (stateBranches), when they read few operations. */
  function rareState(filter: HistoryFilter, join = ''): Branch[] | null {
    const own = stateBranches(filter, join);
    return own && readCount(own) <= RARE_STATUS ? own : null;
  }

  /** How many operations the branches read, up to one past RARE_STATUS each. */
  function readCount(branches: Branch[]): number {
    return branches.reduce((n, { from, clauses }) => {
      const [where, params] = sqlFor(clauses);
      const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${RARE_STATUS + 1})`;
      let statement = readCounts.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        readCounts.set(sql, statement);
      }
      return n + Number((statement.get(...params) as { n: number }).n);
    }, 0);
  }

  function rareStatus(filter: HistoryFilter): boolean {
    return typesOf(filter).every(
      (type) => Number((statusCount.get(type, filter.status!) as { n: number }).n) <= RARE_STATUS,
    );
  }

  /**
   * The local_id range the in-order operations of the filter's time window and page occupy, or
   * null when none can match. In-order operations sort by local_id as by time, so the window's
   * ends are the first in-order operations at or after `from` and `to`, and a page continues below
   * the cursor's local_id.
   */
  function rowidBounds(filter: HistoryFilter): Clause[] | null {
    const bounds: Clause[] = [];
    // As BigInt: the index takes a rowid bound only when it is bound as an integer, and a JS
    // number is bound as a float (ignored, 45 ms to read a day out of 1,000,000 operations).
    if (filter.from) {
      const first = firstInPlace.get(filter.from) as { id: number } | undefined;
      if (!first) return null;
      bounds.push(['f.rowid >= ?', BigInt(first.id)]);
    }
    const uppers: number[] = [];
    if (filter.to) {
      const after = firstInPlace.get(filter.to) as { id: number } | undefined;
      if (after) uppers.push(after.id);
    }
    if (filter.before) uppers.push(filter.before.localId);
    if (uppers.length) bounds.push(['f.rowid < ?', BigInt(Math.min(...uppers))]);
    return bounds;
  }

  return { search, rareState };
}

export type TextSearch = ReturnType<typeof createTextSearch>;

/** The text as typed, and a typed phone's digits run together ("+7 701 123" finds "+77011234567"). */
function forms(text: string): string[] {
  const folded = text.toLowerCase();
  const joined = folded.replace(PHONE_SEPARATORS, '');
  const phone = /^[\d \-().+]+$/.test(folded) && joined !== folded && [...joined].length >= MIN_TEXT_LENGTH;
  return phone ? [folded, joined] : [folded];
}

/** Each 3-character window, with where it starts. */
function trigrams(text: string): { trigram: string; at: number }[] {
  const chars = [...text];
  const seen = new Set<string>();
  const out: { trigram: string; at: number }[] = [];
  for (let at = 0; at + MIN_TEXT_LENGTH <= chars.length; at++) {
    const trigram = chars.slice(at, at + MIN_TEXT_LENGTH).join('');
    if (!seen.has(trigram)) {
      seen.add(trigram);
      out.push({ trigram, at });
    }
  }
  return out;
}

/**
 * The rarest few trigrams, quoted for the index, preferring ones that do not overlap: neighbours
 * share two characters, so together they narrow less than their counts suggest.
 */
function rarest(
  all: { trigram: string; at: number }[],
  rows: (trigram: string) => number,
  total: number,
): string[] {
  const step = Math.max(1, all.length / WEIGHED_TRIGRAMS);
  const weighed = Array.from(
    { length: Math.min(all.length, WEIGHED_TRIGRAMS) },
    (_, i) => all[Math.floor(i * step)]!,
  );
  const byRows = weighed.map((t) => ({ ...t, rows: rows(t.trigram) })).sort((a, b) => a.rows - b.rows);
  const chosen: typeof byRows = [];
  // How many operations hold all the chosen trigrams, were they independent.
  let left = total;
  const worthAsking = (t: (typeof byRows)[number]) =>
    !chosen.length || left * (1 - t.rows / Math.max(total, 1)) > WALK_PER_CONFIRM * t.rows;
  for (const apart of [true, false]) {
    for (const t of byRows) {
      if (chosen.length === MAX_ASKED) break;
      if (chosen.includes(t)) continue;
      if (apart && chosen.some((c) => Math.abs(c.at - t.at) < MIN_TEXT_LENGTH)) continue;
      if (!worthAsking(t)) break;
      chosen.push(t);
      left = (left * t.rows) / Math.max(total, 1);
    }
  }
  return chosen.map(({ trigram }) => `"${trigram.replaceAll('"', '""')}"`);
}

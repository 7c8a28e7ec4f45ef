// The history filter as SQL terms, shared by the searches and the totals.
import type { SQLInputValue } from 'node:sqlite';
import {
  FAILED_STATUSES,
  type HistoryState,
  KNOWN_STATUSES,
  OPEN_CASH_REASONS,
  OPERATION_TYPES,
  type OperationTypeValue,
} from '../../common/contract.ts';
import type { OperationRecord } from './operation-record.ts';

export type HistoryFilter = {
  text?: string | undefined;
  type?: OperationTypeValue | undefined;
  status?: string | undefined;
  /** A kind of status the filter offers besides the gateway's own (common/enums.ts HISTORY_STATES). */
  state?: HistoryState | undefined;
  from?: string | undefined;
  to?: string | undefined;
  training?: boolean | undefined;
  /** This desk's operations, or other desks' found by lookup. */
  origin?: 'counter' | 'lookup' | undefined;
  before?: { createdAt: string; localId: number } | undefined;
  limit: number;
};

/** A WHERE term and its parameters. */
export type Clause = [string, ...SQLInputValue[]];

/**
 * One query of a search: its operations `o` (FROM, with any joins), their terms, and the order in
 * which its index hands them out, newest first. A search is the merge of its branches.
 */
export type Branch = { from: string; clauses: Clause[]; order: string };

export const BY_TIME = 'ORDER BY o.created_at DESC, o.local_id DESC';

/**
 * The branches of a search, whether two of them may find the same operation (a number prefix and
 * a payer ID prefix), and how its totals can be taken: `few` when few operations can match, so
 * they are summed at once; `count` when counting the matches decides; `none` when even that would
 * take too long.
 */
export type Search = { branches: Branch[]; overlapping: boolean; totals(): 'few' | 'count' | 'none' };

export function sqlFor(clauses: Clause[]): [where: string, params: SQLInputValue[]] {
  return [
    clauses.length ? `WHERE ${clauses.map(([c]) => c).join(' AND ')}` : '',
    clauses.flatMap(([, ...params]) => params),
  ];
}

/**
 * The filter's terms on the operations `o`, and which of them SQLite may use an index for. A unary + hides a column from the planner, which
 * otherwise (having no statistics) trades a narrow index for the wide type/status one:
 * - `all`: type with status uses operations_by_type_status; a type alone is only tested while
 *   walking by time, since either type is about half of the history;
 * - `by_time`: the branch walks time (or the payer's own index), so only created_at is indexed;
 * - `none`: the branch's own term already narrows it to a few rows.
 */
export function filterTerms(filter: HistoryFilter, indexed: 'all' | 'by_time' | 'none'): Clause[] {
  const pair = indexed === 'all' && filter.type && filter.status ? '' : '+';
  const time = indexed === 'none' ? '+' : '';
  const clauses: Clause[] = [];
  if (filter.type) clauses.push([`${pair}o.type = ?`, filter.type]);
  if (filter.status) clauses.push([`${pair}o.status = ?`, filter.status]);
  clauses.push(...stateTerms(filter));
  if (filter.from) clauses.push([`${time}o.created_at >= ?`, filter.from]);
  // The page's cursor is the tighter upper bound whenever it is below `to`. As a plain range the
  // index starts at the cursor; the row value alone is only a filter (30-60 ms for deep pages).
  const { before } = filter;
  if (before && (!filter.to || before.createdAt < filter.to)) {
    clauses.push([`${time}o.created_at <= ?`, before.createdAt]);
  } else if (filter.to) {
    clauses.push([`${time}o.created_at < ?`, filter.to]);
  }
  if (before) clauses.push([`(${time}o.created_at, o.local_id) < (?, ?)`, before.createdAt, before.localId]);
  if (filter.training !== undefined) clauses.push(['o.training = ?', filter.training ? 1 : 0]);
  if (filter.origin) clauses.push(['+o.origin = ?', filter.origin]);
  return clauses;
}

const FAILED = [...FAILED_STATUSES];
const NAMED = [...KNOWN_STATUSES, ...FAILED];
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The terms that define each partial index of a state (migrations 0006 and 0010), written as the
 * index's own WHERE, constants included: SQLite uses a partial index only for a query that names
 * its terms. Each is few operations of the history, so any branch may read its index.
 */
const STATE_INDEX = {
  unknown: { index: 'operations_unsettled', term: 'o.final IS NOT 1' },
  not_created: { index: 'operations_not_created', term: "o.phase = 'not_created'" },
  open_cash: { index: 'operations_open_cash', term: `o.open_reason IN (${quoted(OPEN_CASH_REASONS)})` },
} as const;

/** The terms of a filter's `state`; each status of `cancelled` is asked as its own branch (perType). */
function stateTerms(filter: HistoryFilter): Clause[] {
  switch (filter.state) {
    case 'cancelled':
      return [[`+o.status IN (${marks(FAILED)})`, ...FAILED]];
    case 'unknown':
      return [[`+o.status NOT IN (${marks(NAMED)})`, ...NAMED], [STATE_INDEX.unknown.term]];
    case 'not_created':
    case 'open_cash':
      return [[STATE_INDEX[filter.state].term]];
    default:
      return [];
  }
}

/**
 * A status without a type is asked once per type, so even a rare status comes straight out of its
 * index; `cancelled` once per failed status and type.
 */
export function perType(filter: HistoryFilter): HistoryFilter[] {
  const statuses =
    filter.state === 'cancelled' && !filter.status
      ? FAILED.map((status) => ({ ...filter, status }))
      : [filter];
  return statuses.flatMap((f) =>
    f.status && !f.type ? OPERATION_TYPES.map((type) => ({ ...f, type })) : [f],
  );
}

/**
 * The branches of a filter read through its state's own index, newest first, with `join` added to
 * each (the text); null without a state. `cancelled` (or a state with a status) reads the
 * type/status index once per status and type; the others their partial index, whole (open cash
 * once per type).
 */
export function stateBranches(filter: HistoryFilter, join = ''): Branch[] | null {
  const { state } = filter;
  if (!state) return null;
  if (state === 'cancelled' || filter.status) {
    return perType(filter).map((f) => ({
      from: `operations o ${join}`,
      clauses: filterTerms(f, 'all'),
      order: BY_TIME,
    }));
  }
  const from = `operations o INDEXED BY ${STATE_INDEX[state].index} ${join}`;
  if (state !== 'open_cash') return [{ from, clauses: filterTerms(filter, 'all'), order: BY_TIME }];
  // Its index leads with the type: asked once per type.
  return typesOf(filter).map((type) => ({
    from,
    clauses: [['o.type = ?', type], ...filterTerms({ ...filter, type: undefined }, 'all')],
    order: BY_TIME,
  }));
}

export function typesOf(filter: HistoryFilter): OperationTypeValue[] {
  return filter.type ? [filter.type] : [...OPERATION_TYPES];
}

/** Branches each newest first, merged newest first without repeats, cut to one page. */
export function merged(branches: OperationRecord[][], limit: number): OperationRecord[] {
  const seen = new Set<number>();
  const rows: OperationRecord[] = [];
  for (const row of branches.flat()) {
    if (!seen.has(row.localId)) {
      seen.add(row.localId);
      rows.push(row);
    }
  }
  if (branches.length > 1) rows.sort(newestFirst);
  return rows.slice(0, limit);
}

function newestFirst(a: OperationRecord, b: OperationRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.localId - a.localId;
}

// History search: newest first, keyset-paged, fast over a million operations.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { OPERATION_TYPES } from '../../common/contract.ts';
import { fromRow, type OperationRecord } from './operation-record.ts';

export type HistoryFilter = {
  text?: string | undefined;
  type?: (typeof OPERATION_TYPES)[number] | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  training?: boolean | undefined;
  origin?: 'counter' | 'lookup' | undefined;
  before?: { createdAt: string; localId: number } | undefined;
  limit: number;
};

export function createHistorySearch(db: DatabaseSync) {
  const statements = new Map<string, StatementSync>();
  const prefixProbe = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM operations
    WHERE operation_number >= ? AND operation_number < ? LIMIT ${SPARSE_PREFIX + 1})`);

  /**
   * Newest first, keyset-paged by (createdAt, localId). Each branch is one query that a chosen
   * index answers in order, stopping after `limit` rows, and the branches are merged here. One
   * query with OR (or with a type alone) makes SQLite sort every match before it can stop, which
   * took seconds over 1,000,000 operations for a short number prefix typed into the search box.
   */
  return function search(filter: HistoryFilter): OperationRecord[] {
    const branches: Clause[][] = [];
    if (filter.text) {
      const [low, high] = prefixRange(filter.text);
      branches.push([['payer_id = ?', filter.text], ...terms(filter, 'by_time')]);
      if (Number((prefixProbe.get(low, high) as { n: number }).n) <= SPARSE_PREFIX) {
        // Few numbers with this prefix: read them through the number index and sort them.
        branches.push([
          ['operation_number >= ? AND operation_number < ?', low, high],
          ...terms(filter, 'none'),
        ]);
      } else {
        // Many: walk newest first through an index that carries the number, stopping at the
        // `limit`-th match; the type/status index when a status is asked for, else the time index.
        const number: Clause = ['+operation_number >= ? AND +operation_number < ?', low, high];
        for (const f of perType(filter)) branches.push([number, ...terms(f, f.status ? 'all' : 'by_time')]);
      }
    } else {
      for (const f of perType(filter)) branches.push(terms(f, 'all'));
    }
    const seen = new Set<number>();
    const rows: OperationRecord[] = [];
    for (const clauses of branches) {
      for (const row of select(clauses, filter.limit)) {
        if (!seen.has(row.localId)) {
          seen.add(row.localId);
          rows.push(row);
        }
      }
    }
    if (branches.length > 1) rows.sort(newestFirst);
    return rows.slice(0, filter.limit);
  };

  function select(clauses: Clause[], limit: number): OperationRecord[] {
    const where = clauses.length ? `WHERE ${clauses.map(([c]) => c).join(' AND ')}` : '';
    let statement = statements.get(where);
    if (!statement) {
      statement = db.prepare(
        `SELECT * FROM operations ${where} ORDER BY created_at DESC, local_id DESC LIMIT ?`,
      );
      statements.set(where, statement);
    }
    return statement.all(...clauses.flatMap(([, ...params]) => params), limit).map(fromRow);
  }
}

/** A WHERE term and its parameters. */
type Clause = [string, ...SQLInputValue[]];

/** Up to this many operations with a number prefix are fetched by that prefix and sorted (≤ ~20 ms). */
const SPARSE_PREFIX = 5_000;

function prefixRange(text: string): [string, string] {
  return [text, `${text}\u{10FFFF}`];
}

/** A status without a type is asked once per type, so even a rare status comes straight out of its index. */
function perType(filter: HistoryFilter): HistoryFilter[] {
  return filter.status && !filter.type ? OPERATION_TYPES.map((type) => ({ ...filter, type })) : [filter];
}

function newestFirst(a: OperationRecord, b: OperationRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.localId - a.localId;
}

/**
 * Which filter terms SQLite may use an index for. A unary + hides a column from the planner, which
 * otherwise (having no statistics) trades a narrow index for the wide type/status one:
 * - `all`: type with status uses operations_by_type_status; a type alone is only tested while
 *   walking by time, since either type is about half of the history;
 * - `by_time`: the branch walks time (or the payer's own index), so only created_at is indexed;
 * - `none`: the branch's own term already narrows it to a few rows.
 */
function terms(filter: HistoryFilter, indexed: 'all' | 'by_time' | 'none'): Clause[] {
  const pair = indexed === 'all' && filter.type && filter.status ? '' : '+';
  const time = indexed === 'none' ? '+' : '';
  const clauses: Clause[] = [];
  if (filter.type) clauses.push([`${pair}type = ?`, filter.type]);
  if (filter.status) clauses.push([`${pair}status = ?`, filter.status]);
  if (filter.from) clauses.push([`${time}created_at >= ?`, filter.from]);
  // The page's cursor is the tighter upper bound whenever it is below `to`. As a plain range the
  // index starts at the cursor; the row value alone is only a filter (30-60 ms for deep pages).
  const { before } = filter;
  if (before && (!filter.to || before.createdAt < filter.to)) {
    clauses.push([`${time}created_at <= ?`, before.createdAt]);
  } else if (filter.to) {
    clauses.push([`${time}created_at < ?`, filter.to]);
  }
  if (before) clauses.push([`(${time}created_at, local_id) < (?, ?)`, before.createdAt, before.localId]);
  if (filter.training !== undefined) clauses.push(['training = ?', filter.training ? 1 : 0]);
  if (filter.origin) clauses.push(['+origin = ?', filter.origin]);
  return clauses;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AppError,
  HISTORY_STATES,
  type HistoryRow,
  type HistoryState,
  type OperationTypeValue,
  type Request,
  type Response,
} from '../../../common/contract.ts';
import { startOfDay } from '../../shared/dates.ts';
import { historyApi } from '../api.ts';

export type HistoryQuery = {
  text: string;
  type: OperationTypeValue | '';
  /** A gateway status (created, captured) or one of HISTORY_STATES; empty for any. */
  status: string;
  /** Local calendar days, as `<input type="date">` gives them. */
  from: string;
  to: string;
  /** This desk's own operations, or other desks' ones found by lookup. */
  origin: 'counter' | 'lookup';
};

type Cursor = NonNullable<Response<'history.search'>['next']>;
export type HistoryTotals = Response<'history.search'>['totals'];

const PAGE = 50;

/** Newest first, one page at a time: `more()` follows the core's cursor when the list nears its end. */
export function useHistorySearch(query: HistoryQuery) {
  const [rows, setRows] = useState<HistoryRow[]>([]);
  const [next, setNext] = useState<Cursor | null>(null);
  // Only the first page carries totals; undefined until it has answered.
  const [totals, setTotals] = useState<HistoryTotals | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<AppError | null>(null);
  // Answers to an older query arrive after newer ones have started; only the latest may land.
  const generation = useRef(0);

  const load = useCallback(
    async (before: Cursor | undefined) => {
      const current = generation.current;
      setLoading(true);
      const result = await historyApi.search(toRequest(query, before));
      if (current !== generation.current) return;
      setLoading(false);
      if (!result.ok) return setError(result.error);
      setError(null);
      setRows((previous) => (before ? [...previous, ...result.value.rows] : result.value.rows));
      setNext(result.value.next);
      if (!before) setTotals(result.value.totals);
    },
    [query],
  );

  useEffect(() => {
    generation.current += 1;
    setRows([]);
    setNext(null);
    setTotals(undefined);
    void load(undefined);
  }, [load]);

  const more = useCallback(() => {
    if (next && !loading) void load(next);
  }, [next, loading, load]);

  return { rows, totals, loading, error, hasMore: next !== null, more };
}

function toRequest(query: HistoryQuery, before: Cursor | undefined): Request<'history.search'> {
  return {
    text: query.text.trim() || undefined,
    type: query.type || undefined,
    status: isState(query.status) ? undefined : query.status || undefined,
    state: isState(query.status) ? query.status : undefined,
    origin: query.origin,
    from: query.from ? startOfDay(query.from, 0) : undefined,
    to: query.to ? new Date(Date.parse(startOfDay(query.to, 1)) - 1).toISOString() : undefined,
    before,
    limit: PAGE,
  };
}

const isState = (value: string): value is HistoryState =>
  (HISTORY_STATES as readonly string[]).includes(value);

import { useCallback, useEffect, useState } from 'react';
import type { AppError, Result } from '../../../common/contract.ts';

/**
 * One read when the screen opens, and again on `reload` (after a push says it changed). A reply
 * that arrives after the screen closed is dropped.
 */
export function useResult<T>(read: () => Promise<Result<T>>): {
  value: T | null;
  error: AppError | null;
  reload(): void;
  set(value: T): void;
} {
  const [state, setState] = useState<{ value: T | null; error: AppError | null }>({
    value: null,
    error: null,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when asked (round)
  useEffect(() => {
    let live = true;
    void read().then((result) => {
      if (!live) return;
      setState(result.ok ? { value: result.value, error: null } : { value: null, error: result.error });
    });
    return () => {
      live = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((value: T) => setState({ value, error: null }), []);
  return { ...state, reload, set };
}

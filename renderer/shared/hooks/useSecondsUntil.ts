import { useEffect, useState } from 'react';

/** Whole seconds until a moment (ms since the epoch), ticking; 0 once it has passed or with none. */
export function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const over = deadline === null || now >= deadline;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [over]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** m:ss, as a countdown reads. */
export function clockOf(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

import { useEffect, useState } from 'react';

/**
 * Clocks drift and requests take time, so the screen stops a little before `expiredAt`: the same
 * margin inside which the core refuses to submit (EXPIRY_SKEW_MS in main/checkout.ts).
 */
const SKEW_MS = 5_000;

export function useSecondsLeft(expiredAt: string): number {
  const deadline = Date.parse(expiredAt) - SKEW_MS;
  const [now, setNow] = useState(() => Date.now());
  const expired = now >= deadline;
  useEffect(() => {
    if (expired) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expired]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

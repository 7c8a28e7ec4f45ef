import { useEffect, useState } from 'react';
import { deadlineOf } from '../state/sessionClock.ts';

export function useSecondsLeft(expiredAt: string): number {
  const deadline = deadlineOf(expiredAt);
  const [now, setNow] = useState(() => Date.now());
  const expired = now >= deadline;
  useEffect(() => {
    if (expired) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expired]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

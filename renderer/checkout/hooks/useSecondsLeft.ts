import { useSecondsUntil } from '../../shared/hooks/useSecondsUntil.ts';
import { deadlineOf } from '../state/sessionClock.ts';

export function useSecondsLeft(expiredAt: string): number {
  return useSecondsUntil(deadlineOf(expiredAt));
}

import type { OperationView } from '../../../common/contract.ts';
import { useSecondsUntil } from '../../shared/hooks/useSecondsUntil.ts';
import { deadlineOf } from '../state/sessionClock.ts';

/** Seconds the session may still be used, by the core's answer: 0 once it may not. */
export function useSecondsLeft(operation: OperationView): number {
  return useSecondsUntil(operation.meaning.session?.usable ? deadlineOf(operation) : null);
}

import type { OperationView } from '../../../common/contract.ts';

/**
 * Until when the session may be used, as the core's answer says (a skew margin before the gateway's
 * expiry, main/operations/session-answer.ts); null with none.
 */
export function deadlineOf(operation: OperationView): number | null {
  const until = operation.meaning.session?.until;
  return until ? Date.parse(until) : null;
}

/** The answer said no, or its deadline has passed since. */
export function sessionExpired(operation: OperationView): boolean {
  const deadline = deadlineOf(operation);
  return !operation.meaning.session?.usable || deadline === null || Date.now() >= deadline;
}

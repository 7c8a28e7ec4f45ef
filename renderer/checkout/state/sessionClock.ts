import type { OperationView } from '../../../common/contract.ts';

/**
 * Clocks drift and requests take time, so the desk stops a little before `expiredAt`: the same
 * margin inside which the core refuses to submit (EXPIRY_SKEW_MS in main/checkout.ts).
 */
const SKEW_MS = 5_000;

export function deadlineOf(expiredAt: string): number {
  return Date.parse(expiredAt) - SKEW_MS;
}

export function sessionExpired(operation: OperationView): boolean {
  if (operation.phase === 'expired') return true;
  return operation.session !== null && Date.now() >= deadlineOf(operation.session.expiredAt);
}

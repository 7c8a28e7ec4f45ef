import { EXPIRY_MARGIN_MS, type OperationView } from '../../../common/contract.ts';

/**
 * Clocks drift and requests take time, so the desk stops a little before `expiredAt`: the same
 * margin inside which the core refuses to submit.
 */

export function deadlineOf(expiredAt: string): number {
  return Date.parse(expiredAt) - EXPIRY_MARGIN_MS;
}

export function sessionExpired(operation: OperationView): boolean {
  if (operation.phase === 'expired') return true;
  return operation.session !== null && Date.now() >= deadlineOf(operation.session.expiredAt);
}

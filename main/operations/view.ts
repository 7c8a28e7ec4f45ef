// What the renderer sees of an operation, and the one rule that says what the agent may do with cash.
import {
  type CashAdvice,
  type Custody,
  FINAL_STATUSES,
  type OpenReason,
  type OperationView,
} from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

export function isFinal(record: OperationRecord): boolean {
  return (
    record.phase === 'session_failed' ||
    record.phase === 'not_created' ||
    record.phase === 'abandoned' ||
    record.phase === 'expired' ||
    (record.phase === 'created' && record.status !== null && FINAL_STATUSES.has(record.status))
  );
}

/**
 * Payin: the payer's cash is taken once the gateway holds the operation, and the agent then confirms.
 * Payout: cash is handed over only once the operation reads `captured`.
 * Once the agent has recorded the cash that moved, no screen ever advises moving it again.
 * Whenever the outcome, the status or the gateway's figures are in doubt, no cash moves; nor for
 * operations another terminal ran.
 */
export function cashAdvice(record: OperationRecord): CashAdvice {
  switch (record.phase) {
    case 'opening':
    case 'creating':
    case 'outcome_unknown':
      return 'hold';
    case 'created':
      // An operation found by lookup was run elsewhere: its cash may already have changed hands.
      if (record.origin === 'lookup') return 'none';
      if (record.mismatch) return 'hold';
      if (record.custodyAt) return 'none';
      if (record.status === 'captured') return record.type === 'payin' ? 'accept' : 'hand_over';
      if (record.status === 'created' && record.type === 'payin') return 'accept';
      return 'hold';
    default:
      return 'none';
  }
}

/** Why this desk's operation still needs someone, or null when it is settled. */
export function openReason(record: OperationRecord): OpenReason | null {
  if (record.origin !== 'counter') return null;
  if (record.phase === 'outcome_unknown' || record.phase === 'creating') return 'outcome_unknown';
  if (record.phase !== 'created') return null;
  if (record.mismatch) return 'mismatch';
  const known = record.status === 'created' || record.status === 'captured';
  if (record.type === 'payin') {
    if (!record.custodyAt && known) return 'take_cash';
    if (record.custodyAt && record.status !== 'captured') return 'cash_not_captured';
    return isFinal(record) ? null : 'waiting';
  }
  if (record.status === 'captured') return record.custodyAt ? null : 'hand_over';
  return isFinal(record) ? null : 'waiting';
}

function custody(record: OperationRecord): Custody | null {
  if (!record.custodyKind || !record.custodyAt) return null;
  return {
    kind: record.custodyKind,
    amount: record.amount,
    currency: record.currency,
    at: record.custodyAt,
    terminalId: record.custodyTerminalId ?? record.terminalId,
    operator: record.custodyOperator,
  };
}

export function toView(record: OperationRecord): OperationView {
  return {
    localId: record.localId,
    operationNumber: record.operationNumber,
    shopId: record.shopId,
    type: record.type,
    terminalId: record.terminalId,
    training: record.training,
    methodId: record.methodId,
    methodName: record.methodName,
    instrumentType: record.instrumentType,
    payerId: record.payerId,
    amount: record.amount,
    currency: record.currency,
    phase: record.phase,
    status: record.status,
    final: isFinal(record),
    cash: cashAdvice(record),
    session:
      record.sessionId && record.sessionExpiresAt
        ? {
            id: record.sessionId,
            expiredAt: record.sessionExpiresAt,
            payerRequisites: record.payerRequisites,
            paymentMethodRequisites: record.methodRequisites,
          }
        : null,
    gatewayId: record.gatewayId,
    settlementAmount: record.settlementAmount,
    settlementCurrency: record.settlementCurrency,
    registeredAt: record.registeredAt,
    gatewayUpdatedAt: record.gatewayUpdatedAt,
    isCorrection: record.isCorrection,
    parent: record.parent ?? null,
    payerDetails: record.payerDetails,
    paymentMethodRequisites: record.methodRequisites,
    lastError:
      record.lastErrorKind !== null
        ? { kind: record.lastErrorKind, message: record.lastErrorMessage ?? '' }
        : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastCheckedAt: record.lastCheckedAt,
    printCount: record.printCount,
    gatewayUrl: record.gatewayUrl,
    mismatch: record.mismatch,
    custody: custody(record),
    ownDesk: record.origin === 'counter',
    operator: record.operator,
    shiftId: record.shiftId,
  };
}

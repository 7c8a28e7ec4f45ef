// What the renderer sees of an operation, and the one rule that says what the agent may do with cash.
import { type CashAdvice, FINAL_STATUSES, type OperationView } from '../../common/contract.ts';
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
 * Whenever the outcome or status is uncertain, no cash moves; nor for operations another terminal ran.
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
      if (record.status === 'captured') return record.type === 'payin' ? 'accept' : 'hand_over';
      if (record.status === 'created' && record.type === 'payin') return 'accept';
      return 'hold';
    default:
      return 'none';
  }
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
  };
}

// What the renderer sees of an operation: the record as kept, with the one answer of meaning.ts for
// this desk now. No screen works out anything about cash from the other fields.
import type { Custody, OperationView } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';
import { type DeskContext, meaningOf } from './meaning.ts';

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

export function toView(record: OperationRecord, desk: DeskContext): OperationView {
  const answer = meaningOf(record, desk);
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
    final: answer.final,
    cash: answer.cash,
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
    returned:
      record.returnedAt && record.returnedOperator
        ? { at: record.returnedAt, operator: record.returnedOperator }
        : null,
    meaning: answer.meaning,
    ownDesk: record.origin === 'counter',
    operator: record.operator,
    shiftId: record.shiftId,
  };
}

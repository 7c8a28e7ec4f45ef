// What the sandbox stores for a session and its operation, and the shapes it answers with.
import type { Catalogue, MethodType, OperationType, RequisiteKind } from './catalogue.ts';
import { maskRequisiteValue } from './requisites.ts';
import { isoMillis } from './time.ts';
import type { OpenSessionInput } from './validation.ts';

export type PaymentMethodTypeView = Pick<
  MethodType,
  'id' | 'name' | 'instrumentType' | 'country' | 'currency' | 'minAmount' | 'maxAmount'
>;

export type RequisiteView = { name: string; value: string };
export type PayerDetailView = { name: string; title: string; type: string; value: string };

export type SessionView = {
  sessionId: string;
  expiredAt: string;
  payerRequisites: { name: string; title: string; type: string }[];
  paymentMethodRequisites?: RequisiteView[];
};

export type OperationView = {
  type: OperationType;
  id: string | number;
  shopId: number;
  operationNumber: string;
  paymentMethodRequisites?: RequisiteView[];
  payerId: string;
  amount: string;
  currency: string;
  settlementAmount: string;
  settlementCurrency: string;
  registeredAt: string;
  updatedAt: string;
  status: string;
  isCorrection: boolean;
  payerDetails: PayerDetailView[];
};

export type OperationEnvelope = { operation: OperationView; parent: null };

export type StoredOperation = {
  id: string | number;
  session: Session;
  payerDetails: (PayerDetailView & { kind: RequisiteKind })[];
  settlementAmount: string;
  registeredAt: number;
  updatedAt: number;
  status: string;
};

export type Session = {
  id: string;
  input: OpenSessionInput;
  method: MethodType;
  expiresAt: number;
  operation?: StoredOperation;
};

export function envelope(catalogue: Catalogue, stored: StoredOperation, masked: boolean): OperationEnvelope {
  const { input, method } = stored.session;
  const show = (kind: RequisiteKind, value: string) => (masked ? maskRequisiteValue(kind, value) : value);
  const operation: OperationView = {
    type: input.operationType,
    id: stored.id,
    shopId: input.shopId,
    operationNumber: input.operationNumber,
    ...(method.paymentMethodRequisites && {
      paymentMethodRequisites: method.paymentMethodRequisites.map(({ name, value, kind }) => ({
        name,
        value: show(kind, value),
      })),
    }),
    payerId: input.payerId,
    amount: input.amount,
    currency: input.currency,
    settlementAmount: stored.settlementAmount,
    settlementCurrency: catalogue.settlementCurrency,
    registeredAt: isoMillis(stored.registeredAt),
    updatedAt: isoMillis(stored.updatedAt),
    status: stored.status,
    isCorrection: false,
    payerDetails: stored.payerDetails.map(({ name, title, type, value, kind }) => ({
      name,
      title,
      type,
      value: show(kind, value),
    })),
  };
  return { operation, parent: null };
}

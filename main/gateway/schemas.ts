// The gateway contract (shared/gateway-api.md §2), declared once. Lenient where the spec shows
// variation, strict where a wrong value would cost money or hide an operation.
import { z } from 'zod';
import { KNOWN_STATUSES, type OperationTypeValue } from '../../common/enums.ts';
import { DECIMAL_PATTERN } from '../../common/money.ts';
import { operationType, PayerDetail, Requisite, RequisiteDescriptor } from '../../common/values.ts';

const decimal = z.string().regex(DECIMAL_PATTERN, 'expected a decimal string');
const timestamp = z.iso.datetime({ offset: true });
const currency = z.string().regex(/^[A-Z]{3}$/, 'expected a three-letter currency code');

/** Known values are typed for autocomplete; anything else is kept as it came. */
function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().min(1) as unknown as z.ZodType<T[number] | (string & {})>;
}

export const InstrumentType = openEnum(['cash', 'bank_transfer'] as const);
export const OperationStatus = openEnum(KNOWN_STATUSES);
export type OperationStatus = z.infer<typeof OperationStatus>;

export const PaymentMethodType = z.object({
  id: z.string().min(1),
  name: z.string(),
  instrumentType: InstrumentType,
  country: z.string(),
  currency,
  minAmount: decimal,
  maxAmount: decimal,
});
export type PaymentMethodType = z.infer<typeof PaymentMethodType>;

// The requisite shapes are the bridge's (common/values.ts): what the gateway sends is what the
// screens are shown, declared once.

/** Absent in some responses (spec §2.2): normalised to an empty list. */
const paymentMethodRequisites = z.array(Requisite).optional().default([]);

export const Session = z.object({
  sessionId: z.string().min(1),
  expiredAt: timestamp,
  payerRequisites: z.array(RequisiteDescriptor),
  paymentMethodRequisites,
});
export type Session = z.infer<typeof Session>;

export const Operation = z.object({
  type: operationType,
  // Observed both as a UUID string and as an integer; one type inside the app.
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  shopId: z.number().int(),
  operationNumber: z.string().min(1),
  paymentMethodRequisites,
  payerId: z.string(),
  amount: decimal,
  currency,
  settlementAmount: decimal,
  settlementCurrency: currency,
  registeredAt: timestamp,
  updatedAt: timestamp,
  status: OperationStatus,
  isCorrection: z.boolean(),
  payerDetails: z.array(PayerDetail),
});
export type Operation = z.infer<typeof Operation>;

/** `parent` is null in every observed response; its shape is not shown, so it stays opaque. */
export const OperationEnvelope = z.object({
  operation: Operation,
  parent: z.record(z.string(), z.unknown()).nullable(),
});
export type OperationEnvelope = z.infer<typeof OperationEnvelope>;

export function enveloped<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ListPaymentMethodTypesResponse = enveloped(z.array(PaymentMethodType));
export const SessionResponse = enveloped(Session);
export const OperationResponse = enveloped(OperationEnvelope);

export type PayerRequisiteValue = { name: string; type: string; value: string };

export type OpenSessionRequest = {
  paymentMethodTypeId: string;
  operationType: OperationTypeValue;
  shopId: number;
  operationNumber: string;
  payerId: string;
  amount: string;
  currency: string;
};

export type CreateOperationRequest = {
  sessionId: string;
  payerRequisites: PayerRequisiteValue[];
};

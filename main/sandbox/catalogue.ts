// The training gateway's fixed world: shops, payment method types and settlement rates. Plain data,
// so docs/sandbox.md can describe it row by row and tests can rely on exact values.

import type { OperationTypeValue } from '../../common/enums.ts';

/** The app's own list (common/enums.ts): the sandbox speaks the same contract. */
export type OperationType = OperationTypeValue;

/** Decides the value's format check and whether retrieval masks it (see requisites.ts). */
export type RequisiteKind = 'name' | 'phone' | 'card' | 'account' | 'text';

export type PayerRequisite = { name: string; title: string; type: 'string'; kind: RequisiteKind };

export type MethodRequisite = { name: string; value: string; kind: RequisiteKind };

export type MethodType = {
  id: string;
  name: string;
  instrumentType: 'cash' | 'bank_transfer';
  country: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  operationType: OperationType;
  /** The real gateway was observed answering with both kinds of operation id. */
  operationIds: 'uuid' | 'integer';
  payerRequisites: readonly PayerRequisite[];
  /** Omitted entirely, not empty, where the method has none: the spec shows both. */
  paymentMethodRequisites?: readonly MethodRequisite[];
};

export type Shop = { id: number; name: string; methodTypeIds: readonly string[] };

export type Catalogue = {
  shops: readonly Shop[];
  methodTypes: readonly MethodType[];
  settlementCurrency: string;
  /** Units of the settlement currency per one unit of the operation currency, as decimal strings. */
  settlementRates: Readonly<Record<string, string>>;
};

const fullName: PayerRequisite = { name: 'fullName', title: 'Full name', type: 'string', kind: 'name' };
const phone: PayerRequisite = { name: 'phone', title: 'Phone number', type: 'string', kind: 'phone' };
const cardNumber: PayerRequisite = { name: 'cardNumber', title: 'Card number', type: 'string', kind: 'card' };
const iban: PayerRequisite = { name: 'iban', title: 'IBAN', type: 'string', kind: 'account' };

const cashKztIn: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
  name: 'Cash KZT',
  instrumentType: 'cash',
  country: 'KZ',
  currency: 'KZT',
  minAmount: '500',
  maxAmount: '500000',
  operationType: 'payin',
  operationIds: 'uuid',
  payerRequisites: [phone],
  paymentMethodRequisites: [
    { name: 'cashPointCode', value: 'KZ-ALA-0042', kind: 'text' },
    { name: 'cashPointAddress', value: 'Almaty, 10 Abay Avenue', kind: 'text' },
  ],
};

const bankKztIn: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000102',
  name: 'Bank transfer KZT',
  instrumentType: 'bank_transfer',
  country: 'KZ',
  currency: 'KZT',
  minAmount: '1000',
  maxAmount: '2000000',
  operationType: 'payin',
  operationIds: 'integer',
  payerRequisites: [fullName, cardNumber],
  paymentMethodRequisites: [
    { name: 'cardNumber', value: '4400430212345678', kind: 'card' },
    { name: 'recipientName', value: 'Training Recipient LLP', kind: 'text' },
  ],
};

const cashUzsIn: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000103',
  name: 'Cash UZS',
  instrumentType: 'cash',
  country: 'UZ',
  currency: 'UZS',
  minAmount: '10000',
  maxAmount: '50000000',
  operationType: 'payin',
  operationIds: 'integer',
  payerRequisites: [fullName, phone],
};

const bankTryIn: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000104',
  name: 'Bank transfer TRY',
  instrumentType: 'bank_transfer',
  country: 'TR',
  currency: 'TRY',
  minAmount: '50.00',
  maxAmount: '100000.00',
  operationType: 'payin',
  operationIds: 'uuid',
  payerRequisites: [fullName, iban],
  paymentMethodRequisites: [
    { name: 'iban', value: 'TR330006100519786457841326', kind: 'account' },
    { name: 'recipientName', value: 'Training Alici A.S.', kind: 'text' },
  ],
};

const cashKztOut: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000201',
  name: 'Cash KZT',
  instrumentType: 'cash',
  country: 'KZ',
  currency: 'KZT',
  minAmount: '1000',
  maxAmount: '300000',
  operationType: 'payout',
  operationIds: 'uuid',
  payerRequisites: [fullName, phone],
  paymentMethodRequisites: [{ name: 'cashPointCode', value: 'KZ-ALA-0042', kind: 'text' }],
};

const cardKztOut: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000202',
  name: 'Card payout KZT',
  instrumentType: 'bank_transfer',
  country: 'KZ',
  currency: 'KZT',
  minAmount: '1000',
  maxAmount: '1000000',
  operationType: 'payout',
  operationIds: 'integer',
  payerRequisites: [cardNumber],
};

const bankUzsOut: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000203',
  name: 'Bank transfer UZS',
  instrumentType: 'bank_transfer',
  country: 'UZ',
  currency: 'UZS',
  minAmount: '50000',
  maxAmount: '100000000',
  operationType: 'payout',
  operationIds: 'uuid',
  payerRequisites: [fullName, cardNumber],
};

const cashTryOut: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000204',
  name: 'Cash TRY',
  instrumentType: 'cash',
  country: 'TR',
  currency: 'TRY',
  minAmount: '100',
  maxAmount: '20000.50',
  operationType: 'payout',
  operationIds: 'integer',
  payerRequisites: [fullName, phone],
  paymentMethodRequisites: [{ name: 'cashPointCode', value: 'TR-IST-0007', kind: 'text' }],
};

const bankGelOut: MethodType = {
  id: '5b1e7c1a-0a11-4c6e-9d11-000000000205',
  name: 'Bank transfer GEL',
  instrumentType: 'bank_transfer',
  country: 'GE',
  currency: 'GEL',
  minAmount: '10.00',
  maxAmount: '5000.00',
  operationType: 'payout',
  operationIds: 'uuid',
  payerRequisites: [fullName, iban],
};

const allMethodTypes = [
  cashKztIn,
  bankKztIn,
  cashUzsIn,
  bankTryIn,
  cashKztOut,
  cardKztOut,
  bankUzsOut,
  cashTryOut,
  bankGelOut,
];

export const DEFAULT_CATALOGUE: Catalogue = {
  shops: [
    { id: 1001, name: 'Training shop', methodTypeIds: allMethodTypes.map((m) => m.id) },
    // A single payin method, so the "only one method fits" path can be exercised.
    {
      id: 1002,
      name: 'Second shop',
      methodTypeIds: [cashKztIn.id, cashKztOut.id, cardKztOut.id, cashTryOut.id],
    },
  ],
  methodTypes: allMethodTypes,
  settlementCurrency: 'USD',
  settlementRates: { KZT: '0.0021', UZS: '0.000079', TRY: '0.0305', GEL: '0.37' },
};

// Shape checks for every request (400, naming each bad field). Whether a well-formed request fits
// the catalogue and the ledger is the ledger's business (404/409/410/422).
import { OPERATION_TYPES } from '../../common/enums.ts';
import { isAmount } from '../../common/money.ts';
import type { OperationType } from './catalogue.ts';
import { type FieldReasons, SandboxError, throwIfAny } from './errors.ts';
import type { OperationKey } from './routes.ts';

export type ListQuery = { shopId: number; operationType: OperationType };

export type OpenSessionInput = {
  paymentMethodTypeId: string;
  operationType: OperationType;
  shopId: number;
  operationNumber: string;
  payerId: string;
  amount: string;
  currency: string;
};

export type RequisiteInput = { name: string; type: string; value: string };

export type CreateOperationInput = { sessionId: string; payerRequisites: RequisiteInput[] };

export type OperationLookup = { shopId: number; operationNumber: string };

const MAX_OPERATION_NUMBER = 64;
const MAX_ID_LENGTH = 128;
const INTEGER_TEXT = /^-?\d{1,15}$/;

export function parseListQuery(query: URLSearchParams): ListQuery {
  const fields: FieldReasons = {};
  const shopId = query.get('shopId');
  const operationType = query.get('operationType');
  if (shopId === null) fields.shopId = 'is required';
  else if (!INTEGER_TEXT.test(shopId)) fields.shopId = 'must be an integer';
  if (operationType === null) fields.operationType = 'is required';
  else if (!isOperationType(operationType)) fields.operationType = 'must be payin or payout';
  throwIfAny('invalid_request', 'invalid_request', 'The query is invalid', fields);
  return { shopId: Number(shopId), operationType: operationType as OperationType };
}

export function parseOpenSession(body: unknown): OpenSessionInput {
  const record = asObject(body);
  const fields: FieldReasons = {};
  const text = (name: string, maxLength: number): void => {
    const value = record[name];
    if (value === undefined) fields[name] = 'is required';
    else if (typeof value !== 'string') fields[name] = 'must be a string';
    else if (value.trim() === '') fields[name] = 'must not be empty';
    else if (value.length > maxLength) fields[name] = `must be at most ${maxLength} characters`;
  };
  text('paymentMethodTypeId', MAX_ID_LENGTH);
  text('payerId', MAX_ID_LENGTH);
  text('operationNumber', MAX_OPERATION_NUMBER);
  text('amount', 32);
  text('currency', 3);
  const { operationType, shopId, operationNumber, amount, currency } = record;
  if (operationType === undefined) fields.operationType = 'is required';
  else if (!isOperationType(operationType)) fields.operationType = 'must be payin or payout';
  if (shopId === undefined) fields.shopId = 'is required';
  else if (!Number.isSafeInteger(shopId)) fields.shopId = 'must be an integer';
  if (!fields.operationNumber) {
    const problem = operationNumberProblem(operationNumber as string);
    if (problem) fields.operationNumber = problem;
  }
  if (!fields.amount && !isAmount(amount as string)) {
    fields.amount = 'must be <integer> or <integer>.<2 digits>, e.g. 150 or 150.00';
  }
  if (!fields.currency && !/^[A-Z]{3}$/.test(currency as string)) {
    fields.currency = 'must be a three-letter currency code';
  }
  throwIfAny('invalid_request', 'invalid_request', 'The request body is invalid', fields);
  return record as OpenSessionInput;
}

export function parseCreateOperation(body: unknown): CreateOperationInput {
  const record = asObject(body);
  const fields: FieldReasons = {};
  const { sessionId, payerRequisites } = record;
  if (sessionId === undefined) fields.sessionId = 'is required';
  else if (typeof sessionId !== 'string' || sessionId === '') fields.sessionId = 'must be a non-empty string';
  if (payerRequisites === undefined) fields.payerRequisites = 'is required';
  else if (!Array.isArray(payerRequisites)) fields.payerRequisites = 'must be an array';
  else {
    for (const [i, item] of payerRequisites.entries()) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        fields[`payerRequisites[${i}]`] = 'must be an object with name, type and value';
        continue;
      }
      for (const key of ['name', 'type', 'value']) {
        if (typeof (item as Record<string, unknown>)[key] !== 'string') {
          fields[`payerRequisites[${i}].${key}`] = 'must be a string';
        }
      }
    }
  }
  throwIfAny('invalid_request', 'invalid_request', 'The request body is invalid', fields);
  return record as CreateOperationInput;
}

/** Path parameters arrive percent-encoded; the operation number is exactly one decoded segment. */
export function parseOperationKey(key: OperationKey): OperationLookup {
  const fields: FieldReasons = {};
  if (!INTEGER_TEXT.test(key.shopId)) fields.shopId = 'must be an integer';
  let operationNumber = '';
  try {
    operationNumber = decodeURIComponent(key.operationNumber);
  } catch {
    fields.operationNumber = 'is not valid percent-encoding';
  }
  throwIfAny('invalid_request', 'invalid_request', 'The path is invalid', fields);
  return { shopId: Number(key.shopId), operationNumber };
}

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new SandboxError('invalid_request', 'invalid_request', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function isOperationType(value: unknown): value is OperationType {
  return (OPERATION_TYPES as readonly unknown[]).includes(value);
}

function operationNumberProblem(value: string): string | undefined {
  // "." and ".." would be resolved away as URL path segments, so they could never be looked up.
  if (value === '.' || value === '..') return 'cannot be "." or ".."';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  return undefined;
}

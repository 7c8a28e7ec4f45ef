// The sandbox's memory: sessions and the operations they produced, with the business rules the
// real gateway would apply. Sessions and operations live in Maps; given a state file, the whole
// state is written there after each change and read back on start (training mode's ledger).
import { randomUUID } from 'node:crypto';
import { isWithin, multiply } from '../../common/money.ts';
import type { Catalogue, MethodType, OperationType, Shop } from './catalogue.ts';
import { type FieldReasons, SandboxError, throwIfAny } from './errors.ts';
import {
  envelope,
  type OperationEnvelope,
  type PaymentMethodTypeView,
  type Session,
  type SessionView,
  type StoredOperation,
} from './records.ts';
import { requisiteValueProblem } from './requisites.ts';
import { FIRST_INTEGER_ID, loadState, saveState } from './state-file.ts';
import { isoSeconds } from './time.ts';
import type { CreateOperationInput, ListQuery, OpenSessionInput, OperationLookup } from './validation.ts';

export type { OperationEnvelope } from './records.ts';

export type LedgerOptions = {
  catalogue: Catalogue;
  sessionTtlSeconds: number;
  captureAfterSeconds?: number | undefined;
  /** Keeps sessions and operations across restarts (training mode), as a real gateway would. */
  stateFile?: string | undefined;
  /** The gateway's own clock; tests set it apart from the terminal's. */
  now?: () => number;
};

export type Ledger = {
  listPaymentMethodTypes(query: ListQuery): PaymentMethodTypeView[];
  openSession(input: OpenSessionInput): SessionView;
  createOperation(input: CreateOperationInput): OperationEnvelope;
  /** Retrieval views mask card, phone and account values. Undefined when unknown. */
  getOperation(lookup: OperationLookup): OperationEnvelope | undefined;
  capture(lookup: OperationLookup): OperationEnvelope | undefined;
  setStatus(lookup: OperationLookup, status: string): boolean;
  operationCount(): number;
  close(): void;
};

export function createLedger(options: LedgerOptions): Ledger {
  const { catalogue } = options;
  const now = options.now ?? Date.now;
  const sessionsById = new Map<string, Session>();
  /** shopId → operation number → the session that reserved it. */
  const numbersByShop = new Map<number, Map<string, Session>>();
  const timers = new Set<NodeJS.Timeout>();
  let nextIntegerId = FIRST_INTEGER_ID;
  let operations = 0;

  if (options.stateFile) {
    const saved = loadState(options.stateFile, catalogue);
    nextIntegerId = saved.nextIntegerId;
    for (const session of saved.sessions) {
      sessionsById.set(session.id, session);
      const numbers = numbersByShop.get(session.input.shopId) ?? new Map<string, Session>();
      numbers.set(session.input.operationNumber, session);
      numbersByShop.set(session.input.shopId, numbers);
      if (session.operation) operations += 1;
    }
  }

  function persist(): void {
    if (options.stateFile) saveState(options.stateFile, nextIntegerId, sessionsById.values());
  }

  function changeStatus(operation: StoredOperation, status: string): void {
    setStatus(operation, status, now);
    persist();
  }

  function findShop(shopId: number): Shop | undefined {
    return catalogue.shops.find((s) => s.id === shopId);
  }

  function findOperation({ shopId, operationNumber }: OperationLookup): StoredOperation | undefined {
    return numbersByShop.get(shopId)?.get(operationNumber)?.operation;
  }

  function scheduleAutoCapture(operation: StoredOperation): void {
    if (options.captureAfterSeconds === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      // Only a pending operation gets confirmed; a status forced meanwhile stays as forced.
      if (operation.status === 'created') changeStatus(operation, 'captured');
    }, options.captureAfterSeconds * 1000);
    // A pending confirmation alone must never keep a process alive.
    timer.unref();
    timers.add(timer);
  }

  return {
    listPaymentMethodTypes({ shopId, operationType }) {
      const shop = findShop(shopId);
      if (!shop) throw new SandboxError('not_found', 'unknown_shop', `Shop ${shopId} is not known`);
      return methodTypesOf(catalogue, shop, operationType).map(
        ({ id, name, instrumentType, country, currency, minAmount, maxAmount }) => ({
          id,
          name,
          instrumentType,
          country,
          currency,
          minAmount,
          maxAmount,
        }),
      );
    },

    openSession(input) {
      const shop = findShop(input.shopId);
      if (!shop) throw refused({ shopId: 'unknown shop' });
      const method = methodTypesOf(catalogue, shop, input.operationType).find(
        (m) => m.id === input.paymentMethodTypeId,
      );
      if (!method) {
        throw refused({ paymentMethodTypeId: `not available to shop ${shop.id} for ${input.operationType}` });
      }
      const fields: FieldReasons = {};
      if (!isWithin(input.amount, method.minAmount, method.maxAmount)) {
        fields.amount = `must be between ${method.minAmount} and ${method.maxAmount}`;
      }
      if (input.currency !== method.currency) fields.currency = `must be ${method.currency}`;
      throwIfAny('unprocessable', 'validation_failed', 'The session cannot be opened', fields);

      const numbers = numbersByShop.get(input.shopId) ?? new Map<string, Session>();
      if (numbers.has(input.operationNumber)) {
        throw new SandboxError(
          'conflict',
          'duplicate_operation_number',
          `Operation number ${input.operationNumber} is already used in shop ${input.shopId}`,
          { operationNumber: 'already used in this shop' },
        );
      }
      // Rounded up to the whole second the reply shows, so a session never lives shorter than the TTL.
      const expiresAt = Math.ceil((now() + options.sessionTtlSeconds * 1000) / 1000) * 1000;
      const session: Session = { id: randomUUID(), input, method, expiresAt };
      sessionsById.set(session.id, session);
      numbers.set(input.operationNumber, session);
      numbersByShop.set(input.shopId, numbers);
      persist();

      return {
        sessionId: session.id,
        expiredAt: isoSeconds(expiresAt),
        payerRequisites: method.payerRequisites.map(({ name, title, type }) => ({ name, title, type })),
        ...(method.paymentMethodRequisites && {
          paymentMethodRequisites: method.paymentMethodRequisites.map(({ name, value }) => ({ name, value })),
        }),
      };
    },

    createOperation(input) {
      const session = sessionsById.get(input.sessionId);
      if (!session) {
        throw new SandboxError('not_found', 'unknown_session', `Session ${input.sessionId} is not known`);
      }
      if (session.operation) {
        throw new SandboxError('conflict', 'session_used', 'This session has already produced an operation');
      }
      if (now() >= session.expiresAt) {
        throw new SandboxError(
          'gone',
          'session_expired',
          `The session expired at ${isoSeconds(session.expiresAt)}`,
        );
      }
      const payerDetails = checkPayerRequisites(session.method, input);
      const rate = catalogue.settlementRates[session.input.currency];
      if (rate === undefined) throw new Error(`no settlement rate for ${session.input.currency}`);
      const at = now();
      const operation: StoredOperation = {
        id: session.method.operationIds === 'uuid' ? randomUUID() : nextIntegerId++,
        session,
        payerDetails,
        settlementAmount: multiply(session.input.amount, rate),
        registeredAt: at,
        updatedAt: at,
        status: 'created',
      };
      session.operation = operation;
      operations += 1;
      persist();
      scheduleAutoCapture(operation);
      return envelope(catalogue, operation, false);
    },

    getOperation(lookup) {
      const operation = findOperation(lookup);
      return operation && envelope(catalogue, operation, true);
    },

    capture(lookup) {
      const operation = findOperation(lookup);
      if (!operation) return undefined;
      if (operation.status !== 'captured') changeStatus(operation, 'captured');
      return envelope(catalogue, operation, true);
    },

    setStatus(lookup, status) {
      const operation = findOperation(lookup);
      if (!operation) return false;
      changeStatus(operation, status);
      return true;
    },

    operationCount: () => operations,

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function refused(fields: FieldReasons): SandboxError {
  return new SandboxError('unprocessable', 'validation_failed', 'The session cannot be opened', fields);
}

function methodTypesOf(catalogue: Catalogue, shop: Shop, operationType: OperationType): MethodType[] {
  return catalogue.methodTypes.filter(
    (m) => m.operationType === operationType && shop.methodTypeIds.includes(m.id),
  );
}

function setStatus(operation: StoredOperation, status: string, now: () => number): void {
  operation.status = status;
  // Strictly later even within one millisecond, so "updatedAt changes" always holds.
  operation.updatedAt = Math.max(now(), operation.updatedAt + 1);
}

function checkPayerRequisites(
  method: MethodType,
  input: CreateOperationInput,
): StoredOperation['payerDetails'] {
  const fields: FieldReasons = {};
  const given = new Map<string, CreateOperationInput['payerRequisites'][number]>();
  for (const item of input.payerRequisites) {
    if (given.has(item.name)) fields[`payerRequisites.${item.name}`] = 'given more than once';
    given.set(item.name, item);
  }
  const requested = new Set(method.payerRequisites.map((d) => d.name));
  for (const name of given.keys()) {
    if (!requested.has(name)) fields[`payerRequisites.${name}`] = 'was not requested by the session';
  }
  for (const descriptor of method.payerRequisites) {
    const key = `payerRequisites.${descriptor.name}`;
    const item = given.get(descriptor.name);
    const problem = !item
      ? 'is required'
      : item.type !== descriptor.type
        ? `type must be ${descriptor.type}`
        : requisiteValueProblem(descriptor.kind, item.value);
    if (problem && !fields[key]) fields[key] = problem;
  }
  throwIfAny('unprocessable', 'validation_failed', 'The payer requisites are invalid', fields);
  return method.payerRequisites.map(({ name, title, type, kind }) => ({
    name,
    title,
    type,
    kind,
    value: given.get(name)?.value ?? '',
  }));
}

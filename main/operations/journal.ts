// Every change to a local operation goes through here: persisted with its audit event first, then
// announced to the renderer. One place, so nothing is shown that is not yet on disk.
import { compare } from '../../common/money.ts';
import { type Endpoint, GatewayError } from '../gateway/errors.ts';
import type { OperationEnvelope } from '../gateway/schemas.ts';
import type { Store } from '../store/index.ts';
import type { EventInput, NewOperation, OperationPatch, OperationRecord } from '../store/operations.ts';
import { toView } from './view.ts';

export function createJournal(
  store: Store,
  announce: (record: OperationRecord) => void,
  training: () => boolean,
) {
  function save(localId: number, patch: OperationPatch, event?: EventInput): OperationRecord {
    const record = store.operations.update(localId, patch, event);
    announce(record);
    return record;
  }

  function insert(input: NewOperation, event: EventInput): OperationRecord {
    const record = store.operations.insert(input, event);
    announce(record);
    return record;
  }

  return {
    save,
    insert,
    view: (record: OperationRecord) => toView(record),

    /**
     * Records what the gateway holds. An operation this terminal never saw (an agent's lookup)
     * is kept too, marked as coming from a lookup.
     */
    applyRemote({ operation, parent }: OperationEnvelope, firstEvent = 'resolved'): OperationRecord {
      const checkedAt = new Date().toISOString();
      const remote: OperationPatch = {
        status: operation.status,
        gatewayId: operation.id,
        settlementAmount: operation.settlementAmount,
        settlementCurrency: operation.settlementCurrency,
        registeredAt: operation.registeredAt,
        gatewayUpdatedAt: operation.updatedAt,
        isCorrection: operation.isCorrection,
        parent,
        payerDetails: operation.payerDetails,
        methodRequisites: operation.paymentMethodRequisites,
        lastCheckedAt: checkedAt,
        lastErrorKind: null,
        lastErrorMessage: null,
      };
      const local = store.operations.findByNumber(operation.shopId, operation.operationNumber);
      if (!local) {
        return insert(
          {
            ...remote,
            shopId: operation.shopId,
            operationNumber: operation.operationNumber,
            terminalId: '',
            origin: 'lookup',
            type: operation.type,
            training: training(),
            methodId: '',
            methodName: '',
            instrumentType: '',
            payerId: operation.payerId,
            amount: operation.amount,
            currency: operation.currency,
            phase: 'created',
          },
          { kind: 'looked_up', detail: `status ${operation.status}` },
        );
      }
      const event = remoteEvent(local, operation, firstEvent);
      if (!event && local.phase === 'created') {
        // Nothing new: only the check time moves, and nobody needs to hear about it.
        return store.operations.update(local.localId, { lastCheckedAt: checkedAt });
      }
      return save(local.localId, { ...remote, phase: 'created' }, event ?? { kind: firstEvent });
    },
  };
}

function remoteEvent(local: OperationRecord, remote: OperationEnvelope['operation'], firstEvent: string) {
  if (local.phase !== 'created') {
    const mismatch = compare(local.amount, remote.amount) !== 0 || local.currency !== remote.currency;
    return mismatch
      ? {
          kind: 'amount_mismatch',
          detail: `gateway holds ${remote.amount} ${remote.currency}, entered ${local.amount} ${local.currency}`,
        }
      : { kind: firstEvent, detail: `status ${remote.status}` };
  }
  if (local.status !== remote.status) {
    return { kind: 'status_changed', detail: `${local.status ?? 'none'} → ${remote.status}` };
  }
  return null;
}

/**
 * A reply must be about the operation asked for. A well-formed envelope for another number would
 * otherwise be filed as a phantom operation while the real one is left unsettled, so it counts as
 * an unreadable reply (and, for a create, as an unknown outcome to settle by lookup).
 */
export function expectOperation(
  envelope: OperationEnvelope,
  shopId: number,
  operationNumber: string,
  endpoint: Endpoint,
): OperationEnvelope {
  const { operation } = envelope;
  if (operation.shopId === shopId && operation.operationNumber === operationNumber) return envelope;
  throw new GatewayError({
    kind: 'invalid_response',
    endpoint,
    outcomeUnknown: endpoint === 'createOperation',
    detail: `the reply is about operation ${operation.operationNumber} of shop ${operation.shopId}`,
  });
}

export type Journal = ReturnType<typeof createJournal>;

// Every change to a local operation goes through here: persisted with its audit event first, then
// announced to the renderer. One place, so nothing is shown that is not yet on disk, and every
// reply about an operation is held against what was entered before anything acts on it.
import type { MismatchItem } from '../../common/contract.ts';
import { compare } from '../../common/money.ts';
import { type Endpoint, GatewayError } from '../gateway/errors.ts';
import type { OperationEnvelope } from '../gateway/schemas.ts';
import type { Store } from '../store/index.ts';
import type { EventInput, NewOperation, OperationPatch, OperationRecord } from '../store/operations.ts';
import { type Attention, attentionNeeded } from './attention.ts';
import { toView } from './view.ts';

type Deps = {
  store: Store;
  announce: (record: OperationRecord) => void;
  /** An operation turned into something the agent must act on. */
  attention: (reason: Attention, record: OperationRecord) => void;
};

/** Where an operation found by the agent's lookup was found: the gateway that answered. */
export type FoundAt = { training: boolean; gatewayUrl: string | null };

export function createJournal(deps: Deps) {
  const { store } = deps;

  function publish(before: OperationRecord | undefined, record: OperationRecord): OperationRecord {
    deps.announce(record);
    const reason = attentionNeeded(before, record);
    if (reason) deps.attention(reason, record);
    return record;
  }

  /** `durable`: on stable storage before the caller goes on (a gateway call, the agent told). */
  function save(
    localId: number,
    patch: OperationPatch,
    event?: EventInput,
    options: { durable?: boolean } = {},
  ): OperationRecord {
    const before = store.operations.get(localId);
    const write = () => store.operations.update(localId, patch, event);
    return publish(before, options.durable ? store.durable(write) : write());
  }

  function insert(input: NewOperation, event: EventInput): OperationRecord {
    return publish(undefined, store.operations.insert(input, event));
  }

  return {
    save,
    insert,
    view: (record: OperationRecord) => toView(record),

    /**
     * Records what the gateway holds. An operation this terminal never saw (an agent's lookup)
     * is kept too, marked as coming from a lookup and bound to the gateway that answered.
     */
    applyRemote(
      { operation, parent }: OperationEnvelope,
      options: { firstEvent?: string; foundAt?: FoundAt } = {},
    ): OperationRecord {
      const checkedAt = new Date().toISOString();
      const local = store.operations.findByNumber(operation.shopId, operation.operationNumber);
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
      if (!local) {
        const foundAt = options.foundAt ?? { training: false, gatewayUrl: null };
        return insert(
          {
            ...remote,
            shopId: operation.shopId,
            operationNumber: operation.operationNumber,
            terminalId: '',
            origin: 'lookup',
            type: operation.type,
            training: foundAt.training,
            gatewayUrl: foundAt.gatewayUrl,
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
      if (isStale(local, operation.updatedAt)) {
        // A reply overtaken by a newer one (a lookup sent before a confirmation, answered after
        // it) must not take the status back.
        return store.operations.update(local.localId, { lastCheckedAt: checkedAt });
      }
      const mismatch = mergeMismatch(local.mismatch, differences(local, operation));
      const mismatchChanged = JSON.stringify(mismatch) !== JSON.stringify(local.mismatch);
      const event = mismatchChanged
        ? mismatchEvent(mismatch!)
        : remoteEvent(local, operation.status, options.firstEvent ?? 'resolved');
      if (!event && local.phase === 'created') {
        // Nothing new: only the check time moves, and nobody needs to hear about it.
        return store.operations.update(local.localId, { lastCheckedAt: checkedAt });
      }
      return save(
        local.localId,
        { ...remote, mismatch, phase: 'created' },
        event ?? { kind: options.firstEvent ?? 'resolved' },
      );
    },
  };
}

function isStale(local: OperationRecord, remoteUpdatedAt: string): boolean {
  if (local.phase !== 'created' || !local.gatewayUpdatedAt) return false;
  return Date.parse(remoteUpdatedAt) < Date.parse(local.gatewayUpdatedAt);
}

/** The gateway's operation is the truth: every field that decides the cash is held against the entry. */
function differences(local: OperationRecord, remote: OperationEnvelope['operation']): MismatchItem[] | null {
  const found: MismatchItem[] = [];
  const check = (field: MismatchItem['field'], entered: string, gateway: string, same: boolean) => {
    if (!same) found.push({ field, entered, gateway });
  };
  check('type', local.type, remote.type, local.type === remote.type);
  check('shopId', String(local.shopId), String(remote.shopId), local.shopId === remote.shopId);
  check(
    'operationNumber',
    local.operationNumber,
    remote.operationNumber,
    local.operationNumber === remote.operationNumber,
  );
  check('amount', local.amount, remote.amount, compare(local.amount, remote.amount) === 0);
  check('currency', local.currency, remote.currency, local.currency === remote.currency);
  check('payerId', local.payerId, remote.payerId, local.payerId === remote.payerId);
  return found.length ? found : null;
}

/**
 * A difference, once seen, stays until a supervisor settles it: a gateway that answers one figure
 * and then another is not to be trusted with the cash on either. A field's latest gateway value wins.
 */
function mergeMismatch(seen: MismatchItem[] | null, now: MismatchItem[] | null): MismatchItem[] | null {
  if (!seen) return now;
  const merged = new Map(seen.map((m) => [m.field, m]));
  for (const m of now ?? []) merged.set(m.field, m);
  return [...merged.values()];
}

function mismatchEvent(mismatch: MismatchItem[]): EventInput {
  return {
    kind: 'mismatch',
    detail: mismatch.map((m) => `${m.field}: entered ${m.entered}, gateway ${m.gateway}`).join('; '),
  };
}

function remoteEvent(local: OperationRecord, status: string, firstEvent: string): EventInput | null {
  if (local.phase !== 'created') return { kind: firstEvent, detail: `status ${status}` };
  if (local.status !== status)
    return { kind: 'status_changed', detail: `${local.status ?? 'none'} → ${status}` };
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

// Every change to a local operation goes through here: each change is an event of the lifecycle
// (lifecycle.ts), which alone moves the phase; the operation's own answer (meaning.ts) is stored
// with it for the indexes; and it is announced only once its transaction has committed. Every reply
// about an operation is held against what was entered before anything acts on it.

import { atGateway, ownState } from '../../common/cash-rules/operation-answer.ts';
import type { AttentionReason, MismatchItem, OperationView } from '../../common/contract.ts';
import { compare } from '../../common/money.ts';
import { type Clock, isoNow } from '../clock.ts';
import { type Endpoint, GatewayError } from '../gateway/errors.ts';
import type { OperationEnvelope } from '../gateway/schemas.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';
import type { EventInput, NewOperation, OperationPatch, OperationRecord } from '../store/operations.ts';
import { changedFields } from './gateway-changes.ts';
import { FOUND_AT_GATEWAY, LifecycleError, nextPhase } from './lifecycle.ts';
import { attentionOf, type DeskContext, moneyRecord } from './meaning.ts';
import { toView } from './view.ts';

type Deps = {
  store: Pick<Store, 'afterCommit' | 'durable' | 'operations' | 'transaction'>;
  log: Pick<Log, 'error'>;
  /** The desk as it is now: its mode and open shift, which the answer depends on. */
  desk: () => DeskContext;
  /** An operation changed, as the renderer sees it. */
  announce: (view: OperationView) => void;
  /** An operation turned into something the agent must act on. */
  attention: (reason: AttentionReason, view: OperationView) => void;
  clock: Pick<Clock, 'now'>;
};

/** A change and the event that makes it; the phase follows from the event, never from the patch. */
export type Change = Omit<OperationPatch, 'phase' | 'final' | 'openReason'>;

/** Where an operation found by the agent's lookup was found: the gateway that answered. */
export type FoundAt = { training: boolean; gatewayUrl: string | null };

/** The stored part of the answer, for a record as it will be after a change. */
function answerColumns(
  record: OperationRecord,
  desk: DeskContext,
): Pick<OperationRecord, 'final' | 'openReason'> {
  const own = ownState(moneyRecord(record, desk));
  return { final: own.final, openReason: own.open };
}

export function createJournal(deps: Deps) {
  const { store } = deps;

  function publish(before: OperationRecord | undefined, record: OperationRecord): OperationRecord {
    const desk = deps.desk();
    const reason = attentionOf(before, record, desk);
    store.afterCommit(() => {
      const view = toView(record, deps.desk());
      deps.announce(view);
      if (reason) deps.attention(reason, view);
    });
    return record;
  }

  function write(localId: number, change: Change, event: EventInput | undefined): OperationRecord {
    const before = store.operations.get(localId);
    if (!before) throw new Error(`No operation ${localId} to update.`);
    let phase = before.phase;
    if (event) {
      try {
        phase = nextPhase(before.phase, event.kind);
      } catch (error) {
        if (error instanceof LifecycleError) {
          deps.log.error('lifecycle_refused', { localId, from: error.from, event: error.event });
        }
        throw error;
      }
    }
    const after = { ...before, ...change, phase } as OperationRecord;
    const patch: OperationPatch = { ...change, ...answerColumns(after, deps.desk()) };
    if (phase !== before.phase) patch.phase = phase;
    return publish(before, store.operations.update(localId, patch, event));
  }

  /**
   * One change, with the lifecycle event that makes it (none for a note that moves nothing).
   * `durable`: on stable storage before the caller goes on (a gateway call, the agent told).
   */
  function save(
    localId: number,
    change: Change,
    event?: EventInput,
    options: { durable?: boolean } = {},
  ): OperationRecord {
    const run = () => store.transaction(() => write(localId, change, event));
    return options.durable ? store.durable(run) : run();
  }

  function insert(input: NewOperation, event: EventInput): OperationRecord {
    const record = { ...input } as OperationRecord;
    return publish(
      undefined,
      store.operations.insert({ ...input, ...answerColumns(record, deps.desk()) }, event),
    );
  }

  return {
    save,
    insert,
    view: (record: OperationRecord) => toView(record, deps.desk()),
    /** Many at once: the desk (its open shift) is read once, not once a row. */
    views(records: readonly OperationRecord[]) {
      const desk = deps.desk();
      return records.map((record) => toView(record, desk));
    },

    /**
     * Stores the answer again where it moved with no change to the record itself (a payout released
     * to the branch, or claimed from it), so that the indexes on it (history's open cash, the
     * tray, the Z report's open cash) read it as the operation's screen does.
     */
    storeAnswer(localId: number): void {
      const record = store.operations.get(localId);
      if (!record) return;
      const answer = answerColumns(record, deps.desk());
      if (answer.final !== record.final || answer.openReason !== record.openReason)
        store.operations.update(localId, answer);
    },

    /** Stores the answer of rows written before it was stored (the first start after the upgrade). */
    computeAnswers(): number {
      const rows = store.operations.uncomputed();
      store.transaction(() => {
        for (const r of rows) store.operations.update(r.localId, answerColumns(r, deps.desk()));
      });
      return rows.length;
    },

    /**
     * Records what the gateway holds. An operation this terminal never saw (an agent's lookup)
     * is kept too, marked as coming from a lookup and bound to the gateway that answered.
     */
    applyRemote(
      { operation, parent }: OperationEnvelope,
      options: { firstEvent?: string; foundAt?: FoundAt } = {},
    ): OperationRecord {
      const checkedAt = isoNow(deps.clock);
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
      const arrival = remoteEvent(local, remote, options.firstEvent ?? 'resolved');
      if (!arrival && !mismatchChanged) {
        // Nothing new: only the check time moves, and nobody needs to hear about it.
        return store.operations.update(local.localId, { lastCheckedAt: checkedAt });
      }
      // The phase moves by the reply's arrival; a difference it brings is its own event after it.
      return store.transaction(() => {
        const saved = save(local.localId, { ...remote, mismatch }, arrival ?? mismatchEvent(mismatch!));
        return arrival && mismatchChanged ? save(local.localId, {}, mismatchEvent(mismatch!)) : saved;
      });
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

function remoteEvent(local: OperationRecord, remote: OperationPatch, firstEvent: string): EventInput | null {
  if (atGateway(local.phase) === 'unresolved') {
    return { kind: local.phase === 'creating' ? firstEvent : 'resolved', detail: `status ${remote.status}` };
  }
  if (local.phase !== 'created') return { kind: FOUND_AT_GATEWAY, detail: `status ${remote.status}` };
  if (local.status !== remote.status)
    return { kind: 'status_changed', detail: `${local.status ?? 'none'} → ${remote.status}` };
  const changed = changedFields(local, remote);
  return changed.length ? { kind: 'gateway_changed', detail: changed.join(', ') } : null;
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

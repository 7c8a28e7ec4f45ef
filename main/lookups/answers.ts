// What a lookup's answer does to its queue entry: done, asked again after a wait that fits the
// status or the failure, or (a 404) the operation settled as never created once its session is gone.
// The queue's machinery (main/lookups/queue.ts) leases entries and hands each answer here.
import { atGateway, isFinal } from '../../common/cash-rules/operation-answer.ts';
import type { LookupResult } from '../../common/contract.ts';
import { AgentError } from '../app-error.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { ConnectivityTracker } from '../connectivity.ts';
import { GatewayError } from '../gateway/errors.ts';
import type { Journal } from '../operations/operation-journal.ts';
import { sessionGone } from '../operations/session-answer.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { LookupWaiting, OutboxEntry } from '../store/outbox.ts';
import { type LookupPolicy, waitingFor } from './policy.ts';

type Deps = {
  store: Pick<Store, 'operations' | 'outbox'>;
  journal: Journal;
  connectivity: ConnectivityTracker;
  policy: LookupPolicy;
  /** A create for this operation is out and unanswered: a 404 now says nothing. */
  createInFlight: (localId: number) => boolean;
  clock: Pick<Clock, 'now'>;
  /** An agent who asked for a lookup that had to wait is told its answer. */
  answered: (result: LookupResult) => void;
};

export function createLookupAnswers(deps: Deps) {
  const { store, policy, clock } = deps;
  const later = (ms: number) => new Date(clock.now() + ms).toISOString();
  const jitter = (ms: number) => Math.round(ms / 2 + Math.random() * (ms / 2));

  function pollDelay(record: OperationRecord, attempts: number): number {
    const known = record.status === 'created';
    const base = known ? policy.statusDelayMs : policy.unknownStatusDelayMs;
    const cap = known ? policy.statusMaxDelayMs : policy.unknownStatusMaxDelayMs;
    return Math.min(base * 1.5 ** attempts, cap);
  }

  function followDelay(record: OperationRecord, attempts: number): number {
    return Math.min(pollDelay(record, attempts), policy.followDelayMs);
  }

  /** The lookup needs no repeat: out of the queue, and the queued count the agent sees goes down. */
  function done(entry: OutboxEntry) {
    store.outbox.remove(entry.shopId, entry.operationNumber);
    deps.connectivity.changed();
  }

  function retryLater(
    entry: OutboxEntry,
    ms: number,
    error: string | null,
    reason = entry.reason,
    waiting?: LookupWaiting | null,
  ) {
    store.outbox.reschedule(entry.shopId, entry.operationNumber, {
      dueAt: later(ms),
      error,
      reason,
      addAttempt: true,
      waiting,
    });
    deps.connectivity.changed();
  }

  /** The operation's screen says why its lookup waits (no token, refused token, no link). */
  function showWaiting(entry: OutboxEntry, kind: string, message: string) {
    const local = store.operations.findByNumber(entry.shopId, entry.operationNumber);
    if (!local || local.lastErrorKind === kind) return;
    deps.journal.save(local.localId, { lastErrorKind: kind, lastErrorMessage: message });
  }

  function failureDelay(entry: OutboxEntry, error: GatewayError | null): number {
    if (error?.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.failureMaxDelayMs);
    return jitter(Math.min(policy.failureDelayMs * 2 ** entry.attempts, policy.failureMaxDelayMs));
  }

  /** The gateway's health has heard of it already (lookUpAtGateway). */
  function failed(entry: OutboxEntry, error: unknown) {
    if (!(error instanceof GatewayError)) {
      // No client could be made: the token for that gateway is gone. Never another gateway.
      const kind = error instanceof AgentError ? error.kind : 'internal';
      const message = error instanceof Error ? error.message : 'lookup failed';
      if (kind === 'token_missing') showWaiting(entry, kind, message);
      retryLater(
        entry,
        policy.failureMaxDelayMs,
        message,
        entry.reason,
        kind === 'token_missing' ? 'token' : null,
      );
      return;
    }
    if (error.kind === 'not_found') {
      notFound(entry, error);
      return;
    }
    if (error.kind === 'unauthorized') showWaiting(entry, error.kind, error.message);
    // A wait the gateway asked for (Retry-After) is stored without an error, so another lookup's
    // success (retryFailedNow pulls failed entries forward) cannot cut it short.
    const told = error.retryAfterMs !== undefined && error.kind !== 'unauthorized';
    const waiting = waitingFor(error);
    retryLater(
      entry,
      error.kind === 'unauthorized' ? policy.failureMaxDelayMs : failureDelay(entry, error),
      told ? null : error.kind,
      entry.reason,
      waiting,
    );
  }

  function notFound(entry: OutboxEntry, error: GatewayError) {
    if (entry.reason === 'agent') {
      deps.answered({ state: 'not_found', shopId: entry.shopId, operationNumber: entry.operationNumber });
    }
    const local = store.operations.findByNumber(entry.shopId, entry.operationNumber);
    // The answer settles it: a number this desk never ran, or one that never became an operation.
    if (!local || local.origin === 'lookup' || (isFinal(local) && local.phase !== 'created')) {
      done(entry);
      return;
    }
    const unsettled = atGateway(local.phase) === 'unresolved';
    if (
      unsettled &&
      !deps.createInFlight(local.localId) &&
      sessionGone(local, error.serverTime, policy.notFoundGraceMs)
    ) {
      deps.journal.save(
        local.localId,
        {
          lastCheckedAt: isoNow(clock),
          lastErrorKind: null,
          lastErrorMessage: null,
        },
        {
          kind: 'resolved_not_created',
          detail: 'the gateway has no such operation and, by its own clock, the session has expired',
        },
      );
      done(entry);
      return;
    }
    const wait = unsettled ? policy.statusDelayMs : pollDelay(local, entry.attempts);
    retryLater(entry, wait, 'not_found', entry.reason, null);
  }

  return { done, retryLater, failed, notFound, pollDelay, followDelay };
}

// The status-lookup queue. Every lookup waits in the persistent outbox and is drained here with a
// concurrency cap, one lookup per operation at a time, back-off with jitter, and `Retry-After`.
// It is the only path that settles an unknown outcome: by GET, never by another POST.

import { isFinal } from '../../common/cash-rules/operation-answer.ts';
import type { LookupResult } from '../../common/contract.ts';
import type { Clock, Timer } from '../clock.ts';
import type { ConnectivityTracker } from '../connectivity.ts';
import type { GatewayError } from '../gateway/errors.ts';
import type { Gateways, GatewayTarget } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { LookupReason, LookupWaiting, OutboxEntry } from '../store/outbox.ts';
import { createLookupAnswers } from './answers.ts';
import { lookUpAtGateway } from './look-up.ts';
import { type LookupPolicy, stronger } from './policy.ts';

export { DEFAULT_LOOKUP_POLICY, type LookupPolicy, waitingFor } from './policy.ts';

/** An entry being looked up is leased this far ahead; the next start releases a lease left behind. */
const LEASE_MS = 5 * 60_000;
/** The lease's `last_error`, so that retryFailedNow() releases it (see fill). */
const IN_FLIGHT = 'in_flight';
const MAX_TIMER_MS = 60_000;

type Deps = {
  store: Pick<Store, 'operations' | 'outbox'>;
  gateways: Gateways;
  journal: Journal;
  connectivity: ConnectivityTracker;
  policy: LookupPolicy;
  health: GatewayHealth;
  /** A create for this operation is out and unanswered: a 404 now says nothing. */
  createInFlight: (localId: number) => boolean;
  clock: Clock;
  /** An agent who asked for a lookup that had to wait is told its answer. */
  answered: (result: LookupResult) => void;
};

export function createLookups(deps: Deps) {
  const { store, policy } = deps;
  const inflight = new Set<string>();
  // Stronger reasons queued for an operation while its lookup was in flight.
  const lateReasons = new Map<string, LookupReason>();
  // Counted inside the request path itself, so the benchmark sees what really ran concurrently.
  const running = new Map<string, number>();
  let duplicateInflight = 0;
  const { clock } = deps;
  let timer: Timer | undefined;
  let closed = false;
  // An answer that arrives after close is dropped whole: the gateway's health writes nothing then.
  const asking = {
    ...deps,
    health: {
      answered: (target: GatewayTarget) => closed || deps.health.answered(target),
      failed: (target: GatewayTarget, error: GatewayError) => closed || deps.health.failed(target, error),
    },
  };
  const idle: (() => void)[] = [];
  // Other desks' operations the window shows now (lookup.follow): the reason `following`, held here
  // and not in the outbox, because a follow lasts only as long as the screen that shows it.
  let following = new Map<string, OperationRecord>();

  const key = (shopId: number, operationNumber: string) => `${shopId}\n${operationNumber}`;
  const later = (ms: number) => new Date(clock.now() + ms).toISOString();
  const { done, retryLater, failed, notFound, pollDelay, followDelay } = createLookupAnswers(deps);

  function kick() {
    if (closed) return;
    clock.clearTimeout(timer);
    fill();
    const next = store.outbox.nextDueAt();
    if (next === null) {
      if (inflight.size === 0) for (const resolve of idle.splice(0)) resolve();
      return;
    }
    const wait = Math.min(Math.max(0, Date.parse(next) - clock.now()), MAX_TIMER_MS);
    // Still due after fill(): it waits for a free slot, or it is an in-flight lookup asked for
    // again. Either way a lookup ending kicks again; a zero timer would only spin until then.
    if (wait === 0 && inflight.size > 0) return;
    // Kept referenced: a queued lookup is work still to do, and close() clears the timer.
    timer = clock.setTimeout(kick, wait);
  }

  function fill() {
    if (inflight.size >= policy.concurrency) return;
    for (const entry of store.outbox.due(policy.concurrency)) {
      if (inflight.size >= policy.concurrency) return;
      const k = key(entry.shopId, entry.operationNumber);
      if (inflight.has(k)) continue;
      inflight.add(k);
      // The lease is marked as an error so that retryFailedNow() releases it: a reconnect only makes
      // it due (fill() skips what is in flight), and a start after a crash asks again at once
      // instead of sitting out a lease nobody holds any more.
      store.outbox.reschedule(entry.shopId, entry.operationNumber, {
        dueAt: later(LEASE_MS),
        error: IN_FLIGHT,
        reason: entry.reason,
        addAttempt: false,
      });
      void run(entry).finally(() => {
        inflight.delete(k);
        lateReasons.delete(k);
        kick();
      });
    }
  }

  async function run(leased: OutboxEntry) {
    const k = key(leased.shopId, leased.operationNumber);
    // A reason that arrived while this lookup was out (an agent asking) must not be lost to the
    // stale entry read at lease time: it decides who is answered and what is rescheduled.
    const current = (): OutboxEntry => ({ ...leased, reason: stronger(leased.reason, lateReasons.get(k)) });
    running.set(k, (running.get(k) ?? 0) + 1);
    duplicateInflight = Math.max(duplicateInflight, (running.get(k) ?? 1) - 1);
    const answer = await lookUpAtGateway(asking, leased).finally(() => {
      const left = (running.get(k) ?? 1) - 1;
      if (left > 0) running.set(k, left);
      else running.delete(k);
    });
    // The core closed while this lookup was out: the store is closed too. The entry keeps its
    // lease, which the next start releases (recoverUnsettled).
    if (closed) return;
    const entry = current();
    if (answer.state === 'not_found') return notFound(entry, answer.error);
    if (answer.state === 'failed') return failed(entry, answer.error);
    try {
      const record = deps.journal.applyRemote(answer.envelope, { foundAt: answer.target });
      if (entry.reason === 'agent') deps.answered({ state: 'found', operation: deps.journal.view(record) });
      const followed = following.has(k) && !isFinal(record);
      if (!followed) following.delete(k);
      if (isFinal(record) || (record.origin === 'lookup' && !followed)) done(entry);
      else if (followed) retryLater(entry, followDelay(record, entry.attempts), null, 'status', null);
      else retryLater(entry, pollDelay(record, entry.attempts), null, 'status', null);
    } catch (error) {
      failed(entry, error);
    }
  }

  /**
   * The window shows these operations now. Another desk's one that is not final is looked up at
   * once and then while it is shown; one no longer shown leaves the queue unless an agent's own
   * lookup of it still waits there (or it is out now: its answer then ends it).
   */
  function followShown(records: readonly OperationRecord[]) {
    const before = following;
    following = new Map(
      records
        .filter((r) => r.origin === 'lookup' && !isFinal(r))
        .map((r) => [key(r.shopId, r.operationNumber), r]),
    );
    for (const [k, r] of following) if (!before.has(k)) enqueue(r.shopId, r.operationNumber, 'status');
    for (const [k, r] of before) {
      if (!following.has(k) && !inflight.has(k)) store.outbox.removeRoutine(r.shopId, r.operationNumber);
    }
    deps.connectivity.changed();
  }

  /**
   * Queues a lookup (at most one per operation) and starts draining. `waiting`: it is queued
   * because the gateway just failed, so the agent's count of waiting lookups includes it at once.
   */
  function enqueue(
    shopId: number,
    operationNumber: string,
    reason: OutboxEntry['reason'],
    delayMs = 0,
    waiting: LookupWaiting | null = null,
  ) {
    store.outbox.enqueue(shopId, operationNumber, reason, later(delayMs), waiting);
    const k = key(shopId, operationNumber);
    if (inflight.has(k)) lateReasons.set(k, stronger(reason, lateReasons.get(k)));
    deps.connectivity.changed();
    kick();
  }

  /** Follows a freshly created operation: the create reply has just told us its status, so the
   * first check comes after the usual wait. */
  function follow(shopId: number, operationNumber: string) {
    enqueue(shopId, operationNumber, 'status', policy.statusDelayMs);
  }

  return {
    enqueue,
    follow,
    followShown,
    kick,
    /** Resolves when nothing is queued or in flight (for tests and benchmarks). */
    idle(): Promise<void> {
      if (inflight.size === 0 && store.outbox.count() === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    /** The most lookups ever in flight at once for one operation, beyond the first. */
    duplicateInflight: () => duplicateInflight,
    close() {
      closed = true;
      clock.clearTimeout(timer);
    },
  };
}

export type Lookups = ReturnType<typeof createLookups>;

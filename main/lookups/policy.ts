// How the lookup queue paces itself: how often it asks, how it backs off, and what a failure means
// for the wait. Plain values and rules, apart from the queue's machinery.

import { outageOf } from '../connectivity.ts';
import type { GatewayError } from '../gateway/errors.ts';
import { SESSION_SKEW_MS } from '../operations/session-answer.ts';
import type { LookupReason, LookupWaiting } from '../store/outbox.ts';

export type LookupPolicy = {
  concurrency: number;
  /** Waiting for `captured`: the agent is at the counter, so look often. */
  statusDelayMs: number;
  statusMaxDelayMs: number;
  /** Statuses the spec does not show: not final, but no reason to hurry. */
  unknownStatusDelayMs: number;
  unknownStatusMaxDelayMs: number;
  /** After a failed lookup (offline, 5xx, 429 without Retry-After). */
  failureDelayMs: number;
  failureMaxDelayMs: number;
  /**
   * A 404 for an unknown outcome is final only once the session has expired by this much: the
   * session's skew margin (main/operations/session-answer.ts), shorter only in tests.
   */
  notFoundGraceMs: number;
  /** Another desk's operation on screen (lookup.follow): asked about at least this often. */
  followDelayMs: number;
};

export const DEFAULT_LOOKUP_POLICY: LookupPolicy = {
  concurrency: 4,
  statusDelayMs: 2_000,
  statusMaxDelayMs: 15_000,
  unknownStatusDelayMs: 60_000,
  unknownStatusMaxDelayMs: 30 * 60_000,
  failureDelayMs: 1_000,
  failureMaxDelayMs: 30_000,
  notFoundGraceMs: SESSION_SKEW_MS,
  followDelayMs: 10_000,
};

/** The outbox keeps one reason per operation: resolve > agent > status, as the store's upsert does. */
const REASON_RANK: Record<LookupReason, number> = { status: 0, agent: 1, resolve: 2 };
export function stronger(a: LookupReason, b: LookupReason | undefined): LookupReason {
  return b !== undefined && REASON_RANK[b] > REASON_RANK[a] ? b : a;
}

/** What a lookup that failed this way waits on, beyond routine polling. */
export function waitingFor(error: GatewayError): LookupWaiting | null {
  if (error.kind === 'unauthorized') return 'token';
  // Out of reach or not working: the lookup waits for the gateway to be back.
  return outageOf(error.kind) ? 'connection' : null;
}

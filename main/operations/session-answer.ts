// Whether the payer's session may still be used to create the operation: one rule, with one skew
// margin, for the checkout's submit, the counter's countdown, the update policy and the lookup
// queue. Clocks drift and a request takes time, so the desk stops using a session this margin
// before the gateway's `expiredAt`; and it takes the session for gone, by the gateway's own clock,
// only once it is past that expiry by the margin too (a lookup's 404 proves nothing before then).
import { EXPIRY_MARGIN_MS } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

/** The skew margin, on either side of the gateway's `expiredAt`. */
export const SESSION_SKEW_MS = EXPIRY_MARGIN_MS;

type SessionRecord = Pick<OperationRecord, 'phase' | 'sessionId' | 'sessionExpiresAt'>;

/** Until when the session may be used: the margin before the gateway's expiry; null for none. */
export function usableUntil(record: SessionRecord): number | null {
  if (record.phase !== 'session_open' || !record.sessionId || !record.sessionExpiresAt) return null;
  return Date.parse(record.sessionExpiresAt) - SESSION_SKEW_MS;
}

/** The session may still be used now to create the operation (unknown `now`: it may not). */
export function sessionUsable(record: SessionRecord, now: number | undefined): boolean {
  const until = usableUntil(record);
  return until !== null && now !== undefined && now < until;
}

/** The answer's part: until when, and whether now. */
export function sessionAnswer(
  record: SessionRecord,
  now: number | undefined,
): { usable: boolean; until: string | null } {
  const until = usableUntil(record);
  return { usable: sessionUsable(record, now), until: until === null ? null : new Date(until).toISOString() };
}

/**
 * The session can no longer produce an operation, judged by the gateway's own clock (its reply's
 * `Date`) against the expiry it set, never by this terminal's wall clock, which may be wrong.
 * Without that clock nothing is settled. `margin`: the skew margin, unless a test tunes it.
 */
export function sessionGone(
  record: Pick<OperationRecord, 'sessionExpiresAt'>,
  gatewayNow: number | undefined,
  margin = SESSION_SKEW_MS,
): boolean {
  if (gatewayNow === undefined || !record.sessionExpiresAt) return false;
  return gatewayNow > Date.parse(record.sessionExpiresAt) + margin;
}

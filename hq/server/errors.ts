// What a failure no route answered for itself answers with: each kind its own status, so a desk's
// outbox can tell a request that can never succeed (4xx: stop and tell a person) from one to send
// again later (5xx: the database restarting, a lock to retry), and never loops on a 500 that was
// really a bad request.
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StaffRefusal } from '../../common/hq-api/staff-admin.ts';
import { phrase, type Refusal, refusal } from '../../common/refusal.ts';

export type Failure = { status: ContentfulStatusCode; error: StaffRefusal['error']; refusal: Refusal };

const TOO_LARGE = refusal('hq.tooLarge');
const UNAVAILABLE = refusal('hq.unavailable');
const SERVER = refusal('hq.server');

// PostgreSQL's SQLSTATE classes (Appendix A): a class names who is at fault.
const BAD_DATA = '22'; // data exception: a value the column cannot hold
const INTEGRITY = '23'; // a unique or foreign key the request collides with
const RETRY = new Set(['40001', '40P01', '55P03', '57014']); // serialization, deadlock, lock or statement timeout
const DOWN = ['08', '53', '57P']; // connection, resources, the server shutting down or starting

// The socket's own errors and pg's words for a connection that closed under a query.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const CONNECTION_WORDS = /connection terminated|connection error|not queryable|terminating connection/i;

/** True when `error` says the database connection broke (not what the query asked). */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true;
    if (DOWN.some((prefix) => code.startsWith(prefix))) return true;
  }
  return CONNECTION_WORDS.test(error.message);
}

export function failureOf(error: unknown): Failure {
  if (error instanceof HTTPException) {
    if (error.status === 413) return { status: 413, error: 'too_large', refusal: TOO_LARGE };
    if (error.status < 500)
      return {
        status: error.status,
        error: 'invalid',
        refusal: error.message
          ? refusal('hq.invalid', { what: phrase('hq.requestInvalid'), detail: error.message })
          : refusal('hq.requestInvalid'),
      };
  }
  if (error instanceof SyntaxError)
    return { status: 400, error: 'invalid', refusal: refusal('hq.sendValidJson') };
  if (isConnectionError(error)) return { status: 503, error: 'unavailable', refusal: UNAVAILABLE };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (RETRY.has(code)) return { status: 503, error: 'unavailable', refusal: UNAVAILABLE };
    if (code.startsWith(BAD_DATA))
      return {
        status: 400,
        error: 'invalid',
        refusal: refusal('hq.badValue'),
      };
    if (code.startsWith(INTEGRITY))
      return {
        status: 409,
        error: 'conflict',
        refusal: refusal('hq.collides'),
      };
  }
  return { status: 500, error: 'server', refusal: SERVER };
}

// How a failed gateway call becomes a GatewayError: the kind the agent is told, whether a POST may
// have been committed (`outcomeUnknown`, which holds the cash until a lookup settles it), and the
// reply body kept for the log with the token scrubbed out of it.
import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { createLiteralMatcher, encodingsOf } from '../log-literals.ts';
import { type Endpoint, GatewayError } from './errors.ts';

/** Errors that prove the request never left this machine, so a POST cannot have been committed. */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);
const MAX_KEPT_BODY_CHARS = 4_000;

/** Replaces the token in every spelling the log knows (escaped, %-encoded, base64, base64url). */
export type Scrub = (text: string) => string;

export function scrubberFor(token: string): Scrub {
  // An empty token has no spelling long enough to be searched: nothing is replaced.
  const matcher = createLiteralMatcher();
  matcher.set(token, encodingsOf(token, true), '[redacted]', 0);
  return (text) => matcher.replace(text);
}

export function toGatewayError(
  error: unknown,
  endpoint: Endpoint,
  isPost: boolean,
  scrub: Scrub,
  now: number,
): GatewayError {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const body = keepBody(error.data, scrub);
    const kind =
      status === 401 || status === 403
        ? 'unauthorized'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'rate_limited'
            : status === 408
              ? 'timeout'
              : status >= 500
                ? 'server'
                : 'rejected';
    return new GatewayError({
      kind,
      endpoint,
      status,
      body,
      outcomeUnknown: isPost && status >= 500,
      retryAfterMs: retryAfterMs(error.response.headers.get('retry-after'), now),
      serverTime: serverTime(error.response.headers.get('date')),
    });
  }
  if (error instanceof TimeoutError) {
    return new GatewayError({ kind: 'timeout', endpoint, outcomeUnknown: isPost });
  }
  const code = networkCode(error);
  // Stryker disable next-line ConditionalExpression: the set holds no undefined, so has() says false without the guard
  const neverSent = code !== undefined && NEVER_SENT_CODES.has(code);
  if (error instanceof NetworkError || code !== undefined) {
    return new GatewayError({ kind: 'unreachable', endpoint, code, outcomeUnknown: isPost && !neverSent });
  }
  // Anything else (an abort, a runtime quirk) is treated as the worst case for a POST.
  return new GatewayError({
    kind: 'unreachable',
    endpoint,
    outcomeUnknown: isPost,
    detail: error instanceof Error ? scrub(error.message) : undefined,
  });
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The gateway's clock, from a valid `Date` header. */
function serverTime(header: string | null): number | undefined {
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

/** undici nests the socket error code a few `cause`s deep. */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A gateway might echo the token back, in any encoding; it must not reach our logs through the body. */
export function keepBody(body: unknown, scrub: Scrub): unknown {
  if (body === '') return undefined;
  if (typeof body !== 'string') return redactDeep(body, scrub);
  try {
    return redactDeep(JSON.parse(body), scrub);
  } catch {
    return scrub(body).slice(0, MAX_KEPT_BODY_CHARS);
  }
}

/**
 * The token out of every string, keys included. An error body kept for the log is cut short
 * (`cut`); a reply that is read is left whole otherwise.
 */
export function redactDeep(value: unknown, scrub: Scrub, cut = true): unknown {
  if (typeof value === 'string') {
    const clean = scrub(value);
    return cut ? clean.slice(0, MAX_KEPT_BODY_CHARS) : clean;
  }
  if (Array.isArray(value)) return (cut ? value.slice(0, 100) : value).map((v) => redactDeep(v, scrub, cut));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k), redactDeep(v, scrub, cut)]));
  }
  return value;
}

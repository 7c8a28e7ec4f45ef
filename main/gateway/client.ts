// The only code that speaks to the gateway. GETs retry with capped, jittered back-off; POSTs are
// sent exactly once, and any failure after the request may have left says `outcomeUnknown`.
import ky, { HTTPError, type KyInstance, NetworkError, type ResponsePromise, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { OperationTypeValue } from '../../common/enums.ts';
import { type Clock, sleep, systemClock } from '../clock.ts';
import { createLiteralMatcher, encodingsOf } from '../log-literals.ts';
import { type Endpoint, GatewayError, type SchemaIssue } from './errors.ts';
import {
  type CreateOperationRequest,
  ListPaymentMethodTypesResponse,
  type OpenSessionRequest,
  type OperationEnvelope,
  OperationResponse,
  type PaymentMethodType,
  type Session,
  SessionResponse,
} from './schemas.ts';

export type RetryPolicy = {
  /** Retries after the first attempt, for GET only. */
  limit: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer `Retry-After` is clamped to this. */
  maxRetryAfterMs: number;
};

export type GatewayClientOptions = {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Times the waits between a GET's attempts. */
  clock?: Clock;
};

export type GatewayClient = {
  listPaymentMethodTypes(query: {
    shopId: number;
    operationType: OperationTypeValue;
  }): Promise<PaymentMethodType[]>;
  openSession(request: OpenSessionRequest): Promise<Session>;
  createOperation(request: CreateOperationRequest): Promise<OperationEnvelope>;
  getOperation(query: { shopId: number; operationNumber: string }): Promise<OperationEnvelope>;
};

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRY: RetryPolicy = {
  limit: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

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
const SERVER_ERROR_CODES = Array.from({ length: 100 }, (_, i) => 500 + i);
/** Statuses whose `Retry-After` sets the wait before a GET's retry. */
const RETRY_AFTER_CODES = new Set([429, 503]);

/** Replaces the token in every spelling the log knows (escaped, %-encoded, base64, base64url). */
type Scrub = (text: string) => string;

function scrubberFor(token: string): Scrub {
  if (!token) return (text) => text;
  const matcher = createLiteralMatcher();
  matcher.set(token, encodingsOf(token, true), '[redacted]', 0);
  return (text) => matcher.replace(text);
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const scrub = scrubberFor(options.token);
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const clock = options.clock ?? systemClock;
  const api: KyInstance = ky.create({
    prefix: `${options.baseUrl.replace(/\/+$/, '')}/api/v1/agents`,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    headers: { Accept: 'application/json', 'Api-Access-Token': options.token },
    retry: { limit: 0 },
    // A redirect would carry the token to wherever it points: the gateway never needs one.
    redirect: 'error',
  });
  // GETs get their own instance, built once: per-call options cost ky a merge on every request.
  // ky decides whether to retry and waits nothing itself; the wait is the clock's, in beforeRetry.
  const getApi = api.extend({
    retry: {
      limit: retry.limit,
      methods: ['get' as const],
      statusCodes: [408, 429, ...SERVER_ERROR_CODES],
      afterStatusCodes: [...RETRY_AFTER_CODES],
      maxRetryAfter: 0,
      delay: () => 0,
      jitter: false,
      retryOnTimeout: true,
    },
    hooks: {
      beforeRetry: [
        ({ error, retryCount }) => sleep(clock, retryWait(retry, error, retryCount, clock.now())),
      ],
    },
  });

  async function call<S extends z.ZodType<{ data: unknown }>>(
    endpoint: Endpoint,
    send: () => ResponsePromise,
    schema: S,
  ): Promise<z.output<S>['data']> {
    const isPost = endpoint === 'openSession' || endpoint === 'createOperation';
    let text: string;
    let status: number;
    try {
      // ky's shortcut puts the body read under the same timeout: a stalled body is a timeout too.
      const pending = send();
      text = await pending.text();
      status = (await pending).status;
    } catch (error) {
      throw toGatewayError(error, endpoint, isPost, scrub, clock.now());
    }
    const invalid = (detail: string, issues?: SchemaIssue[]) =>
      new GatewayError({
        kind: 'invalid_response',
        endpoint,
        status,
        // A 2xx reply that we cannot read still means the gateway acted on the POST.
        outcomeUnknown: isPost,
        body: keepBody(text, scrub),
        issues,
        detail,
      });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid('the reply is not JSON');
    }
    // A reply that echoes the token must not carry it into history, IPC or the log. JSON escapes
    // can spell the token in ways the scrub does not list, so a reply with any escape is walked;
    // without one, every parsed string is a piece of the raw text, which the token is then not in.
    if (options.token && (text.includes('\\') || scrub(text) !== text)) json = redactDeep(json, scrub, false);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw invalid('the reply does not match the contract', issues);
    }
    return (parsed.data as { data: z.output<S>['data'] }).data;
  }

  return {
    listPaymentMethodTypes: ({ shopId, operationType }) =>
      call(
        'listPaymentMethodTypes',
        () => getApi.get('payment-method-types', { searchParams: { shopId, operationType } }),
        ListPaymentMethodTypesResponse,
      ),
    openSession: (request) =>
      call('openSession', () => api.post('sessions', { json: request }), SessionResponse),
    createOperation: (request) =>
      call('createOperation', () => api.post('operations', { json: request }), OperationResponse),
    getOperation: ({ shopId, operationNumber }) => {
      // "." and ".." would be resolved away as path segments, whatever their encoding.
      if (operationNumber === '.' || operationNumber === '..' || operationNumber === '') {
        return Promise.reject(
          new GatewayError({
            kind: 'rejected',
            endpoint: 'getOperation',
            detail: 'not a valid operation number',
          }),
        );
      }
      return call(
        'getOperation',
        () => getApi.get(`operations/${shopId}/${encodeURIComponent(operationNumber)}`),
        OperationResponse,
      );
    },
  };
}

function toGatewayError(
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

/**
 * The wait before a GET's retry `attempt` (1 for the first): a 429 or 503's `Retry-After`, clamped
 * to maxRetryAfterMs; otherwise a jittered exponential back-off capped at maxDelayMs.
 */
function retryWait(retry: RetryPolicy, error: Error, attempt: number, now: number): number {
  if (error instanceof HTTPError && RETRY_AFTER_CODES.has(error.response.status)) {
    const after = retryAfterMs(error.response.headers.get('retry-after'), now);
    if (after !== undefined) return Math.min(retry.maxRetryAfterMs, after);
  }
  return Math.min(retry.maxDelayMs, Math.random() * retry.baseDelayMs * 2 ** (attempt - 1));
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** undici nests the socket error code a few `cause`s deep. */
function serverTime(header: string | null): number | undefined {
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

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
function keepBody(body: unknown, scrub: Scrub): unknown {
  if (body === undefined || body === '') return undefined;
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
function redactDeep(value: unknown, scrub: Scrub, cut = true): unknown {
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

// The only code that speaks to the gateway. GETs retry with capped, jittered back-off; POSTs are
// sent exactly once, and any failure after the request may have left says `outcomeUnknown`.
import ky, { HTTPError, type KyInstance, type ResponsePromise } from 'ky';
import type { z } from 'zod';
import type { OperationTypeValue } from '../../common/enums.ts';
import { type Clock, sleep, systemClock } from '../clock.ts';
import { type Endpoint, GatewayError, type SchemaIssue } from './errors.ts';
import { keepBody, redactDeep, retryAfterMs, scrubberFor, toGatewayError } from './failures.ts';
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

const SERVER_ERROR_CODES = Array.from({ length: 100 }, (_, i) => 500 + i);
/** Statuses whose `Retry-After` sets the wait before a GET's retry. */
const RETRY_AFTER_CODES = new Set([429, 503]);

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

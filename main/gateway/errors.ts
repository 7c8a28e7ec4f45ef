// Every way a gateway call can fail, as one class with a `kind`. Callers branch on `kind` and
// `outcomeUnknown`, never on the gateway's error body, whose shape the spec does not show.

import type { GATEWAY_ERROR_KINDS } from '../../common/error-kinds.ts';

export type GatewayErrorKind = (typeof GATEWAY_ERROR_KINDS)[number];
export type Endpoint = 'listPaymentMethodTypes' | 'openSession' | 'createOperation' | 'getOperation';

export type SchemaIssue = { path: string; message: string };

export type GatewayErrorInit = {
  kind: GatewayErrorKind;
  endpoint: Endpoint;
  status?: number | undefined;
  outcomeUnknown?: boolean;
  /** The gateway's reply body, redacted: parsed JSON, or text trimmed to a few KB. */
  body?: unknown;
  issues?: SchemaIssue[];
  /** Network error code (ECONNREFUSED, ECONNRESET, …) when there was no reply. */
  code?: string | undefined;
  /** From a `Retry-After` header, when the gateway sent one. */
  retryAfterMs?: number | undefined;
  /** The gateway's own clock, from the reply's `Date` header, when it sent a valid one. */
  serverTime?: number | undefined;
  detail?: string | undefined;
};

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  readonly endpoint: Endpoint;
  readonly status: number | undefined;
  /**
   * True when a POST may have reached the gateway and been committed. The caller must then
   * resolve the outcome by lookup and must never send the POST again.
   */
  readonly outcomeUnknown: boolean;
  readonly body: unknown;
  readonly issues: SchemaIssue[];
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly serverTime: number | undefined;

  constructor(init: GatewayErrorInit) {
    super(describe(init));
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.body = init.body;
    this.issues = init.issues ?? [];
    this.code = init.code;
    this.retryAfterMs = init.retryAfterMs;
    this.serverTime = init.serverTime;
  }

  /** A log-safe summary: never headers, never the token. */
  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      endpoint: this.endpoint,
      status: this.status,
      outcomeUnknown: this.outcomeUnknown,
      code: this.code,
      message: this.message,
      body: this.body,
      issues: this.issues,
    };
  }
}

function describe(init: GatewayErrorInit): string {
  const where = `${init.endpoint}${init.status ? ` (HTTP ${init.status})` : ''}`;
  const said = init.detail ?? messageFromBody(init.body);
  const base = `${init.kind.replace('_', ' ')} at ${where}`;
  return said ? `${base}: ${said}` : base;
}

/** Finds any message-like text in an error body without depending on its shape. */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 200) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'detail', 'title', 'error_description', 'error']) {
    const said = messageFromBody(record[key]);
    if (said) return said;
  }
  return undefined;
}

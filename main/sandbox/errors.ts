// The sandbox's refusals, as one class with a `kind` that fixes the HTTP status. The body shape is
// the sandbox's own assumption (the spec shows none); the app must not depend on it.
import { STATUS_CODES } from 'node:http';

const STATUS_BY_KIND = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unprocessable: 422,
} as const;

export type SandboxErrorKind = keyof typeof STATUS_BY_KIND;

/** Field path → why it was refused, e.g. `{ amount: "must be at most 500000" }`. */
export type FieldReasons = Record<string, string>;

export type ErrorBody = { error: { code: string; message: string; fields?: FieldReasons } };

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly kind: SandboxErrorKind;
  readonly code: string;
  readonly fields: FieldReasons | undefined;

  constructor(kind: SandboxErrorKind, code: string, message: string, fields?: FieldReasons) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields && { fields: this.fields }) } };
  }
}

/** Throws one error naming every refused field, so a client sees all its mistakes at once. */
export function throwIfAny(
  kind: SandboxErrorKind,
  code: string,
  message: string,
  fields: FieldReasons,
): void {
  if (Object.keys(fields).length > 0) throw new SandboxError(kind, code, message, fields);
}

/** What an injected fault sends when it names only a status: the reason phrase, in the usual shape. */
export function standardErrorBody(status: number): ErrorBody {
  const phrase = STATUS_CODES[status] ?? 'Error';
  const code = phrase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return { error: { code, message: phrase } };
}

// The one redaction layer every log line passes through. The log holds no token, no PIN and no
// full payer requisite, whatever shape a caller hands it: nested objects, keys, error messages,
// gateway bodies kept as text, JSON-escaped forms (`\/`, `\u002B`), URL-encoded forms.
//
// Three kinds of knowledge, from the most to the least exact:
// - Secrets it has been told (`addSecret`: the gateway tokens, as the settings read or set them,
//   and the training gateway's token): each is replaced wherever it stands, in any encoding it
//   is spelled out in (log-literals.ts: escaped, %-encoded, base64), found by literal search.
// - Personal values it has been told (`addPersonal`: the payer requisites the agent typed), masked
//   to their last four digits wherever they stand, so an error message echoing one is safe too.
// - Shapes: keys that name a secret or a PIN, requisite `{ name, value }` pairs and keys that name
//   a requisite, the `Api-Access-Token` header in text, and digit runs or IBANs in free text.
import { LIMITS } from '../common/limits.ts';
import { createLiteralMatcher, encodingsOf } from './log-literals.ts';

export const REDACTED = '[redacted]';

/** Keys whose value is a secret outright: tokens (not `tokens`, the token states), passwords, headers. */
const SECRET_KEY = /token$|^authorization$|password|passphrase|secret|^cookie$|^set-cookie$/i;
/** pin, PIN, pinCode, supervisorPin, newPin, operator_pin. */
const PIN_KEY = /^pin(_?code)?$|[a-z0-9]Pin(Code)?$|[_-]pin(_?code)?$/i;
/** Requisite fields a gateway body or a record may carry under their own names. */
const REQUISITE_KEY =
  /^(phone|phoneNumber|msisdn|card|cardNumber|pan|iban|account|accountNumber|fullName|firstName|lastName|middleName|payerName|holderName|cardHolder|email)$/i;

/**
 * What may stand between a name and its value: `:`, `=`, quotes and their escapes. Spaces after the
 * `:` are one run unless a quote or backslash splits them: two runs of \s* side by side would let a
 * line of spaces after `authorization:` cost quadratic time to give up on.
 */
const SEPARATOR = String.raw`\\*["']?\s*[:=]\s*(?:\\+["']?\s*|["']\s*)?`;
/** `Api-Access-Token: x`, `"api-access-token":"x"`, `api_access_token=x`, `Authorization: Bearer x`. */
const HEADER_IN_TEXT = new RegExp(
  String.raw`(api[-_ ]?access[-_ ]?token|authorization)(${SEPARATOR}(?:bearer\s+)?)([^\s"'\\,;}&]+)`,
  'gi',
);
const TOKEN_IN_QUERY = /([?&](?:access_)?token=)[^&\s"'\\]+/gi;
/** A PIN written out in text: `pin: 1234`, `"supervisorPin":"1234"`, `newPin=1234`. */
const PIN_IN_TEXT = new RegExp(String.raw`(pin(?:_?code)?${SEPARATOR})(\d{3,12})`, 'gi');
/**
 * Card numbers and phones in free text: nine or more digits, maybe spaced, standing alone. Dashes
 * are left out on purpose: dates and operation numbers (`T01-261122-0042`) must stay readable.
 */
const DIGIT_RUN = /(?<![\w-])\+?\d(?: ?\d){8,}(?![\w-])/g;
const IBAN = /(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![\w-])/g;

/** Personal values the log remembers at most: the most recent ones, enough for a working day. */
const PERSONAL_LIMIT = 500;
const PERSONAL_MIN_LENGTH = 5;
const MAX_DEPTH = 8;
const MAX_ITEMS = 200;

/** All but the last four digits go; a value with four digits or fewer (a name, a short code) goes whole. */
export function mask(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 4 ? `***${digits.slice(-4)}` : '***';
}

export function createRedactor() {
  // Secrets and personal values share one scan; a secret wins a tie at the same place.
  const literals = createLiteralMatcher();
  const secrets = new Set<string>();
  const personal = new Set<string>();

  /** Known secrets and personal values, and the header and PIN shapes: safe on any text, even a whole JSON line. */
  function known(text: string): string {
    return literals
      .replace(text)
      .replace(HEADER_IN_TEXT, `$1$2${REDACTED}`)
      .replace(TOKEN_IN_QUERY, `$1${REDACTED}`)
      .replace(PIN_IN_TEXT, `$1${REDACTED}`);
  }

  /** Everything, for a string value: also the digit runs and IBANs no one announced. */
  function text(value: string): string {
    return known(value)
      .replace(DIGIT_RUN, (run) => mask(run))
      .replace(IBAN, (iban) => mask(iban));
  }

  function error(value: Error, depth: number): unknown {
    const withJson = value as Error & { toJSON?: () => unknown };
    if (typeof withJson.toJSON === 'function') return walk(withJson.toJSON(), undefined, depth + 1);
    const extra = value as Error & { code?: unknown; status?: unknown; kind?: unknown };
    // The frames only: the stack's first line repeats the message, which is redacted above.
    const frames = value.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .slice(0, 12)
      .map((line) => line.trim());
    return {
      name: value.name,
      message: text(value.message),
      ...(typeof extra.kind === 'string' ? { kind: extra.kind } : {}),
      ...(typeof extra.code === 'string' ? { code: extra.code } : {}),
      ...(typeof extra.status === 'number' ? { status: extra.status } : {}),
      ...(frames?.length ? { stack: frames } : {}),
      ...(value.cause !== undefined ? { cause: walk(value.cause, undefined, depth + 1) } : {}),
    };
  }

  function primitiveUnder(key: string | undefined, value: string | number): unknown {
    if (key !== undefined && (SECRET_KEY.test(key) || PIN_KEY.test(key))) return REDACTED;
    if (key !== undefined && REQUISITE_KEY.test(key)) return mask(String(value));
    return typeof value === 'string' ? text(value) : value;
  }

  function walk(value: unknown, key: string | undefined, depth: number): unknown {
    if (depth > MAX_DEPTH) return '[too deep]';
    if (typeof value === 'string' || typeof value === 'number') return primitiveUnder(key, value);
    if (typeof value === 'bigint') return primitiveUnder(key, value.toString());
    if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
    if (key !== undefined && (SECRET_KEY.test(key) || PIN_KEY.test(key))) return REDACTED;
    if (value instanceof Error) return error(value, depth);
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value) || value instanceof Set) {
      return [...value].slice(0, MAX_ITEMS).map((item) => walk(item, undefined, depth + 1));
    }
    // Headers (a fetch or ky request), a Map: their entries are keyed like an object's.
    const entries =
      value instanceof Map || typeof (value as { entries?: unknown }).entries === 'function'
        ? [...(value as Map<unknown, unknown>).entries()].map(([k, v]) => [String(k), v] as const)
        : Object.entries(value);
    const record = value as Record<string, unknown>;
    // A requisite or payer detail: `{ name: 'phone', value: '+7…' }`.
    const requisite = typeof record.name === 'string' && typeof record.value === 'string';
    return Object.fromEntries(
      entries
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => [text(k), requisite && k === 'value' ? mask(v as string) : walk(v, k, depth + 1)]),
    );
  }

  return {
    /** A gateway token (or any secret) to replace wherever it appears from now on. */
    addSecret(value: string | null | undefined) {
      if (!value || value.length < LIMITS.tokenMin || secrets.has(value)) return;
      secrets.add(value);
      literals.set(value, encodingsOf(value, true), REDACTED, 0);
    },
    /** A payer's requisite value to mask wherever it appears; the oldest are forgotten first. */
    addPersonal(value: string | null | undefined) {
      const trimmed = value?.trim();
      if (!trimmed || trimmed.length < PERSONAL_MIN_LENGTH || secrets.has(trimmed)) return;
      personal.delete(trimmed);
      personal.add(trimmed);
      literals.set(trimmed, encodingsOf(trimmed), mask(trimmed), 1);
      if (personal.size > PERSONAL_LIMIT) {
        const oldest = personal.values().next().value!;
        personal.delete(oldest);
        literals.delete(oldest);
      }
    },
    /** A redacted, JSON-ready copy of anything. */
    value: (value: unknown): unknown => walk(value, undefined, 0),
    /** For text already made of redacted values (a serialized line, a log file): the known secrets again. */
    known,
  };
}

// The head office's desk API (docs/hq-api.md) over ky: every answer as its status and JSON, a
// network failure or timeout as `unreachable`. The desk token goes in the Authorization header only,
// and a redirect is refused (it would carry the token elsewhere). Each upload carries the desk's
// signature over its last entry's hash, made here with the key from the keychain.
import type { KeyObject } from 'node:crypto';
import ky from 'ky';
import { DESK_API, type DeskRoute, deskPath } from '../../common/hq-api/desk-routes.ts';
import type { EnrolRequest } from '../../common/journal-enrolment.ts';
import {
  type ClaimRequest,
  DeskRefusal,
  type JournalEntry,
  type UploadRequest,
} from '../../common/journal-entry.ts';
import { englishRefusal, type Refusal, refusal } from '../../common/refusal.ts';
import { signBatch } from '../../common-node/batch-signature.ts';

export const HQ_TIMEOUT_MS = 15_000;

export type HqAnswer =
  | { status: number; body: Record<string, unknown> }
  | { status: 'unreachable'; detail: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The head office's base URL, or why not: `https://` only, except on this computer's loopback. */
export function checkHqUrl(raw: string): { url: string } | { refused: Refusal } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { refused: refusal('headOffice.notUrl') };
  }
  if (url.username || url.password) return { refused: refusal('headOffice.urlCredentials') };
  const plainLoopback = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !plainLoopback) return { refused: refusal('headOffice.urlHttps') };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function createHqClient(
  baseUrl: string,
  token: () => string | null,
  timeoutMs = HQ_TIMEOUT_MS,
  /** The desk's signing key; null for a desk enrolled before desks signed (HQ holds no key of it). */
  key: KeyObject | null = null,
) {
  const api = ky.create({
    prefix: baseUrl,
    timeout: timeoutMs,
    retry: { limit: 0 },
    throwHttpErrors: false,
    redirect: 'error',
    headers: { Accept: 'application/json' },
  });
  const auth = () => {
    const t = token();
    return t ? { Authorization: `Bearer ${t}` } : undefined;
  };
  async function send(request: () => Promise<Response>): Promise<HqAnswer> {
    try {
      const response = await request();
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        const unreadable = refusal('headOffice.unreadable');
        body = { error: 'invalid', message: englishRefusal(unreadable), refusal: unreadable };
      }
      return { status: response.status, body };
    } catch (error) {
      return { status: 'unreachable', detail: error instanceof Error ? error.name : 'unknown' };
    }
  }
  // Route `name` of the desk API's table: its path (relative to the base URL, as ky's prefix wants it), method and body.
  const request = (name: DeskRoute, options: { operationNumber?: string; json?: unknown; token?: boolean }) =>
    send(() =>
      api(deskPath(name, options.operationNumber).slice(1), {
        method: DESK_API[name].method,
        json: options.json,
        headers: options.token === false ? undefined : auth(),
      }),
    );
  return {
    enrol: (code: string, terminalId: string, deskPublicKey: string, journal: EnrolRequest['journal']) =>
      request('enrol', {
        json: { code, terminalId, deskPublicKey, journal } satisfies EnrolRequest,
        token: false,
      }),
    upload: (entries: readonly JournalEntry[]) => {
      const last = entries[entries.length - 1]!;
      const json: UploadRequest = { entries: [...entries] };
      if (key) json.signature = signBatch(key, last.hash);
      return request('upload', { json });
    },
    highWater: () => request('highWater', {}),
    payout: (operationNumber: string) => request('payout', { operationNumber }),
    claim: (operationNumber: string, operator: string) =>
      request('claim', { operationNumber, json: { operator } satisfies ClaimRequest }),
  };
}

export type HqClient = ReturnType<typeof createHqClient>;

/** The head office's reason for a refusal, as a key of the shared catalogue; undefined if it sent none. */
export function hqRefusal(body: Record<string, unknown>): Refusal | undefined {
  const parsed = DeskRefusal.shape.refusal.safeParse(body.refusal);
  return parsed.success ? parsed.data : undefined;
}

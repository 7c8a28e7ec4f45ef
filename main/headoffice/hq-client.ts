// The head office's desk API (docs/hq-api.md) over ky: every answer as its status and JSON, a
// network failure or timeout as `unreachable`. The desk token goes in the Authorization header only,
// and a redirect is refused (it would carry the token elsewhere).
import ky from 'ky';
import type { JournalEntry } from '../../common/journal-entry.ts';

export const HQ_TIMEOUT_MS = 15_000;

export type HqAnswer =
  | { status: number; body: Record<string, unknown> }
  | { status: 'unreachable'; detail: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The head office's base URL, or why not: `https://` only, except on this computer's loopback. */
export function checkHqUrl(raw: string): { url: string } | { refused: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      refused: 'This is not a web address. Enter the head office address, like https://hq.example.com.',
    };
  }
  if (url.username || url.password)
    return { refused: 'The head office address must not hold a name or password.' };
  const plainLoopback = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !plainLoopback)
    return {
      refused:
        'The head office address must start with https:// (http:// only for a head office on this computer).',
    };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function createHqClient(baseUrl: string, token: () => string | null, timeoutMs = HQ_TIMEOUT_MS) {
  const api = ky.create({
    prefix: `${baseUrl}/api/desk`,
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
        body = { error: 'invalid', message: 'The head office answered in a form the desk cannot read.' };
      }
      return { status: response.status, body };
    } catch (error) {
      return { status: 'unreachable', detail: error instanceof Error ? error.name : 'unknown' };
    }
  }
  return {
    enrol: (code: string, terminalId: string) =>
      send(() => api.post('enrol', { json: { code, terminalId } })),
    upload: (entries: readonly JournalEntry[]) =>
      send(() => api.post('journal', { json: { entries }, headers: auth() })),
    highWater: () => send(() => api.get('journal/high-water', { headers: auth() })),
    payout: (operationNumber: string) =>
      send(() => api.get(`payouts/${encodeURIComponent(operationNumber)}`, { headers: auth() })),
    claim: (operationNumber: string, operator: string) =>
      send(() =>
        api.post(`payouts/${encodeURIComponent(operationNumber)}/claim`, {
          json: { operator },
          headers: auth(),
        }),
      ),
  };
}

export type HqClient = ReturnType<typeof createHqClient>;

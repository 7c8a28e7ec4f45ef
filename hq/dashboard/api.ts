// The dashboard's one way to the server: each route of the staff API's table (common/hq-api),
// same-origin with the session cookie and, on every mutating request, the session's CSRF token.
// Each reply is parsed with the route's schema. A failure is an ApiError carrying the server's
// reason as a key of the refusal catalogue (said in the reader's language), or `unreadable` when the
// reply is not what the contract says.

import { StaffRefusal } from '../../common/hq-api/staff-admin.ts';
import {
  type Route,
  STAFF_API,
  type StaffInput,
  type StaffReply,
  type StaffRoute,
  staffUrl,
} from '../../common/hq-api/staff-routes.ts';
import type { Refusal } from '../../common/refusal.ts';

let csrf = '';

export function setCsrf(token: string): void {
  csrf = token;
}

export class ApiError extends Error {
  readonly status: number;
  /** The reply did not match the contract: a dashboard older or newer than the server. */
  readonly unreadable: boolean;
  /** The server's reason, to say in the reader's language; null for a reply without one. */
  readonly refusal: Refusal | null;
  constructor(status: number, message: string, options: { unreadable?: boolean; refusal?: Refusal } = {}) {
    super(message);
    this.status = status;
    this.unreadable = options.unreadable ?? false;
    this.refusal = options.refusal ?? null;
  }
}

/** The input of route N, which may be left out when the route takes none. */
export type InputArg<N extends StaffRoute> =
  object extends StaffInput<N> ? [input?: StaffInput<N>] : [input: StaffInput<N>];

/** One call of route N, as its path and query name it: what a view loads and reloads. */
export type Call<N extends StaffRoute> = { name: N; input: StaffInput<N>; key: string };

export function callOf<N extends StaffRoute>(name: N, ...[input]: InputArg<N>): Call<N> {
  const given = (input ?? {}) as StaffInput<N>;
  return { name, input: given, key: `${STAFF_API[name].method} ${staffUrl(name, given)}` };
}

export async function send<N extends StaffRoute>({ name, input }: Call<N>): Promise<StaffReply<N>> {
  const route: Route = STAFF_API[name];
  const response = await fetch(
    staffUrl(name, input),
    route.method === 'GET'
      ? { credentials: 'same-origin' }
      : {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify(input.body ?? {}),
        },
  );
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refused = StaffRefusal.safeParse(body);
    if (!refused.success) throw new ApiError(response.status, `HTTP ${response.status}`);
    throw new ApiError(response.status, refused.data.message, {
      ...(refused.data.refusal && { refusal: refused.data.refusal }),
    });
  }
  const parsed = route.reply.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(response.status, `${name}: ${issue?.path.join('.')}: ${issue?.message}`, {
      unreadable: true,
    });
  }
  return parsed.data as StaffReply<N>;
}

/** Calls route N once: the actions (sign-in, admin forms). */
export const call = <N extends StaffRoute>(name: N, ...input: InputArg<N>): Promise<StaffReply<N>> =>
  send(callOf(name, ...input));

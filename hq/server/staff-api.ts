// How a staff route is served: registered from the contract's table (common/hq-api), its path
// parameters, query and body parsed with the route's schemas (a bad request is a 400 that says
// which field and why), and its reply built as the contract's type.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { StaffRefusal } from '../../common/hq-api/staff-admin.ts';
import { type Route, STAFF_API, type StaffReply, type StaffRoute } from '../../common/hq-api/staff-routes.ts';
import { englishRefusal, type Phrase, phrase, type Refusal, refusal } from '../../common/refusal.ts';
import type { Staff, StaffEnv } from './staff-auth.ts';

type Def<N extends StaffRoute> = (typeof STAFF_API)[N];
type Parsed<N extends StaffRoute, K extends 'params' | 'query' | 'body'> =
  Def<N> extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;
export type ParsedInput<N extends StaffRoute> = {
  params: Parsed<N, 'params'>;
  query: Parsed<N, 'query'>;
  body: Parsed<N, 'body'>;
};
type StaffContext = Context<StaffEnv>;

/** The branch `staff` may read: null for every branch (an admin). */
// Stryker disable next-line ConditionalExpression,StringLiteral: an admin's branchId is null (hq_users' CHECK), so both sides read null for one.
export const scope = (staff: Staff): number | null => (staff.role === 'admin' ? null : staff.branchId);

export const refuse = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 415 | 429,
  error: StaffRefusal['error'],
  refused: Refusal,
) => c.json({ error, message: englishRefusal(refused), refusal: refused } satisfies StaffRefusal, status);

export const forbidden = (c: Context) => refuse(c, 403, 'forbidden', refusal('hq.forbidden'));

async function inputOf<N extends StaffRoute>(
  c: StaffContext,
  name: N,
  invalid: Phrase,
): Promise<ParsedInput<N> | Response> {
  const def: Route = STAFF_API[name];
  const sources = {
    params: () => c.req.param(),
    query: () => c.req.query(),
    body: () => c.req.json().catch(() => undefined),
  };
  const input: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = def[part];
    if (!schema) continue;
    const parsed = schema.safeParse(await sources[part]());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return refuse(
        c,
        400,
        'invalid',
        refusal('hq.invalid', { what: invalid, detail: `${field}${issue?.message ?? 'not valid'}` }),
      );
    }
    input[part] = parsed.data;
  }
  return input as ParsedInput<N>;
}

/**
 * Serves route `name` of the contract behind `guards`: `handle` gets the parsed input and returns
 * the reply (sent as JSON) or a refusal it built. `invalid` says what a good request holds.
 */
export function serve<N extends StaffRoute>(
  app: Hono<StaffEnv>,
  name: N,
  guards: MiddlewareHandler<StaffEnv>[],
  handle: (c: StaffContext, input: ParsedInput<N>) => Promise<StaffReply<N> | Response>,
  invalid: Phrase = phrase('hq.requestInvalid'),
): void {
  const { method, path }: Route = STAFF_API[name];
  const final: MiddlewareHandler<StaffEnv> = async (c) => {
    const input = await inputOf(c, name, invalid);
    if (input instanceof Response) return input;
    const answer = await handle(c, input);
    return answer instanceof Response ? answer : c.json(answer as object);
  };
  app.on([method], [path], ...guards, final);
}

// `window.cashdesk`, built from the channel table for any transport: Electron IPC in preload, a page
// binding in the tests and the browser preview. The IPC channel names are made here and nowhere else.
// Free of zod (the schemas' types only), so the preload can import it alone.

import { CHANNEL_NAMES } from './channel-names.ts';
import type { ChannelName, Request, Response, Result } from './channels.ts';
import type { EventName, EventPayload } from './events.ts';

/** Every IPC channel of the app starts with this; preload sends on nothing else. */
export const CHANNEL_PREFIX = 'cashdesk:';
/** The IPC channel a call travels on. */
export const callChannel = (name: ChannelName): string => `${CHANNEL_PREFIX}${name}`;
/** The IPC channel main pushes an event on. */
export const eventChannel = (name: EventName): string => `${CHANNEL_PREFIX}event:${name}`;

type Namespaces<Name extends string> = Name extends `${infer NS}.${string}` ? NS : never;
type MethodsOf<NS extends string> = {
  [C in ChannelName as C extends `${NS}.${infer M}` ? M : never]: (
    request: Request<C>,
  ) => Promise<Result<Response<C>>>;
};

export type CashdeskApi = { [NS in Namespaces<ChannelName>]: MethodsOf<NS> } & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export type Invoke = (channel: ChannelName, request: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** Builds `window.cashdesk` from any transport: Electron IPC in preload, a page binding in tests. */
export function buildApi(invoke: Invoke, subscribe: Subscribe): CashdeskApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of CHANNEL_NAMES) {
    const [ns, method] = name.split('.') as [string, string];
    api[ns] ??= {};
    api[ns][method] = (request: unknown) => invoke(name, request ?? {});
  }
  return Object.assign(api, {
    on: (event: EventName, listener: (payload: unknown) => void) => subscribe(event, listener),
  }) as unknown as CashdeskApi;
}

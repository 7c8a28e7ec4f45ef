// A feature as the composition root (main/core.ts) sees it: the channels it answers, and what it
// starts once everything is built and stops when the core closes. A feature with nothing to start
// or stop leaves those out rather than carrying empty functions.
import type { ChannelName } from '../common/contract.ts';
import type { HandlerTable } from './ipc/handlers.ts';

export type Feature<H> = {
  handlers: H;
  start?(): void | Promise<void>;
  close?(): void | Promise<void>;
};

/** The channels a feature (or each of a union of features) answers. */
type ChannelsOf<F> = F extends { handlers: infer H } ? keyof H & ChannelName : never;

/**
 * The features' handlers as one table. Its type names every channel some feature answers, so
 * core.ts assigning it to `Handlers` makes a channel nobody answers a type error; a channel two
 * features answer is an error here, at start, instead of one answer silently hiding the other.
 */
export function handlersOf<const F extends readonly Feature<object>[]>(
  features: F,
): HandlerTable<ChannelsOf<F[number]>> {
  const table: Record<string, unknown> = {};
  for (const feature of features) {
    for (const [channel, handler] of Object.entries(feature.handlers)) {
      if (channel in table) throw new Error(`Two features answer ${channel}`);
      table[channel] = handler;
    }
  }
  return table as HandlerTable<ChannelsOf<F[number]>>;
}

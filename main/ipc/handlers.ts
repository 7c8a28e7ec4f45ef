// The shape of a handler table. Each feature hands back the slice of the channel table it answers,
// and core.ts merges the slices into one `Handlers` (handlersOf, main/feature.ts), so a channel
// nobody answers is a type error.
import type { z } from 'zod';
import type { ChannelName, Channels, Response } from '../../common/contract.ts';

export type Handler<C extends ChannelName> = (
  request: z.output<Channels[C]['request']>,
) => Promise<Response<C>> | Response<C>;

export type HandlerTable<C extends ChannelName> = { [K in C]: Handler<K> };

export type Handlers = HandlerTable<ChannelName>;

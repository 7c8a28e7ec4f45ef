// One channel of the contract: its request and reply schemas, and whether it only reads.
import { z } from 'zod';

/**
 * A channel that changes something: if the core dies while it runs, whether it took effect is not
 * known, so its caller is told so, with cash held, and nothing is sent again.
 */
export function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response, read: false as boolean };
}

/**
 * A channel that only reads (or asks again what is already asked, a lookup): running it twice is the
 * same as once, so if the core dies while it runs, it is asked once more of the core started again.
 */
export function read<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response, read: true as boolean };
}

/** A request with nothing in it. */
export const none = z.object({}).strict();

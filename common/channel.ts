// One channel of the contract: its request and reply schemas.
import { z } from 'zod';

export function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}

/** A request with nothing in it. */
export const none = z.object({}).strict();

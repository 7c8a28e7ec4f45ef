// The one door every IPC call passes: the request is parsed against the contract, the handler
// runs, and the reply is parsed too, so the contract cannot drift silently. It never throws.
import { type ChannelName, channels, type Result } from '../../common/contract.ts';
import { refusal, withEnglish } from '../../common/refusal.ts';
import { toAppError } from '../app-error.ts';
import type { Log } from '../log.ts';
import type { Handlers } from './handlers.ts';

export type Invoke = (channel: string, request: unknown) => Promise<Result<unknown>>;

export function createDispatch(handlers: Handlers, log: Log): Invoke {
  return async (channel, request) => {
    if (typeof channel !== 'string' || !Object.hasOwn(channels, channel)) {
      const error = {
        kind: 'invalid_input',
        ...withEnglish(refusal('core.unknownChannel')),
        cash: 'none',
      } as const;
      return { ok: false, error };
    }
    const name = channel as ChannelName;
    try {
      const parsed = channels[name].request.safeParse(request);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'request'}: ${i.message}`)
          .join('; ');
        // The detail names the field and the rule, for the log; the renderer never sends it on purpose.
        const error = {
          kind: 'invalid_input',
          ...refusal('core.invalidInput', { detail }),
          message: detail,
        } as const;
        return { ok: false, error: { ...error, cash: 'none' } };
      }
      const handler = handlers[name] as (request: unknown) => Promise<unknown> | unknown;
      const value = await handler(parsed.data);
      return { ok: true, value: channels[name].response.parse(value) };
    } catch (error) {
      const appError = toAppError(error);
      if (appError.kind === 'internal' || appError.kind === 'storage')
        log.error('handler_error', { channel, error });
      return { ok: false, error: appError };
    }
  };
}

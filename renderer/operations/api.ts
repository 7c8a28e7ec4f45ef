import type { EventPayload, Request } from '../../common/contract.ts';

/** The operation pushes the window listens to, once (pushes.ts), and what it tells main it shows. */
export const operationsApi = {
  onChanged: (listener: (view: EventPayload<'operation.changed'>) => void) =>
    window.cashdesk.on('operation.changed', listener),
  onAttention: (listener: (attention: EventPayload<'operation.attention'>) => void) =>
    window.cashdesk.on('operation.attention', listener),
  onTrayChanged: (listener: (tray: EventPayload<'tray.changed'>) => void) =>
    window.cashdesk.on('tray.changed', listener),
  follow: (request: Request<'lookup.follow'>) => window.cashdesk.lookup.follow(request),
};

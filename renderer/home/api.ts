import type { EventPayload } from '../../common/contract.ts';

type Listener<E extends 'operation.changed' | 'operation.attention'> = (payload: EventPayload<E>) => void;

/** Home's own reads: this desk's open operations, and the pushes that change them. */
export const homeApi = {
  openOperations: () => window.cashdesk.history.open({}),
  onOperationChanged: (listener: Listener<'operation.changed'>) =>
    window.cashdesk.on('operation.changed', listener),
  onAttention: (listener: Listener<'operation.attention'>) =>
    window.cashdesk.on('operation.attention', listener),
};

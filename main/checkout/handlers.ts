// The counter's flow: methods, session, create, abandon.
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Checkout } from './checkout.ts';
import type { Custody } from './custody.ts';

type CheckoutChannel =
  | 'checkout.listMethods'
  | 'checkout.openSession'
  | 'checkout.createOperation'
  | 'checkout.abandon'
  | 'checkout.recordCash';

export function checkoutHandlers(checkout: Checkout, custody: Custody): HandlerTable<CheckoutChannel> {
  return {
    'checkout.listMethods': ({ shopId, operationType }) => checkout.listMethods(shopId, operationType),
    'checkout.openSession': (request) => checkout.openSession(request),
    'checkout.createOperation': (request) => checkout.createOperation(request),
    'checkout.abandon': ({ localId }) => checkout.abandon(localId),
    'checkout.recordCash': ({ localId }) => custody.record(localId),
  };
}

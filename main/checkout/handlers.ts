// The counter's flow: methods, session, create, abandon.
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Checkout } from './checkout.ts';

type CheckoutChannel =
  | 'checkout.listMethods'
  | 'checkout.openSession'
  | 'checkout.createOperation'
  | 'checkout.abandon';

export function checkoutHandlers(checkout: Checkout): HandlerTable<CheckoutChannel> {
  return {
    'checkout.listMethods': ({ shopId, operationType }) => checkout.listMethods(shopId, operationType),
    'checkout.openSession': (request) => checkout.openSession(request),
    'checkout.createOperation': (request) => checkout.createOperation(request),
    'checkout.abandon': ({ localId }) => checkout.abandon(localId),
  };
}

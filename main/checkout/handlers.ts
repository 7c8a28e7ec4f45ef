// The counter's flow: methods, session, create, abandon.
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Checkout } from './checkout.ts';
import type { CustodyService } from './custody.ts';

type CheckoutChannel =
  | 'checkout.listMethods'
  | 'checkout.openSession'
  | 'checkout.createOperation'
  | 'checkout.abandon'
  | 'checkout.recordCash'
  | 'checkout.startAgain'
  | 'custody.reverse';

export function checkoutHandlers(checkout: Checkout, custody: CustodyService): HandlerTable<CheckoutChannel> {
  return {
    'checkout.listMethods': ({ shopId, operationType }) => checkout.listMethods(shopId, operationType),
    'checkout.openSession': (request) => checkout.openSession(request),
    'checkout.createOperation': (request) => checkout.createOperation(request),
    'checkout.abandon': ({ localId }) => checkout.abandon(localId),
    'checkout.recordCash': ({ localId, action }) => custody.record(localId, action),
    'checkout.startAgain': ({ localId }) => checkout.startAgain(localId),
    'custody.reverse': (request) => custody.reverse(request),
  };
}

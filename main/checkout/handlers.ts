// The counter's flow: methods, session, create, abandon.
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';
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

export function createCheckoutFeature(
  checkout: Checkout,
  custody: CustodyService,
  log: Pick<Log, 'addPersonal'>,
): Feature<HandlerTable<CheckoutChannel>> {
  const handlers: HandlerTable<CheckoutChannel> = {
    'checkout.listMethods': ({ shopId, operationType }) => checkout.listMethods(shopId, operationType),
    'checkout.openSession': (request) => checkout.openSession(request),
    'checkout.createOperation': (request) => {
      // The payer's requisites as typed, so the log masks them even inside a message that echoes
      // one. Learned here, after the contract's parse and the desk's gate, and only for a session
      // this desk opened: values the log remembers cannot be pushed in by any request at all.
      const record = checkout.find(request.localId);
      if (record?.phase === 'session_open' && record.origin === 'counter') {
        for (const requisite of request.payerRequisites) log.addPersonal(requisite.value);
      }
      return checkout.createOperation(request);
    },
    'checkout.abandon': ({ localId }) => checkout.abandon(localId),
    'checkout.recordCash': ({ localId, action }) => custody.record(localId, action),
    'checkout.startAgain': ({ localId }) => checkout.startAgain(localId),
    'custody.reverse': (request) => custody.reverse(request),
  };
  return { handlers };
}

import type { Request } from '../../common/contract.ts';

/** Everything the checkout asks of the core, from the method list to the status of what it created. */
export const checkoutApi = {
  listMethods: (request: Request<'checkout.listMethods'>) => window.cashdesk.checkout.listMethods(request),
  openSession: (request: Request<'checkout.openSession'>) => window.cashdesk.checkout.openSession(request),
  createOperation: (request: Request<'checkout.createOperation'>) =>
    window.cashdesk.checkout.createOperation(request),
  abandon: (request: Request<'checkout.abandon'>) => window.cashdesk.checkout.abandon(request),
  startAgain: (request: Request<'checkout.startAgain'>) => window.cashdesk.checkout.startAgain(request),
  openForPayer: (request: Request<'history.openForPayer'>) => window.cashdesk.history.openForPayer(request),
  confirmTraining: (request: Request<'checkout.confirmTraining'>) =>
    window.cashdesk.checkout.confirmTraining(request),
  refresh: (request: Request<'history.refresh'>) => window.cashdesk.history.refresh(request),
  /** The operation as the core holds it now, read again after the core's process came back. */
  get: (request: Request<'history.get'>) => window.cashdesk.history.get(request),
  lookUp: (request: Request<'lookup.byNumber'>) => window.cashdesk.lookup.byNumber(request),
  /** The drawer's expected cash, which a cash payout is held against before its session opens. */
  drawer: () => window.cashdesk.shift.current({}),
};

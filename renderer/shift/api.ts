import type { EventPayload, Request } from '../../common/contract.ts';

/** The shift's calls: signing in with the float, the drawer, the X and Z reports. */
export const shiftApi = {
  operators: () => window.cashdesk.operators.list({}),
  current: () => window.cashdesk.shift.current({}),
  open: (request: Request<'shift.open'>) => window.cashdesk.shift.open(request),
  cashMovement: (request: Request<'shift.cashMovement'>) => window.cashdesk.shift.cashMovement(request),
  report: () => window.cashdesk.shift.report({}),
  previewClose: (request: Request<'shift.previewClose'>) => window.cashdesk.shift.previewClose(request),
  close: (request: Request<'shift.close'>) => window.cashdesk.shift.close(request),
  list: (request: Request<'shift.list'>) => window.cashdesk.shift.list(request),
  zReport: (request: Request<'shift.zReport'>) => window.cashdesk.shift.zReport(request),
  reconcile: (request: Request<'shift.reconcile'>) => window.cashdesk.shift.reconcile(request),
  previewHandover: (request: Request<'drawer.previewHandover'>) =>
    window.cashdesk.drawer.previewHandover(request),
  handover: (request: Request<'drawer.handover'>) => window.cashdesk.drawer.handover(request),
  printSlip: (request: Request<'drawer.printSlip'>) => window.cashdesk.drawer.printSlip(request),
  /** The shop's methods, for the currencies a first float is counted in. */
  methods: (request: Request<'checkout.listMethods'>) => window.cashdesk.checkout.listMethods(request),
  onReconciled: (listener: (shift: EventPayload<'shift.reconciled'>) => void) =>
    window.cashdesk.on('shift.reconciled', listener),
};

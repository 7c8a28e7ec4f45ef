import type { EventPayload, Request } from '../../common/contract.ts';

type Listener<
  E extends
    | 'app.changed'
    | 'connectivity.changed'
    | 'lookup.answered'
    | 'desk.changed'
    | 'updates.ready'
    | 'core.connection',
> = (payload: EventPayload<E>) => void;

/** The app-wide calls: the state every room reads, and the pushes that keep it current. */
export const appApi = {
  getState: () => window.cashdesk.app.getState({}),
  saveSettings: (settings: Request<'settings.save'>) => window.cashdesk.settings.save(settings),
  onAppChanged: (listener: Listener<'app.changed'>) => window.cashdesk.on('app.changed', listener),
  onConnectivityChanged: (listener: Listener<'connectivity.changed'>) =>
    window.cashdesk.on('connectivity.changed', listener),
  onLookupAnswered: (listener: Listener<'lookup.answered'>) =>
    window.cashdesk.on('lookup.answered', listener),
  onUpdateReady: (listener: Listener<'updates.ready'>) => window.cashdesk.on('updates.ready', listener),
  /** Main's word on the core's own process: it went down, came back, or was left stopped. */
  onCoreConnection: (listener: Listener<'core.connection'>) =>
    window.cashdesk.on('core.connection', listener),
  setIdle: (request: Request<'app.setIdle'>) => window.cashdesk.app.setIdle(request),
  installUpdate: () => window.cashdesk.updates.install({}),
  /** A default path in the data folder for a file the agent exports. */
  suggestPath: (request: Request<'files.suggestPath'>) => window.cashdesk.files.suggestPath(request),
};

/** The desk's lock and who is signed in: every screen, the lock screen and the shift bar read it. */
export const deskApi = {
  state: () => window.cashdesk.desk.state({}),
  lock: () => window.cashdesk.desk.lock({}),
  unlock: (request: Request<'desk.unlock'>) => window.cashdesk.desk.unlock(request),
  touch: () => window.cashdesk.desk.touch({}),
  unlockSupervisor: (request: Request<'supervisor.unlock'>) => window.cashdesk.supervisor.unlock(request),
  /** Training only: the agent starts the training shift by hand; nothing starts without one. */
  openTraining: () => window.cashdesk.shift.openTraining({}),
  onDeskChanged: (listener: Listener<'desk.changed'>) => window.cashdesk.on('desk.changed', listener),
};

/** What every operation screen shares: recording the cash, asking for its status, and its pushes. */
export const operationApi = {
  recordCash: (request: Request<'checkout.recordCash'>) => window.cashdesk.checkout.recordCash(request),
  reverseCustody: (request: Request<'custody.reverse'>) => window.cashdesk.custody.reverse(request),
  startAgain: (request: Request<'checkout.startAgain'>) => window.cashdesk.checkout.startAgain(request),
};

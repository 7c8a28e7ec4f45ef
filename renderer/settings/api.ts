import type { Request } from '../../common/contract.ts';

/** The supervisor's calls; saving the general settings is app-wide, as the language switch uses it too. */
export const settingsApi = {
  setMode: (request: Request<'settings.setMode'>) => window.cashdesk.settings.setMode(request),
  setToken: (request: Request<'settings.setToken'>) => window.cashdesk.settings.setToken(request),
  /** What is still open, to warn before a change of where new operations go. */
  openOperations: () => window.cashdesk.history.open({}),
  /** One operation in full, for the gateway it was sent to. */
  operation: (request: Request<'history.get'>) => window.cashdesk.history.get(request),
};

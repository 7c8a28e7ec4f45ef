import type { Request } from '../../common/contract.ts';

/** The supervisor's calls; saving the general settings is app-wide, as the language switch uses it too. */
export const settingsApi = {
  setMode: (request: Request<'settings.setMode'>) => window.cashdesk.settings.setMode(request),
  setToken: (request: Request<'settings.setToken'>) => window.cashdesk.settings.setToken(request),
};

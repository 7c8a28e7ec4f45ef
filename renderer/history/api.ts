import type { Request } from '../../common/contract.ts';

/** History reads what the desk holds, and asks the gateway again only when the agent says so. */
export const historyApi = {
  search: (request: Request<'history.search'>) => window.cashdesk.history.search(request),
  get: (request: Request<'history.get'>) => window.cashdesk.history.get(request),
  refresh: (request: Request<'history.refresh'>) => window.cashdesk.history.refresh(request),
};

import type { Request } from '../../common/contract.ts';

export const lookupApi = {
  byNumber: (request: Request<'lookup.byNumber'>) => window.cashdesk.lookup.byNumber(request),
};

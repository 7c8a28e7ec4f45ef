import type { Request } from '../../common/contract.ts';

export const auditApi = {
  /** The audit trail, newest first, a page at a time (the supervisor only). */
  list: (request: Request<'audit.list'>) => window.cashdesk.audit.list(request),
};

// The audit trail for Settings: newest first, a page at a time, for the supervisor only
// (audit.list is among the supervised channels).
import type { HandlerTable } from '../ipc/handlers.ts';
import type { AuditTrail } from './trail.ts';

export function auditHandlers(audit: AuditTrail): HandlerTable<'audit.list'> {
  return {
    'audit.list': ({ before, limit }) => audit.page(before, limit),
  };
}

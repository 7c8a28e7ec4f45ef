// An audit entry's detail in words, the same on screen and on paper: old → new where a value
// changed, then the rest as name: value.
import type { AuditEntry } from './agent-day.ts';

export function auditDetail(detail: AuditEntry['detail']): string {
  const shown = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
  const { field, from, to, ...rest } = detail;
  const parts = Object.entries(rest).map(([name, value]) => `${name}: ${shown(value)}`);
  if ('from' in detail || 'to' in detail) {
    parts.unshift(`${field === undefined ? '' : `${field}: `}${shown(from)} → ${shown(to)}`);
  }
  return parts.join(', ');
}

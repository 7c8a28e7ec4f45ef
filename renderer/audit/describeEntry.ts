import type { TFunction } from 'i18next';
import type { AuditEntry } from '../../common/contract.ts';

/** What kind of change, in the agent's words; an unknown kind (a newer version's) as it is. */
export function describeKind(t: TFunction, kind: string): string {
  return t(`audit.kind.${kind}`, { defaultValue: kind });
}

/** old → new where a value changed, then the rest as name: value, as the printed reports say it. */
export function describeDetail(detail: AuditEntry['detail']): string {
  const shown = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
  const { field, from, to, ...rest } = detail;
  const parts = Object.entries(rest).map(([name, value]) => `${name}: ${shown(value)}`);
  if ('from' in detail || 'to' in detail) {
    parts.unshift(`${field === undefined ? '' : `${field}: `}${shown(from)} → ${shown(to)}`);
  }
  return parts.join(', ');
}

/** Who made the change. */
export function describeWho(t: TFunction, operator: string | null): string {
  if (operator === null) return t('audit.nobody');
  return operator === 'supervisor' ? t('audit.supervisor') : operator;
}

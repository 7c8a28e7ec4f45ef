// An audit entry's detail in words, the same on screen and on paper: old → new where a value
// changed, then the rest as name: value. Names (of the detail and of a changed setting) and yes/no
// come from the print catalogue (auditField) in the reader's language; a list the trail kept as
// JSON (the variance thresholds) reads as its items. A name this version has no word for shows as
// it was recorded.
import type { AuditEntry } from './agent-day.ts';

export type AuditWords = {
  /** The word for a detail's or a setting's name, or undefined where there is none. */
  name(key: string): string | undefined;
  yes: string;
  no: string;
  /** An empty list ("[]" as the trail kept it). */
  none: string;
};

type Value = AuditEntry['detail'][string] | undefined;

/** A list the trail kept as JSON, as its items ("KZT 500, USD 10"), or null when the text is no list. */
function listed(value: string, words: AuditWords): string | null {
  if (!value.startsWith('[')) return null;
  try {
    const items = JSON.parse(value) as unknown;
    if (!Array.isArray(items)) return null;
    if (items.length === 0) return words.none;
    return items
      .map((item) =>
        typeof item === 'object' && item !== null ? Object.values(item).join(' ') : String(item),
      )
      .join(', ');
  } catch {
    return null;
  }
}

function shown(value: Value, words: AuditWords): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return listed(value, words) ?? value;
  return String(value);
}

export function auditDetail(detail: AuditEntry['detail'], words: AuditWords): string {
  const named = (key: string) => words.name(key) ?? key;
  const { field, from, to, ...rest } = detail;
  const parts = Object.entries(rest).map(([name, value]) => `${named(name)}: ${shown(value, words)}`);
  if ('from' in detail || 'to' in detail) {
    const what = field === undefined || field === null ? '' : `${named(String(field))}: `;
    parts.unshift(`${what}${shown(from, words)} → ${shown(to, words)}`);
  }
  return parts.join(', ');
}

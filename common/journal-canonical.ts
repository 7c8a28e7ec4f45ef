// The text a journal entry's hash is taken over (common/journal-entry.ts says how it is hashed).
import type { JournalEntry, UnhashedEntry } from './journal-entry.ts';

/**
 * The text an entry's hash is taken over: JSON with every object's keys sorted, no whitespace, and
 * the `hash` field left out. Numbers are integers only (seq, shopId, counts), so JSON's number
 * text is the same in every runtime; money is strings.
 */
export function canonicalEntry(entry: UnhashedEntry | JournalEntry): string {
  const { hash: _hash, ...rest } = entry as JournalEntry;
  return canonicalJson(rest);
}

// Hand-rolled loops, not filter/map/join: HQ canonicalises every entry it ingests, and this halves
// the time an entry costs there.
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new Error('canonical JSON holds integers only; money is a decimal string');
    return String(value);
  }
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) text += (i ? ',' : '') + canonicalJson(value[i]);
    return `${text}]`;
  }
  if (typeof value !== 'object') throw new Error(`canonical JSON cannot hold a ${typeof value}`);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const child = record[key];
    if (child === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(child)}`;
    first = false;
  }
  return `${text}}`;
}

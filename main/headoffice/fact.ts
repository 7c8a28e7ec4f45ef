// One journal entry before it is sealed (kind, time, body), and how a chained row's columns read.
import type { EntryBody, EntryKind } from '../../common/journal-entry.ts';

export type Fact = { [K in EntryKind]: { kind: K; at: string; body: EntryBody<K> } }[EntryKind];

export const text = (value: unknown) => String(value);
export const utc = (value: unknown) => new Date(String(value)).toISOString();
export const fact = <K extends EntryKind>(kind: K, at: unknown, body: EntryBody<K>) =>
  ({ kind, at: utc(at), body }) as Fact;

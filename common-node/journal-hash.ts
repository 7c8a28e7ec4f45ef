// The journal's hash, on plain node:crypto so both the desk's core (main/) and the head office
// import this one function: hex SHA-256 of canonicalEntry(entry without hash).
import { hash } from 'node:crypto';
import {
  canonicalEntry,
  canonicalParts,
  GENESIS_HASH,
  type JournalEntry,
  type UnhashedEntry,
} from '../common/journal-entry.ts';

/** One-shot hash(): several times faster than createHash for one short text, and ingest does it per entry. */
export const entryHash = (entry: UnhashedEntry | JournalEntry): string =>
  hash('sha256', canonicalEntry(entry), 'hex');

/** The entry's hash, and its body's canonical JSON: what HQ stores of it, from one writing of its text. */
export function hashedEntry(entry: JournalEntry): { hash: string; body: string } {
  const { text, body } = canonicalParts(entry);
  return { hash: hash('sha256', text, 'hex'), body };
}

/** The entry with its hash, for the desk writing its journal (and the tests simulating one). */
export function sealEntry(entry: UnhashedEntry): JournalEntry {
  return { ...entry, hash: entryHash(entry) } as JournalEntry;
}

/**
 * The first seq of `entries` at which the chain breaks, or null: each hash must be the hash of its
 * own canonical text, and each prevHash the hash before it (`prevHash` for the first entry).
 */
export function firstBreak(entries: readonly JournalEntry[], prevHash: string = GENESIS_HASH): number | null {
  let previous = prevHash;
  for (const entry of entries) {
    if (entry.prevHash !== previous || entryHash(entry) !== entry.hash) return entry.seq;
    previous = entry.hash;
  }
  return null;
}

// Where the desk's journal stands, told to the head office at enrolment, and the new stream HQ may
// answer with. HQ compares the desk's entry hashes with its own to find the last entry both hold
// alike (hq/server/desk-epoch.ts): every seq near the journal's end and near HQ's last
// acknowledgement, so the parting is found exactly after a restore or a long offline spell, and
// sparser seqs further back. A desk that lost entries HQ holds goes on in a new stream: its entries
// after the parting are sealed again from HQ's high-water + 1 on, chained to the parting entry,
// and are sent from there. Their facts are the same rows'; only their seqs and chain move.

import { MAX_CHECKPOINTS } from '../../common/journal-enrolment.ts';
import { GENESIS_HASH, type JournalEntry, type UnhashedEntry } from '../../common/journal-entry.ts';
import { sealEntry } from '../../common-node/journal-hash.ts';
import { journalEntries } from './desk-journal.ts';
import type { DeskJournalRepo } from './desk-journal-repo.ts';

const DENSE_AT_END = 1000;
const DENSE_AT_ACKNOWLEDGED = 100;

/** The journal's entry hashes HQ compares with its own; `acknowledged`: HQ's last high-water as the desk knows it. */
export function journalCheckpoints(
  repo: DeskJournalRepo,
  acknowledged: number,
): { seq: number; hash: string }[] {
  const last = repo.last()?.seq ?? 0;
  const seqs = new Set<number>();
  for (let i = 0; i < DENSE_AT_END; i += 1) seqs.add(last - i);
  for (let i = 0; i < DENSE_AT_ACKNOWLEDGED; i += 1) seqs.add(acknowledged - i);
  for (let step = DENSE_AT_END; last - step > 0; step *= 2) seqs.add(last - step);
  return [...seqs]
    .filter((seq) => seq > 0)
    .sort((a, b) => b - a)
    .flatMap((seq) => {
      const hash = repo.entryHash(seq);
      return hash ? [{ seq, hash }] : [];
    })
    .slice(0, MAX_CHECKPOINTS);
}

export type NewStream = { epoch: number; continuesAfter: number; highWater: number; at: string };

/**
 * In the caller's transaction: the entries after `continuesAfter`, sealed again from
 * `highWater + 1`. Throws, changing nothing, when the desk cannot: the parting is not its own entry,
 * or an entry after it was journalled before references were (its text is the only copy).
 */
export function rebaseJournal(
  repo: DeskJournalRepo,
  terminalId: string,
  stream: NewStream,
  changed: (seq: number, why: string) => void,
): number {
  const prevHash = stream.continuesAfter ? repo.entryHash(stream.continuesAfter) : GENESIS_HASH;
  if (!prevHash) throw new Error(`the desk holds no entry ${stream.continuesAfter} to go on from`);
  if (repo.storedAfter(stream.continuesAfter, 1).length)
    throw new Error('entries journalled before references cannot move to a new stream');
  const refs = repo.refsAfter(stream.continuesAfter, Number.MAX_SAFE_INTEGER);
  const entries: JournalEntry[] = journalEntries(
    repo,
    terminalId,
    stream.continuesAfter,
    Number.MAX_SAFE_INTEGER,
    changed,
  );
  if (entries.length !== refs.length) throw new Error('an entry after the parting no longer has its row');
  const startSeq = stream.highWater + 1;
  repo.openStream({
    epoch: stream.epoch,
    continuesAfter: stream.continuesAfter,
    prevHash,
    startSeq,
    at: stream.at,
  });
  let previous = prevHash;
  entries.forEach(({ hash: _hash, ...entry }, i) => {
    const sealed = sealEntry({ ...entry, seq: startSeq + i, prevHash: previous } as UnhashedEntry);
    repo.append({ ...refs[i]!, seq: sealed.seq, hash: sealed.hash });
    previous = sealed.hash;
  });
  return entries.length;
}

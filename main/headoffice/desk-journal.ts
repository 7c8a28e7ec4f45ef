// The desk journal's one writer. Every chained row already gets a gap-free link in its own
// transaction (main/store/chain-links.ts); this reads the links after the last one it journalled, maps
// each row to its entries (main/headoffice/entries.ts) and seals them, in one transaction that also
// moves its cursor. An entry is kept as a reference to its link and its hash, not as a second copy
// of the row's facts: its text is derived from the row again for the upload, and must hash to what
// was sealed. It runs after each commit that wrote a link (the chain's afterLink hook), and at start
// (the links a crash left unjournalled). Only an enrolled desk journals: its terminal ID is fixed
// from then on, and the first run projects the desk's whole history.
import { GENESIS_HASH, JournalEntry, type UnhashedEntry } from '../../common/journal-entry.ts';
import { sealEntry } from '../../common-node/journal-hash.ts';
import type { Log } from '../log.ts';
import type { DeskJournalRepo, JournalRef } from './desk-journal-repo.ts';
import { type Fact, factsOf, type HeadOfficeNote } from './entries.ts';

/** Links read a transaction: a desk's years of history are journalled in steps, not one long write. */
const LINKS_PER_STEP = 500;

export type DeskJournalDeps = {
  repo: DeskJournalRepo;
  transaction: <T>(work: () => T) => T;
  /** Sets the hook the chain calls after each commit that wrote links (main/store/chain-links.ts). */
  afterLink: (run: () => void) => void;
  /** The enrolled terminal ID; null while the desk is not enrolled (nothing is journalled). */
  terminalId: () => string | null;
  /** What the Z report's entry says of the upload. */
  note: () => HeadOfficeNote;
  /** Called after entries were appended (the upload's cue). */
  appended: () => void;
  log: Pick<Log, 'error'>;
};

/**
 * The entries after `seq` as sealed: those journalled before migration 0014 as stored, the rest
 * derived from their rows. A derived text that does not hash to its seal goes with the seal, so
 * the head office refuses it as it refuses any tampered entry; `changed` hears of it first. Stops
 * short at an entry whose row is gone (the chain's check reports that).
 */
export function journalEntries(
  repo: DeskJournalRepo,
  terminalId: string,
  seq: number,
  limit: number,
  changed: (seq: number, why: string) => void,
): JournalEntry[] {
  const entries = repo.storedAfter(seq, limit);
  if (entries.length === limit) return entries;
  const refs = repo.refsAfter(entries.at(-1)?.seq ?? seq, limit - entries.length);
  if (!refs.length) return entries;
  let prevHash = entries.at(-1)?.hash ?? repo.hashAt(refs[0]!.seq - 1) ?? GENESIS_HASH;
  let read: { linkSeq: number; facts: Fact[] } | undefined;
  for (const ref of refs) {
    if (read?.linkSeq !== ref.linkSeq) read = { linkSeq: ref.linkSeq, facts: factsAt(repo, ref) };
    const fact = read.facts[ref.part];
    if (!fact) {
      changed(ref.seq, 'its row no longer makes this entry');
      break;
    }
    const derived = sealEntry({ terminalId, seq: ref.seq, prevHash, ...fact } as UnhashedEntry);
    if (derived.hash !== ref.hash) changed(ref.seq, 'its row no longer hashes to its seal');
    entries.push({ ...derived, hash: ref.hash });
    prevHash = ref.hash;
  }
  return entries;
}

/** The facts the reference's link makes now, with the Z report's note as it was journalled. */
function factsAt(repo: DeskJournalRepo, ref: JournalRef): Fact[] {
  const link = repo.link(ref.linkSeq);
  const row = link && repo.row(link.table, link.rowId);
  if (!link || !row) return [];
  return factsOf(link.table, row, () => JSON.parse(ref.note ?? 'null') as HeadOfficeNote);
}

export function createDeskJournal(deps: DeskJournalDeps) {
  const { repo } = deps;
  let scheduled = false;
  let closed = false;

  /** One step: up to LINKS_PER_STEP links journalled. Says whether links may remain, and how many entries it appended. */
  function step(terminalId: string): { more: boolean; appended: number } {
    return deps.transaction(() => {
      const links = repo.linksAfter(repo.cursor(), LINKS_PER_STEP);
      if (!links.length) return { more: false, appended: 0 };
      let last = repo.last() ?? { seq: 0, hash: GENESIS_HASH };
      let appended = 0;
      for (const link of links) {
        const row = repo.row(link.table, link.rowId);
        if (!row) continue;
        // The note is the one fact of an entry its row cannot give again: kept with the reference.
        let noted: HeadOfficeNote | undefined;
        const facts = factsOf(link.table, row, () => {
          noted ??= deps.note();
          return noted;
        });
        facts.forEach((fact, part) => {
          const entry = sealEntry({
            terminalId,
            seq: last.seq + 1,
            prevHash: last.hash,
            ...fact,
          } as UnhashedEntry);
          // A row the contract cannot carry is a defect to fix, not a reason to stop every later fact.
          const checked = JournalEntry.safeParse(entry);
          if (!checked.success) {
            deps.log.error('desk_journal_entry_invalid', {
              kind: fact.kind,
              link: link.seq,
              issue: checked.error.message,
            });
            return;
          }
          const note = noted ? JSON.stringify(noted) : null;
          repo.append({ seq: entry.seq, linkSeq: link.seq, part, hash: entry.hash, note });
          last = entry;
          appended += 1;
        });
      }
      repo.setCursor(links.at(-1)!.seq);
      return { more: links.length === LINKS_PER_STEP, appended };
    });
  }

  /** Journals every link after the cursor, now. */
  function catchUp(): void {
    if (closed) return;
    const terminalId = deps.terminalId();
    if (!terminalId) return;
    let appended = 0;
    for (let more = true; more; ) {
      const done = step(terminalId);
      appended += done.appended;
      more = done.more;
    }
    if (appended) deps.appended();
  }

  /** One step now, and the next one on a later turn: a long history never holds the event loop. */
  function nextStep() {
    scheduled = false;
    if (closed) return;
    try {
      const terminalId = deps.terminalId();
      if (!terminalId) return;
      const done = step(terminalId);
      if (done.appended) deps.appended();
      if (done.more) schedule();
    } catch (error) {
      deps.log.error('desk_journal_failed', { error: String(error) });
    }
  }

  function schedule() {
    if (scheduled || closed) return;
    scheduled = true;
    // The hook runs once the transaction that wrote the link has committed; a turn later, the
    // step runs outside whatever the caller does next.
    setImmediate(nextStep);
  }

  deps.afterLink(schedule);
  return {
    start: catchUp,
    catchUp,
    /** Journals what is committed, a step per turn of the event loop (after an enrolment, say). */
    schedule,
    /** Entries not yet uploaded, after HQ's high-water. */
    waiting: (highWater: number) => repo.countAfter(highWater),
    /** Up to `limit` entries after `seq`, as sealed (empty while the desk is not enrolled). */
    entriesAfter(seq: number, limit: number): JournalEntry[] {
      const terminalId = deps.terminalId();
      if (!terminalId) return [];
      return journalEntries(repo, terminalId, seq, limit, (entry, why) =>
        deps.log.error('desk_journal_entry_changed', { seq: entry, why }),
      );
    },
    lastSeq: () => repo.last()?.seq ?? 0,
    close() {
      closed = true;
      deps.afterLink(() => {});
    },
  };
}

export type DeskJournal = ReturnType<typeof createDeskJournal>;

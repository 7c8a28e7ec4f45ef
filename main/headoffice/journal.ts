// The desk journal's one writer. Every chained row already gets a gap-free link in its own
// transaction (main/store/chain.ts); this reads the links after the last one it journalled, maps
// each row to its entries (main/headoffice/entries.ts) and appends them, sealed, in one transaction
// that also moves its cursor. It runs after each commit that wrote a link, and at start (the links
// a crash left unjournalled). Only an enrolled desk journals: its terminal ID is fixed from then
// on, and the first run projects the desk's whole history.
import { canonicalJson, GENESIS_HASH, JournalEntry, type UnhashedEntry } from '../../common/journal-entry.ts';
import { sealEntry } from '../../hq/shared/journal-hash.ts';
import type { Log } from '../log.ts';
import { factsOf, type HeadOfficeNote } from './entries.ts';
import type { DeskJournalRepo } from './journal-repo.ts';

/** Links read a transaction: a desk's years of history are journalled in steps, not one long write. */
const LINKS_PER_STEP = 500;

export type DeskJournalDeps = {
  repo: DeskJournalRepo;
  transaction: <T>(work: () => T) => T;
  /** The enrolled terminal ID; null while the desk is not enrolled (nothing is journalled). */
  terminalId: () => string | null;
  /** What the Z report's entry says of the upload. */
  note: () => HeadOfficeNote;
  /** Called after entries were appended (the upload's cue). */
  appended: () => void;
  log: Pick<Log, 'error'>;
};

export function createDeskJournal(deps: DeskJournalDeps) {
  const { repo } = deps;
  let scheduled = false;
  let closed = false;

  /** One step: up to LINKS_PER_STEP links journalled. Says whether links may remain, and how many entries it appended. */
  function step(terminalId: string): { more: boolean; appended: number } {
    return deps.transaction(() => {
      const from = repo.cursor();
      const headBefore = repo.headLink();
      const links = repo.linksAfter(from, LINKS_PER_STEP);
      if (!links.length) return { more: false, appended: 0 };
      let last = repo.last() ?? { seq: 0, hash: GENESIS_HASH };
      let appended = 0;
      for (const link of links) {
        if (link.table === 'desk_journal') continue;
        const row = repo.row(link.table, link.rowId);
        if (!row) continue;
        for (const fact of factsOf(link.table, row, deps.note)) {
          const unhashed = { terminalId, seq: last.seq + 1, prevHash: last.hash, ...fact } as UnhashedEntry;
          const entry = sealEntry(unhashed);
          // A row the contract cannot carry is a defect to fix, not a reason to stop every later fact.
          const checked = JournalEntry.safeParse(entry);
          if (!checked.success) {
            deps.log.error('desk_journal_entry_invalid', {
              kind: fact.kind,
              link: link.seq,
              issue: checked.error.message,
            });
            continue;
          }
          repo.append(entry, canonicalJson(entry.body), link.seq);
          last = entry;
          appended += 1;
        }
      }
      // Read to the head, the journal's own links just written are past it and accounted for;
      // short of it, they come after links still to read, and a later step skips them.
      const read = links.at(-1)!.seq;
      repo.setCursor(read === headBefore ? repo.headLink() : read);
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
    // After the transaction that wrote the link: its statements all run synchronously, so the
    // next turn of the event loop finds it committed (or rolled back, and there is nothing to do).
    setImmediate(nextStep);
  }

  repo.onLink(schedule);
  return {
    start: catchUp,
    catchUp,
    /** Journals what is committed, a step per turn of the event loop (after an enrolment, say). */
    schedule,
    /** Entries not yet uploaded, after HQ's high-water. */
    waiting: (highWater: number) => repo.countAfter(highWater),
    entriesAfter: (seq: number, limit: number) => repo.after(seq, limit),
    lastSeq: () => repo.last()?.seq ?? 0,
    close() {
      closed = true;
      repo.onLink(() => {});
    },
  };
}

export type DeskJournal = ReturnType<typeof createDeskJournal>;

// How long the desk keeps its journal: every entry until the head office has acknowledged it AND
// the retention HQ sets has passed since (migration 0021 says why that order). Until then an entry
// HQ might ask for again (HQ restored from an older backup) stays; after, its reference goes, and
// the fact itself stays in its chained row. The reference at the floor stays, so the next upload
// still links to HQ's stream; a head office that asks for an entry below the floor asks for what
// this desk no longer holds: the upload stops for a person rather than send a broken chain.
import { DEFAULT_RETENTION_DAYS } from '../../common/journal-entry.ts';
import type { Clock } from '../clock.ts';
import type { DeskJournalRepo } from './desk-journal-repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type JournalRetentionDeps = {
  repo: Pick<DeskJournalRepo, 'acknowledged' | 'withdrawn' | 'ackedBy' | 'prune' | 'floor'>;
  transaction: <T>(work: () => T) => T;
  clock: Pick<Clock, 'now'>;
  log: { info: (event: string, detail: Record<string, unknown>) => void };
};

export function createJournalRetention(deps: JournalRetentionDeps) {
  const { repo } = deps;
  return {
    /** HQ's high-water went from `before` to `after`: kept by the hour, or withdrawn. */
    moved(before: number, after: number): void {
      if (after === before) return;
      if (after < before) repo.withdrawn(after);
      if (after === 0) return;
      // The hour's end: an acknowledgement is never counted from before it came.
      const hourEnd = new Date(Math.ceil(deps.clock.now() / HOUR_MS) * HOUR_MS).toISOString();
      repo.acknowledged(hourEnd, after);
    },
    /** Deletes the references HQ acknowledged over `retentionDays` ago and still holds; how many went. */
    prune(highWater: number, retentionDays = DEFAULT_RETENTION_DAYS): number {
      const cutoff = new Date(deps.clock.now() - retentionDays * DAY_MS).toISOString();
      return deps.transaction(() => {
        // A high-water set without moved() (an enrolment answering where HQ stands) withdraws too:
        // what lies above it counts again from HQ's next acknowledgement.
        repo.withdrawn(highWater);
        const below = repo.ackedBy(cutoff, highWater);
        if (below <= repo.floor()) return 0;
        const gone = repo.prune(below);
        deps.log.info('desk_journal_pruned', { below, gone, retentionDays });
        return gone;
      });
    },
    /** Whether the journal still holds every entry after `highWater` (and the hash they link to). */
    holdsAfter: (highWater: number): boolean => highWater >= repo.floor(),
  };
}

export type JournalRetention = ReturnType<typeof createJournalRetention>;

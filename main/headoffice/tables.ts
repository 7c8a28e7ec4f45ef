// The head office's own tables, on the store's connection: the store builds no feature's
// repository, so the head office builds these from it (main/store/index.ts, repository).
import type { Store } from '../store/index.ts';
import { createBranchPayoutsRepo } from './branch-payouts-repo.ts';
import { createDeskJournalRepo } from './desk-journal-repo.ts';
import { createResetNoncesRepo } from './reset-nonces-repo.ts';

export function createHeadOfficeTables(store: Pick<Store, 'repository'>) {
  return {
    deskJournal: store.repository(createDeskJournalRepo),
    resetNonces: store.repository(createResetNoncesRepo),
    branchPayouts: store.repository(createBranchPayoutsRepo),
  };
}

export type HeadOfficeTables = ReturnType<typeof createHeadOfficeTables>;

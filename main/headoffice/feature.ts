// The head office as a feature: enrolment and the upload's status (the head office's own handlers),
// the supervisor's coded reset, and a payout released to the branch or claimed from it. The upload
// starts once the core is up and stops, its batch finished, before the store closes.
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Journal } from '../operations/journal.ts';
import type { Store } from '../store/index.ts';
import type { BranchPayouts } from './branch-payouts.ts';
import type { HeadOffice } from './head-office.ts';
import type { SupervisorReset } from './supervisor-reset.ts';

type HeadOfficeChannel =
  | 'headOffice.status'
  | 'headOffice.enrol'
  | 'supervisor.resetWithCode'
  | 'headOffice.release'
  | 'headOffice.claim';

export function createHeadOfficeFeature(deps: {
  headOffice: HeadOffice;
  supervisorReset: SupervisorReset;
  branchPayouts: BranchPayouts;
  journal: Journal;
  store: Pick<Store, 'operations'>;
}): Feature<HandlerTable<HeadOfficeChannel>> {
  const { headOffice, journal, store } = deps;
  const view = (localId: number) => journal.view(store.operations.get(localId)!);
  return {
    handlers: {
      ...headOffice.handlers,
      'supervisor.resetWithCode': ({ code }) => deps.supervisorReset.resetWithCode(code),
      'headOffice.release': async ({ localId, supervisorPin }) => {
        await deps.branchPayouts.release(localId, supervisorPin);
        return view(localId);
      },
      'headOffice.claim': async ({ localId }) => {
        await deps.branchPayouts.claim(localId);
        return view(localId);
      },
    },
    start: () => headOffice.start(),
    async close() {
      headOffice.close();
      await headOffice.idle();
    },
  };
}

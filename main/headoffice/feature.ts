// The head office as a feature: enrolment and the upload's status, the supervisor's coded reset,
// and a payout released to the branch or claimed from it. The upload starts once the core is up
// and stops, its batch finished, before the store closes.
import type { Feature } from '../feature.ts';
import type { BranchPayouts } from './branch-payouts.ts';
import type { HeadOffice } from './head-office.ts';
import type { SupervisorReset } from './supervisor-reset.ts';

export function createHeadOfficeFeature(deps: {
  headOffice: HeadOffice;
  supervisorReset: SupervisorReset;
  branchPayouts: BranchPayouts;
}) {
  const { headOffice } = deps;
  const feature = {
    handlers: { ...headOffice.handlers, ...deps.supervisorReset.handlers, ...deps.branchPayouts.handlers },
    start: () => headOffice.start(),
    async close() {
      headOffice.close();
      await headOffice.idle();
    },
  } satisfies Feature<object>;
  return feature;
}

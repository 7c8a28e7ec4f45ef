// The desk's upkeep: updates that wait for an idle desk and the diagnostics zip behind the
// supervisor PIN, as a feature; and the renderer's error reports, which answer outside the desk's
// gate (main/core.ts).
import type { CoreOptions } from '../core-types.ts';
import { createRendererErrors } from '../diagnostics/renderer-errors.ts';
import { createUpdatePolicy } from '../updates/policy.ts';
import { createUpdates } from '../updates/updates.ts';
import { createUpkeepFeature } from '../upkeep.ts';
import type { WiredGateway } from './gateway.ts';
import type { Ground } from './ground.ts';
import type { WiredOperations } from './operations.ts';
import type { WiredStaff } from './staff.ts';

export function wireUpkeep(
  deps: Ground & WiredGateway & WiredStaff & Pick<WiredOperations, 'journal'>,
  options: CoreOptions,
) {
  const { store, log, emit, clock } = deps;
  const updates = createUpdates({
    policy: createUpdatePolicy({ store, clock, views: deps.journal.views }),
    log,
    offer: (update) => emit('updates.ready', update),
    guarded: deps.supervisor.pinSet,
  });
  const upkeep = createUpkeepFeature(options, {
    updates,
    history: deps.connectivityHistory,
    log,
    settings: deps.settings,
    connectivity: deps.connectivity.snapshot,
    supervisors: deps.supervisorPins,
    audit: deps.audit,
    clock,
  });
  const rendererErrors = createRendererErrors(log, clock);
  return { updates, upkeep, rendererErrors };
}

export type WiredUpkeep = ReturnType<typeof wireUpkeep>;

// The desk's upkeep, beside the payments: updates that wait for an idle desk, the connectivity
// history support needs, and the diagnostics zip behind the supervisor PIN.
import type { Connectivity } from '../common/contract.ts';
import type { AuditTrail } from './audit/trail.ts';
import type { CoreOptions } from './core-types.ts';
import { createConnectivityHistory } from './diagnostics/connectivity-history.ts';
import { diagnosticsHandlers } from './diagnostics/handlers.ts';
import type { SupervisorPins } from './diagnostics/supervisor.ts';
import type { Emit } from './events.ts';
import type { Log } from './log.ts';
import type { SettingsService } from './settings/service.ts';
import type { Store } from './store/index.ts';
import { updateHandlers } from './updates/handlers.ts';
import { createUpdatePolicy } from './updates/policy.ts';
import { createUpdates } from './updates/updates.ts';

export function createUpkeep(
  options: CoreOptions,
  deps: {
    store: Store;
    log: Log;
    emit: Emit;
    /** A supervisor PIN is set (asked only once the desk is built). */
    supervisorPinSet: () => boolean;
  },
) {
  const { log } = deps;
  const updates = createUpdates({
    policy: createUpdatePolicy({ store: deps.store }),
    log,
    offer: (update) => deps.emit('updates.ready', update),
    guarded: deps.supervisorPinSet,
  });
  const history = createConnectivityHistory(log);

  return {
    updates,
    /** Every published connectivity state passes here. */
    connectivityChanged: (state: Connectivity) => history.record(state),
    handlers: (more: {
      settings: SettingsService;
      connectivity: () => Connectivity;
      supervisors: SupervisorPins;
      audit: Pick<AuditTrail, 'record'>;
    }) => ({
      ...updateHandlers(updates),
      ...diagnosticsHandlers({
        source: {
          dataDir: options.dataDir,
          log,
          versions: {
            app: options.version ?? '0.0.0',
            electron: options.runtime?.electron ?? null,
            chrome: options.runtime?.chrome ?? null,
          },
          settings: more.settings.get,
          connectivity: more.connectivity,
          history,
        },
        supervisors: more.supervisors,
        audit: more.audit,
      }),
    }),
  };
}

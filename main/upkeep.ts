// The desk's upkeep, beside the payments, as a feature: updates that wait for an idle desk, and the
// diagnostics zip behind the supervisor PIN. main/core.ts builds the services it takes.

import type { Connectivity } from '../common/contract.ts';
import type { AuditTrail } from './audit/trail.ts';
import type { Clock } from './clock.ts';
import type { ConnectivityHistory } from './diagnostics/connectivity-history.ts';
import { diagnosticsHandlers } from './diagnostics/handlers.ts';
import type { SupervisorPins } from './diagnostics/supervisor.ts';
import type { Log } from './log.ts';
import type { SettingsService } from './settings/service.ts';
import { updateHandlers } from './updates/handlers.ts';
import type { Updates } from './updates/updates.ts';

export function createUpkeepFeature(
  /** The data folder and the versions the diagnostics zip describes (CoreOptions). */
  options: { dataDir: string; version?: string; runtime?: { electron: string; chrome: string } },
  deps: {
    updates: Updates;
    history: ConnectivityHistory;
    log: Log;
    settings: SettingsService;
    connectivity: () => Connectivity;
    supervisors: SupervisorPins;
    audit: Pick<AuditTrail, 'record'>;
    clock: Pick<Clock, 'now'>;
  },
) {
  return {
    handlers: {
      ...updateHandlers(deps.updates),
      ...diagnosticsHandlers({
        source: {
          dataDir: options.dataDir,
          log: deps.log,
          versions: {
            app: options.version ?? '0.0.0',
            electron: options.runtime?.electron ?? null,
            chrome: options.runtime?.chrome ?? null,
          },
          settings: deps.settings.get,
          connectivity: deps.connectivity,
          history: deps.history,
          clock: deps.clock,
        },
        supervisors: deps.supervisors,
        audit: deps.audit,
      }),
    },
  };
}

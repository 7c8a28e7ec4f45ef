// Export diagnostics: behind the supervisor PIN, since the zip describes the whole terminal.
import type { HandlerTable } from '../ipc/handlers.ts';
import { type DiagnosticsSource, exportDiagnostics } from './export.ts';
import { requireSupervisor, type SupervisorPins } from './supervisor.ts';

export function diagnosticsHandlers(deps: {
  source: DiagnosticsSource;
  supervisors: SupervisorPins;
}): HandlerTable<'diagnostics.export'> {
  return {
    'diagnostics.export': async ({ path, supervisorPin }) => {
      await requireSupervisor(supervisorPin, deps.supervisors);
      return exportDiagnostics(deps.source, path);
    },
  };
}

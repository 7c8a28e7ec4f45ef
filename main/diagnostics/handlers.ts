// Export diagnostics: behind the supervisor PIN, since the zip describes the whole terminal.
import type { AuditTrail } from '../audit/trail.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import { type DiagnosticsSource, exportDiagnostics } from './export.ts';
import { requireSupervisor, type SupervisorPins } from './supervisor.ts';

export function diagnosticsHandlers(deps: {
  source: DiagnosticsSource;
  supervisors: SupervisorPins;
  audit: Pick<AuditTrail, 'record'>;
}): HandlerTable<'diagnostics.export'> {
  return {
    'diagnostics.export': async ({ path, supervisorPin }) => {
      await requireSupervisor(supervisorPin, deps.supervisors);
      const exported = await exportDiagnostics(deps.source, path);
      deps.audit.record('diagnostics_exported', { bytes: exported.bytes }, 'supervisor');
      return exported;
    },
  };
}

import type { Request } from '../../common/contract.ts';

/** The supervisor's calls; saving the general settings is app-wide, as the language switch uses it too. */
export const settingsApi = {
  setMode: (request: Request<'settings.setMode'>) => window.cashdesk.settings.setMode(request),
  setToken: (request: Request<'settings.setToken'>) => window.cashdesk.settings.setToken(request),
  /** What is still unresolved, with where each went, to warn before a change of where new ones go. */
  unresolved: () => window.cashdesk.history.unresolved({}),

  setSupervisorPin: (request: Request<'supervisor.setPin'>) => window.cashdesk.supervisor.setPin(request),
  lockSupervisor: () => window.cashdesk.supervisor.lock({}),

  operators: () => window.cashdesk.operators.list({}),
  addOperator: (request: Request<'operators.add'>) => window.cashdesk.operators.add(request),
  setOperatorPin: (request: Request<'operators.setPin'>) => window.cashdesk.operators.setPin(request),
  liftLockOut: (request: Request<'operators.unlock'>) => window.cashdesk.operators.unlock(request),
  removeOperator: (request: Request<'operators.remove'>) => window.cashdesk.operators.remove(request),

  backupNow: () => window.cashdesk.backup.now({}),

  /** Recent shifts, for exporting one of them. */
  shifts: () => window.cashdesk.shift.list({ limit: 30 }),
  exportCsv: (request: Request<'history.exportCsv'>) => window.cashdesk.history.exportCsv(request),
  exportDiagnostics: (request: Request<'diagnostics.export'>) => window.cashdesk.diagnostics.export(request),
};

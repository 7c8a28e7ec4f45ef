// The head office, wired early: a reset the supervisor armed waits for its code, and the journal's
// writer follows the chain from here on (an unenrolled desk's does nothing). Its tables are its own,
// built on the store's connection. Its feature, the payouts shared with the branch included, is made
// once the supervisor and the operations' journal exist.
import type { CoreOptions } from '../core-types.ts';
import { createBranchPayouts } from '../headoffice/branch-payouts.ts';
import { createHeadOfficeFeature } from '../headoffice/feature.ts';
import { createHeadOffice } from '../headoffice/head-office.ts';
import { createSupervisorReset } from '../headoffice/supervisor-reset.ts';
import { createHeadOfficeTables } from '../headoffice/tables.ts';
import type { Journal } from '../operations/operation-journal.ts';
import { readEnrolment } from '../settings/enrolment.ts';
import type { DeskContextSource } from '../shift/meaning-context.ts';
import type { Signals } from '../signal.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import type { Ground } from './ground.ts';

export function wireHeadOffice(
  ground: Ground,
  options: CoreOptions,
  signals: Signals<'deskChanged' | 'headOfficeChanged'>,
) {
  const { store, audit, log, clock } = ground;
  const tables = createHeadOfficeTables(store);
  const supervisorReset = createSupervisorReset({
    store,
    tables,
    dataDir: ground.dataDir,
    audit,
    log,
    clock,
    changed: () => {
      signals.deskChanged.fire();
      signals.headOfficeChanged.fire();
    },
  });
  const headOffice = createHeadOffice({
    store,
    tables,
    vault: ground.vault,
    terminalId: () => ground.settings.get().terminalId,
    audit,
    log,
    emit: ground.emit,
    resetArmed: supervisorReset.armed,
    clock,
    ...options.headOffice,
  });
  /** Payouts released to, or claimed from, the branch, as the desk's answer about an operation reads them. */
  const branch = {
    enrolled: () => readEnrolment(store.settings) !== null,
    released: tables.branchPayouts.released,
    claimed: tables.branchPayouts.claimed,
  };
  return { headOfficeTables: tables, supervisorReset, headOffice, branch };
}

export type WiredHeadOffice = ReturnType<typeof wireHeadOffice>;

/** Enrolment and the upload's status, the coded reset, and the payouts shared with the branch. */
export function headOfficeFeature(
  deps: Ground &
    WiredHeadOffice & { journal: Journal; supervisor: Supervisor; deskContext: DeskContextSource },
) {
  const { store, journal, emit } = deps;
  const branchPayouts = createBranchPayouts({
    store,
    tables: deps.headOfficeTables,
    client: deps.headOffice.client,
    terminalId: deps.headOffice.terminalId,
    supervisor: deps.supervisor,
    journal,
    desk: deps.deskContext.get,
    view: (localId) => journal.view(store.operations.get(localId)!),
    clock: deps.clock,
    announce: (localId) => emit('operation.changed', journal.view(store.operations.get(localId)!)),
  });
  return createHeadOfficeFeature({
    headOffice: deps.headOffice,
    supervisorReset: deps.supervisorReset,
    branchPayouts,
  });
}

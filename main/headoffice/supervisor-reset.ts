// The supervisor reset on a desk enrolled at a head office, where the file alone cannot take the
// supervisor's PIN away: the RESET-SUPERVISOR-PIN file in the data folder arms it, and a one-time
// code HQ issued for this terminal completes it.
// The code is checked offline against HQ's Ed25519 key received at enrolment; its nonce is kept
// once spent, in the transaction that clears the PIN, so a code works once even across restarts.

import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../common/refusal.ts';
import { verifyResetCode } from '../../common-node/reset-code.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';
import { readEnrolment } from '../settings/enrolment.ts';
import { SUPERVISOR_RESET_FILE } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import type { HeadOfficeTables } from './tables.ts';

const REFUSALS = {
  malformed: refusal('reset.malformed'),
  forged: refusal('reset.forged'),
  other_terminal: refusal('reset.otherTerminal'),
  expired: refusal('reset.expired'),
  used: refusal('reset.used'),
} as const;

export type SupervisorResetDeps = {
  store: Pick<Store, 'settings' | 'staff' | 'durable'>;
  tables: Pick<HeadOfficeTables, 'resetNonces'>;
  dataDir: string;
  audit: Pick<AuditTrail, 'record'>;
  log: Pick<Log, 'info'>;
  clock: Pick<Clock, 'now'>;
  /** The desk's state changed (the supervisor PIN is no longer set). */
  changed: () => void;
};

export function createSupervisorReset(deps: SupervisorResetDeps) {
  const { store } = deps;
  const file = join(deps.dataDir, SUPERVISOR_RESET_FILE);
  /** The file is there on an enrolled desk: the supervisor screen asks for the head office's code. */
  const armed = () => readEnrolment(store.settings) !== null && existsSync(file);

  function resetWithCode(code: string): { reset: true } {
    const enrolment = readEnrolment(store.settings);
    if (!enrolment || !existsSync(file))
      throw new AgentError('conflict', refusal('reset.notAsked', { file: SUPERVISOR_RESET_FILE }));
    const check = verifyResetCode(code, enrolment.hqSigningKey, enrolment.terminalId, {
      used: deps.tables.resetNonces.spent(),
      now: new Date(deps.clock.now()),
    });
    if (!check.ok) {
      deps.log.info('supervisor_reset_code_refused', { reason: check.reason });
      throw new AgentError('validation', REFUSALS[check.reason], { field: 'code' });
    }
    const nonce = check.payload.nonce;
    store.durable(() => {
      deps.tables.resetNonces.spend(nonce, isoNow(deps.clock));
      store.staff.clearPin('supervisor');
    });
    // Once the PIN is cleared: a file that cannot be removed leaves nothing to reset twice (the nonce is spent).
    try {
      unlinkSync(file);
    } catch (error) {
      deps.log.info('supervisor_reset_file_kept', { error: String(error) });
    }
    deps.audit.record('supervisor_reset', { nonce, by: 'head office code' }, null);
    deps.changed();
    return { reset: true };
  }

  const handlers: HandlerTable<'supervisor.resetWithCode'> = {
    'supervisor.resetWithCode': ({ code }) => resetWithCode(code),
  };
  return { armed, resetWithCode, handlers };
}

export type SupervisorReset = ReturnType<typeof createSupervisorReset>;

// The desk's lock, the operators and the supervisor, as IPC channels. PINs arrive in requests and
// go no further than the hash check; replies carry names and states, never a PIN or a hash.
import { statSync } from 'node:fs';
import type { DeskState } from '../../common/contract.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { DeskSettingsStore } from '../shift/desk-settings.ts';
import type { Desk } from './desk.ts';
import type { Operators } from './operators.ts';
import type { Supervisor } from './supervisor.ts';

type StaffChannel =
  | 'desk.state'
  | 'desk.lock'
  | 'desk.unlock'
  | 'desk.touch'
  | 'operators.list'
  | 'operators.add'
  | 'operators.setPin'
  | 'operators.unlock'
  | 'operators.remove'
  | 'supervisor.setPin'
  | 'supervisor.unlock'
  | 'supervisor.lock'
  | 'settings.saveDesk';

export function staffHandlers(deps: {
  desk: Desk;
  operators: Operators;
  supervisor: Supervisor;
  deskSettings: DeskSettingsStore;
  state: () => DeskState;
  audit: Pick<AuditTrail, 'record'>;
}): HandlerTable<StaffChannel> {
  const { desk, operators, supervisor, state } = deps;
  return {
    'desk.state': state,
    'desk.lock': () => {
      desk.lock();
      return state();
    },
    'desk.unlock': async ({ pin, as }) => {
      const locked = desk.locked();
      await desk.unlock(pin, as);
      if (locked && as === 'supervisor') deps.audit.record('desk_unlocked_by_supervisor', {}, 'supervisor');
      return state();
    },
    'desk.touch': () => ({ locked: desk.locked() }),

    'operators.list': () => ({ operators: operators.list() }),
    'operators.add': ({ name, pin }) => operators.add(name, pin),
    'operators.setPin': ({ operatorId, pin }) => operators.setPin(operatorId, pin),
    'operators.unlock': ({ operatorId }) => operators.unlock(operatorId),
    'operators.remove': ({ operatorId }) => ({ operators: operators.remove(operatorId) }),

    'supervisor.setPin': async ({ pin, currentPin }) => {
      await supervisor.setPin(pin, currentPin);
      return state();
    },
    'supervisor.unlock': async ({ pin }) => {
      await supervisor.unlock(pin);
      return state();
    },
    'supervisor.lock': () => {
      supervisor.lock();
      return state();
    },
    'settings.saveDesk': (next) => {
      if (next.backupFolder && !statSync(next.backupFolder, { throwIfNoEntry: false })?.isDirectory()) {
        throw new AgentError('validation', `There is no folder ${next.backupFolder}.`, {
          field: 'backupFolder',
        });
      }
      const before = deps.deskSettings.get();
      deps.deskSettings.save(next);
      // A list (the thresholds) is recorded as JSON; a number or a folder as it is.
      const shown = (value: unknown) =>
        (typeof value === 'object' && value !== null ? JSON.stringify(value) : value) as
          | string
          | number
          | null;
      for (const field of Object.keys(next) as (keyof typeof next)[]) {
        if (JSON.stringify(before[field]) === JSON.stringify(next[field])) continue;
        deps.audit.record(
          'desk_setting_changed',
          { field, from: shown(before[field]), to: shown(next[field]) },
          'supervisor',
        );
      }
      desk.rearm();
      return state();
    },
  };
}

// The desk's lock, the operators and the supervisor, as IPC channels. PINs arrive in requests and
// go no further than the hash check; replies carry names and states, never a PIN or a hash.
import type { DeskState } from '../../common/contract.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Desk } from './desk-lock.ts';
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
  | 'supervisor.lock';

export function staffHandlers(deps: {
  desk: Desk;
  operators: Operators;
  supervisor: Supervisor;
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
  };
}

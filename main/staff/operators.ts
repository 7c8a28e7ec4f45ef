// The operators who may sign in at this desk, each with a PIN kept as a hash. A supervisor adds
// them, gives a new PIN for a forgotten one, lifts a lock-out, and removes them; nothing is deleted,
// so every shift and operation keeps its operator's name. Each PIN is the operator's own: never
// another operator's, never the supervisor's (pin-book.ts checks it against their hashes).
import type { Operator } from '../../common/contract.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';
import { type OperatorRow, operatorSubject } from '../store/staff.ts';
import type { PinBook } from './pin-book.ts';
import type { PinGuard, PinOwner } from './pin-guard.ts';

export function createOperators(deps: {
  store: Pick<Store, 'durable' | 'shifts' | 'staff'>;
  book: PinBook;
  guard: PinGuard;
  log: Log;
  audit: Pick<AuditTrail, 'record'>;
}) {
  const { store, book, guard } = deps;

  function view(row: OperatorRow): Operator {
    const { lockedOut, retryAt } = guard.state(operatorSubject(row.id));
    return { id: row.id, name: row.name, createdAt: row.createdAt, lockedOut, retryAt };
  }

  function active(id: number): OperatorRow {
    const row = store.staff.operator(id);
    if (!row || row.removedAt)
      throw new AgentError('not_found', refusal('staff.noSuchOperator', { id }), { field: 'operatorId' });
    return row;
  }

  const owner = (row: OperatorRow): PinOwner => ({
    subject: operatorSubject(row.id),
    label: phrase('owner.operator', { name: row.name }),
    unlock: phrase('unlock.operator'),
  });

  return {
    list: (): Operator[] => store.staff.operators().map(view),

    async add(name: string, pin: string): Promise<Operator> {
      const taken = (n: string) =>
        store.staff.operators().some((o) => o.name.toLocaleLowerCase() === n.toLocaleLowerCase());
      if (taken(name)) {
        throw new AgentError('validation', refusal('staff.operatorExists', { name }), { field: 'name' });
      }
      const hash = await book.make(null, pin);
      if (taken(name)) {
        throw new AgentError('validation', refusal('staff.operatorExists', { name }), { field: 'name' });
      }
      const row = store.durable(() => {
        const added = store.staff.addOperator(name);
        book.write(operatorSubject(added.id), hash);
        return added;
      });
      deps.log.info('operator_added', { operatorId: row.id });
      deps.audit.record('operator_added', { operatorId: row.id, name: row.name }, 'supervisor');
      return view(row);
    },

    async setPin(id: number, pin: string): Promise<Operator> {
      const row = active(id);
      const hash = await book.make(operatorSubject(row.id), pin);
      store.durable(() => book.write(operatorSubject(row.id), hash));
      deps.log.info('operator_pin_set', { operatorId: row.id });
      deps.audit.record('operator_pin_set', { operatorId: row.id, name: row.name }, 'supervisor');
      return view(row);
    },

    unlock(id: number): Operator {
      const row = active(id);
      store.durable(() =>
        store.staff.recordTries(operatorSubject(row.id), { failures: 0, retryAt: null, lockedAt: null }),
      );
      deps.log.info('operator_unlocked', { operatorId: row.id });
      deps.audit.record('operator_unlocked', { operatorId: row.id, name: row.name }, 'supervisor');
      return view(row);
    },

    remove(id: number): Operator[] {
      const row = active(id);
      if (store.shifts.open()?.operatorId === row.id) {
        throw new AgentError('conflict', refusal('staff.operatorShiftOpen', { name: row.name }), {
          field: 'operatorId',
        });
      }
      store.durable(() => store.staff.removeOperator(row.id));
      deps.log.info('operator_removed', { operatorId: row.id });
      deps.audit.record('operator_removed', { operatorId: row.id, name: row.name }, 'supervisor');
      return store.staff.operators().map(view);
    },

    /** The operator, once their PIN is right; `pin_refused` or `locked` otherwise. */
    async verify(id: number, pin: string): Promise<OperatorRow> {
      const row = active(id);
      await guard.check(owner(row), pin);
      return row;
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;

// Custody: the agent records the cash that physically moved, once, as an append-only record in the
// open shift of its own mode. After that no screen advises moving it again, however often the
// operation is found, and the shift's drawer counts it. What may be recorded is the answer of
// main/operations/meaning.ts and nothing else; a supervisor's correction is a reversal record.
import type { CustodyAction, CustodyRecord, OperationView } from '../../common/contract.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { type Clock, isoNow } from '../clock.ts';
import { type Answer, meaningOf } from '../operations/meaning.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { SettingsService } from '../settings/service.ts';
import type { DeskContextSource } from '../shift/meaning-context.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import { standing } from '../store/custody.ts';
import type { Store } from '../store/index.ts';
import type { OperationPatch, OperationRecord } from '../store/operations.ts';

const EVENT: Record<CustodyAction, 'cash_received' | 'cash_handed_over' | 'cash_returned'> = {
  received: 'cash_received',
  handed_over: 'cash_handed_over',
  returned: 'cash_returned',
};

/** Into the drawer, or out of it. */
const DIRECTION: Record<CustodyAction, 1 | -1> = { received: 1, handed_over: -1, returned: -1 };

/** The operation's custody columns as its standing records say. */
function projection(records: readonly CustodyRecord[]): OperationPatch {
  const stands = standing(records);
  const moved = stands.find((r) => r.kind === 'received' || r.kind === 'handed_over');
  const returned = stands.find((r) => r.kind === 'returned');
  return {
    custodyKind: moved ? (moved.kind as 'received' | 'handed_over') : null,
    custodyAt: moved?.at ?? null,
    custodyTerminalId: moved?.terminalId ?? null,
    custodyOperator: moved?.operator ?? null,
    custodyShiftId: moved?.shiftId ?? null,
    returnedAt: returned?.at ?? null,
    returnedOperator: returned ? (returned.operator ?? '') : null,
  };
}

/** Plain words for a custody the answer does not allow now. */
function custodyRefusal(record: OperationRecord, answer: Answer): AgentError {
  const { meaning } = answer;
  const details = { localId: record.localId, cash: answer.cash };
  if (meaning.custody.refused === 'released') {
    return new AgentError('conflict', refusal('custody.released'), details);
  }
  if (record.origin !== 'counter') {
    return new AgentError('conflict', refusal('custody.otherDesk'), details);
  }
  if (meaning.custody.refused === 'other_mode') {
    return new AgentError(
      'conflict',
      record.training ? refusal('custody.trainingInLive') : refusal('custody.liveInTraining'),
      details,
    );
  }
  if (meaning.custody.refused === 'no_shift') {
    return new AgentError('conflict', refusal('custody.noShift'), details);
  }
  if (meaning.custody.refused === 'closing') {
    return new AgentError('conflict', refusal('shift.closing'), details);
  }
  if (meaning.note === 'mismatch') {
    return new AgentError('conflict', refusal('custody.mismatch'), { ...details, cash: 'hold' });
  }
  if (meaning.note === 'correction') {
    return new AgentError('conflict', refusal('custody.correction'), details);
  }
  if (meaning.note === 'not_cash') {
    return new AgentError('conflict', refusal('custody.notCash'), details);
  }
  return new AgentError('conflict', refusal('custody.notNow'), details);
}

export function createCustodyService(deps: {
  store: Pick<Store, 'custody' | 'durable' | 'operations' | 'shifts'>;
  journal: Journal;
  settings: SettingsService;
  desk: DeskContextSource;
  supervisor: Pick<Supervisor, 'approve'>;
  audit: Pick<AuditTrail, 'record'>;
  clock: Pick<Clock, 'now'>;
}) {
  const { store, journal } = deps;

  function get(localId: number): OperationRecord {
    const record = store.operations.get(localId);
    if (!record) throw new AgentError('not_found', refusal('checkout.noSuchOperation', { localId }));
    return record;
  }

  function write(
    record: OperationRecord,
    entry: Omit<CustodyRecord, 'id' | 'localId'>,
    event: { kind: string; detail: string },
  ) {
    // The agent is told only once it would survive a power cut; the record and the operation's
    // projection of it are one transaction.
    return store.durable(() => {
      store.custody.insert({ localId: record.localId, ...entry });
      return journal.save(record.localId, projection(store.custody.forOperation(record.localId)), event);
    });
  }

  return {
    /**
     * Records the custody the operation asks for now. `action`, when given, is what the screen
     * showed: a different answer meanwhile refuses rather than record something else.
     */
    record(localId: number, action?: CustodyAction): OperationView {
      const record = get(localId);
      const answer = meaningOf(record, deps.desk.get());
      if (!answer.action) {
        // A repeat (a double click, a reply lost on the way back) gets the same answer: one record.
        const recorded = standing(store.custody.forOperation(localId)).some(
          (r) => action === undefined || r.kind === action,
        );
        if (recorded && (record.custodyAt || record.returnedAt)) return journal.view(record);
        throw custodyRefusal(record, answer);
      }
      if (action && action !== answer.action) {
        throw new AgentError('conflict', refusal('custody.changed'), {
          localId,
          cash: answer.cash,
        });
      }
      const shift = store.shifts.open()!;
      const saved = write(
        record,
        {
          kind: answer.action,
          reverses: null,
          amount: record.amount,
          currency: record.currency,
          direction: DIRECTION[answer.action],
          shiftId: shift.id,
          terminalId: deps.settings.get().terminalId,
          operator: shift.operatorName,
          at: isoNow(deps.clock),
          reason: null,
        },
        {
          kind: EVENT[answer.action],
          detail: `${record.amount} ${record.currency} by ${shift.operatorName}`,
        },
      );
      return journal.view(saved);
    },

    /**
     * A supervisor's correction of a custody record made by mistake: a reversal record in the open
     * shift (the cash goes back the other way in its drawer), never an edit. The last standing
     * record is reversed: a return before the receipt it gave back.
     */
    async reverse(input: { localId: number; reason: string; supervisorPin?: string | undefined }) {
      const record = get(input.localId);
      const answer = meaningOf(record, deps.desk.get());
      if (!answer.meaning.reversible) {
        throw new AgentError('conflict', refusal('custody.nothingOfThisDesk'), {
          localId: input.localId,
        });
      }
      const approved = await deps.supervisor.approve(input.supervisorPin, phrase('action.reverseCustody'));
      const records = store.custody.forOperation(input.localId);
      const target = standing(records).at(-1);
      const shift = store.shifts.open();
      if (!target)
        throw new AgentError('conflict', refusal('custody.nothingToReverse'), {
          localId: input.localId,
        });
      if (!shift || shift.training !== record.training) {
        throw new AgentError('conflict', refusal('custody.reversalNoShift'), {
          localId: input.localId,
        });
      }
      if (deps.desk.closing()) {
        throw new AgentError('conflict', refusal('shift.closing'), {
          localId: input.localId,
        });
      }
      const saved = write(
        record,
        {
          kind: 'reversal',
          reverses: target.id,
          amount: target.amount,
          currency: target.currency,
          direction: target.direction === 1 ? -1 : 1,
          shiftId: shift.id,
          terminalId: deps.settings.get().terminalId,
          operator: shift.operatorName,
          at: isoNow(deps.clock),
          reason: input.reason,
        },
        {
          kind: 'custody_reversed',
          detail: `${target.kind} ${target.amount} ${target.currency} reversed${approved ? ' with the supervisor' : ''}: ${input.reason}`,
        },
      );
      // What the supervisor approved stays in the trail, whoever can write the data folder.
      deps.audit.record(
        'custody_reversed',
        {
          operationNumber: record.operationNumber,
          kind: target.kind,
          amount: target.amount,
          currency: target.currency,
          reason: input.reason,
        },
        approved ? 'supervisor' : shift.operatorName,
      );
      return journal.view(saved);
    },
  };
}

export type CustodyService = ReturnType<typeof createCustodyService>;

// Custody: the agent records the cash that physically moved, once, as an append-only record in the
// open shift of its own mode. After that no screen advises moving it again, however often the
// operation is found, and the shift's drawer counts it. What may be recorded is the answer of
// main/operations/meaning.ts and nothing else; a supervisor's correction is a reversal record.
import type { CustodyAction, CustodyRecord, OperationView } from '../../common/contract.ts';
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
function refusal(record: OperationRecord, answer: Answer): AgentError {
  const { meaning } = answer;
  const details = { localId: record.localId, cash: answer.cash };
  if (meaning.custody.refused === 'released') {
    return new AgentError(
      'conflict',
      'This payout was released to the branch: another desk hands it over, through the head office. Do not hand over cash here.',
      details,
    );
  }
  if (record.origin !== 'counter') {
    return new AgentError(
      'conflict',
      'This operation was run at another desk; its cash is not ours to record.',
      details,
    );
  }
  if (meaning.custody.refused === 'other_mode') {
    return new AgentError(
      'conflict',
      record.training
        ? 'This is a training operation: no real money moves for it while the desk is in Live.'
        : 'This is a live operation: switch the desk to Live and sign in to record its cash.',
      details,
    );
  }
  if (meaning.custody.refused === 'no_shift') {
    return new AgentError(
      'conflict',
      'Sign in to open a shift first: cash is recorded in the open shift.',
      details,
    );
  }
  if (meaning.custody.refused === 'closing') {
    return new AgentError(
      'conflict',
      'The shift is closing: no cash moves in it now. Open the next shift first.',
      details,
    );
  }
  if (meaning.note === 'mismatch') {
    return new AgentError(
      'conflict',
      'The gateway holds other figures than those entered: a supervisor must settle it first.',
      { ...details, cash: 'hold' },
    );
  }
  if (meaning.note === 'correction') {
    return new AgentError(
      'conflict',
      'This is a correction: it moves no cash of its own. A supervisor settles it.',
      details,
    );
  }
  if (meaning.note === 'not_cash') {
    return new AgentError(
      'conflict',
      'No cash moves at this desk for this payment method: it is not paid in cash.',
      details,
    );
  }
  return new AgentError('conflict', 'No cash may move for this operation now.', details);
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
    if (!record) throw new AgentError('not_found', `No operation ${localId} on this terminal.`);
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
        throw refusal(record, answer);
      }
      if (action && action !== answer.action) {
        throw new AgentError('conflict', 'The operation changed meanwhile: read the screen again.', {
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
        throw new AgentError('conflict', 'There is no custody record of this desk to reverse.', {
          localId: input.localId,
        });
      }
      const approved = await deps.supervisor.approve(input.supervisorPin, 'Reversing a custody record');
      const records = store.custody.forOperation(input.localId);
      const target = standing(records).at(-1);
      const shift = store.shifts.open();
      if (!target)
        throw new AgentError('conflict', 'There is no custody record to reverse.', {
          localId: input.localId,
        });
      if (!shift || shift.training !== record.training) {
        throw new AgentError(
          'conflict',
          'Sign in to open a shift first: the reversal goes into the open shift.',
          {
            localId: input.localId,
          },
        );
      }
      if (deps.desk.closing()) {
        throw new AgentError(
          'conflict',
          'The shift is closing: no cash moves in it now. Open the next shift first.',
          {
            localId: input.localId,
          },
        );
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

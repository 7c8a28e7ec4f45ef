// Custody: the agent records the cash that physically moved, once. After that no screen advises
// moving it again, however often the operation is found, and the shift's drawer counts it.
import type { OperationView } from '../../common/contract.ts';
import { AgentError } from '../app-error.ts';
import type { Journal } from '../operations/journal.ts';
import { cashAdvice } from '../operations/view.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { Attribute } from './checkout.ts';

export function createCustody(deps: {
  store: Store;
  journal: Journal;
  settings: SettingsService;
  /** The open shift, whose drawer the cash goes into or out of, and its operator. */
  attribute: Attribute;
}) {
  const { store, journal } = deps;

  return {
    record(localId: number): OperationView {
      const record = store.operations.get(localId);
      if (!record) throw new AgentError('not_found', `No operation ${localId} on this terminal.`);
      // A repeat (a double click, a reply lost on the way back) gets the same answer: one record.
      if (record.custodyAt) return journal.view(record);
      if (record.origin !== 'counter') {
        throw new AgentError(
          'conflict',
          'This operation was run at another desk; its cash is not ours to record.',
          {
            localId,
          },
        );
      }
      if (record.mismatch) {
        throw new AgentError(
          'conflict',
          'The gateway holds other figures than those entered: a supervisor must settle it first.',
          {
            localId,
            cash: 'hold',
          },
        );
      }
      const advice = cashAdvice(record);
      if (advice !== 'accept' && advice !== 'hand_over') {
        throw new AgentError('conflict', 'No cash may move for this operation now.', {
          localId,
          cash: advice,
        });
      }
      const kind = advice === 'accept' ? 'received' : 'handed_over';
      const { shiftId, operator } = deps.attribute(record.training);
      const saved = journal.save(
        localId,
        {
          custodyKind: kind,
          custodyAt: new Date().toISOString(),
          custodyTerminalId: deps.settings.get().terminalId,
          custodyOperator: operator,
          custodyShiftId: shiftId,
        },
        {
          kind: kind === 'received' ? 'cash_received' : 'cash_handed_over',
          detail: `${record.amount} ${record.currency} by ${operator}`,
        },
        // The agent is told only once it would survive a power cut.
        { durable: true },
      );
      return journal.view(saved);
    },
  };
}

export type Custody = ReturnType<typeof createCustody>;

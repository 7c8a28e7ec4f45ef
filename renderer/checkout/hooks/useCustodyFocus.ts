import type { OperationView } from '../../../common/contract.ts';
import { useNextAction } from '../../focus/useNextAction.ts';
import { useOperations } from '../../operations/store.ts';

/**
 * Custody is never where focus starts: an Enter meant for the step before must not record cash.
 * While cash is due, the step's next action waits (the custody button takes focus once it is armed,
 * CustodyButton); once the cash is recorded, focus moves on to that action.
 */
export function useCustodyFocus(operation: OperationView) {
  const put = useOperations((s) => s.put);
  const due = operation.meaning.custody.action !== null;
  const next = useNextAction<HTMLButtonElement>(!due);
  return {
    next,
    /** The custody button's answer: the step shows it at once, and focus follows to the next action. */
    recorded: put,
    /** One primary action at a time: while cash is due, recording it comes first. */
    nextClass: due ? 'button-large' : 'button-primary button-large',
  };
}

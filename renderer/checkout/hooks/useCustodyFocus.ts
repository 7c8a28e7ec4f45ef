import { useEffect, useRef } from 'react';
import type { OperationView } from '../../../common/contract.ts';
import { useOperations } from '../../operations/store.ts';

/**
 * Custody is never where focus starts: an Enter meant for the step before must not record cash.
 * While cash is due, focus stays on the step's title; otherwise it starts on the step's next action.
 * Once the cash is recorded, focus moves on to that action.
 */
export function useCustodyFocus(operation: OperationView) {
  const next = useRef<HTMLButtonElement>(null);
  const put = useOperations((s) => s.put);
  const due = operation.meaning.custody.action !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the step starts, not on every change
  useEffect(() => {
    if (!due) next.current?.focus();
  }, []);
  return {
    next,
    /** The custody button's answer: the step shows it, and focus moves on. */
    recorded: (view: OperationView) => {
      put(view);
      next.current?.focus();
    },
    /** One primary action at a time: while cash is due, recording it comes first. */
    nextClass: due ? 'button-large' : 'button-primary button-large',
  };
}

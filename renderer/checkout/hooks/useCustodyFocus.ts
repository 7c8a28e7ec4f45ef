import { useEffect, useRef } from 'react';
import type { OperationView } from '../../../common/contract.ts';
import { custodyDue } from '../../shared/components/CustodyButton.tsx';
import { useCheckout } from '../state/checkout.ts';

/**
 * Focus starts on the custody button when cash is due (the agent's next act at the counter), else
 * on the step's next action; once the cash is recorded the button goes, and focus moves on to that action.
 */
export function useCustodyFocus(operation: OperationView) {
  const custody = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const operationChanged = useCheckout((s) => s.operationChanged);
  useEffect(() => (custody.current ?? next.current)?.focus(), []);
  return {
    custody,
    next,
    /** The custody button's answer: the step shows it, and focus moves on. */
    recorded: (view: OperationView) => {
      operationChanged(view);
      next.current?.focus();
    },
    /** One primary action at a time: while cash is due, recording it comes first. */
    nextClass: custodyDue(operation) ? 'button-large' : 'button-primary button-large',
  };
}

import { useEffect, useRef } from 'react';

/**
 * Focus starts on the custody button when cash is due (the agent's next act at the counter), else
 * on the step's next action; once the cash is recorded the button goes, and focus moves on to that action.
 */
export function useCustodyFocus() {
  const custody = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => (custody.current ?? next.current)?.focus(), []);
  return { custody, next, moveOn: () => next.current?.focus() };
}

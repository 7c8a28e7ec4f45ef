// The core's events, pushed to whoever listens: the shell forwards them to the window, the tests
// record them.
import type { EventName, EventPayload } from '../common/contract.ts';

export type Listener = (event: EventName, payload: unknown) => void;

export function createEvents() {
  const listeners = new Set<Listener>();
  const after = new Set<(event: EventName, payload: unknown) => void>();
  return {
    emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
      for (const listener of listeners) listener(event, payload);
      for (const follow of after) follow(event, payload);
    },
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Main's own reaction to an event, after every listener heard it. */
    follow(react: (event: EventName, payload: unknown) => void): void {
      after.add(react);
    },
    clear: () => listeners.clear(),
  };
}

export type Emit = ReturnType<typeof createEvents>['emit'];

// Scripted misbehaviour for tests and training drills: one FIFO queue per route, each entry good
// for a number of requests. Faults are taken when a request arrives, so the order is the order of
// arrival even when handlers overlap.
import type { RouteName } from './routes.ts';

export type Fault =
  | {
      kind: 'respond';
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      afterCommit?: boolean;
    }
  | { kind: 'hang'; afterCommit?: boolean }
  | { kind: 'reset'; afterCommit?: boolean }
  | { kind: 'delay'; ms: number }
  | { kind: 'mutate'; mutate: (json: unknown) => unknown };

/** The server commits, then the reply is lost: the case that creates duplicates in naive clients. */
export const COMMIT_THEN_DROP: Fault = { kind: 'reset', afterCommit: true };

export type FaultQueue = {
  inject(route: RouteName, fault: Fault, times?: number): void;
  take(route: RouteName): Fault | undefined;
  clear(): void;
};

export function createFaultQueue(): FaultQueue {
  const queues = new Map<RouteName, { fault: Fault; remaining: number }[]>();
  return {
    inject(route, fault, times = 1) {
      if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times > 0))) {
        throw new RangeError(`times must be a positive integer or Infinity, got ${times}`);
      }
      if (fault.kind === 'delay' && !(fault.ms >= 0)) {
        throw new RangeError(`delay ms must be zero or more, got ${fault.ms}`);
      }
      const queue = queues.get(route) ?? [];
      queue.push({ fault, remaining: times });
      queues.set(route, queue);
    },
    take(route) {
      const queue = queues.get(route);
      const head = queue?.[0];
      if (!queue || !head) return undefined;
      head.remaining -= 1;
      if (head.remaining <= 0) queue.shift();
      return head.fault;
    },
    clear() {
      queues.clear();
    },
  };
}

export function isAfterCommit(fault: Fault): boolean {
  return fault.kind === 'mutate' || ('afterCommit' in fault && fault.afterCommit === true);
}

// Work the core started and must see finish before it closes the database: a token-state update
// awaits the keychain and then writes, and the announcement after it reads the keychain again. On
// quit, core.close() waits for these (they take milliseconds) instead of closing under them.
export function createPendingWork() {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  return {
    /** True once close() began: what starts now must not write. */
    get closed() {
      return closed;
    },
    track<T>(work: Promise<T>): Promise<T> {
      running.add(work);
      const forget = () => running.delete(work);
      work.then(forget, forget);
      return work;
    },
    /** Resolves when everything tracked has settled, work tracked meanwhile included. */
    async close(): Promise<void> {
      closed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type PendingWork = ReturnType<typeof createPendingWork>;

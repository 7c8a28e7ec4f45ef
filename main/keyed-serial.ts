// Work on one key (an operation, a PIN, a shift) one at a time, while other keys go on in parallel:
// two prints of one operation at once would both be the original, two checks of one PIN at once
// would both see the same failure count. The map keeps a key only while it has work.

export type KeyedSerial<K> = {
  /** Runs `work` once every earlier `run` or `shared` of the same key has settled; its own outcome is the caller's. */
  run<T>(key: K, work: () => Promise<T>): Promise<T>;
  /**
   * The work already under way for `key`, joined; else `work`, started now. For work whose second
   * request must get the first one's answer rather than do it again (one POST, ever).
   */
  shared<T>(key: K, work: () => Promise<T>): Promise<T>;
  /** Whether `key` has work queued or running. */
  has(key: K): boolean;
  /** Keys with work queued or running. */
  readonly size: number;
};

export function createKeyedSerial<K>(): KeyedSerial<K> {
  /** Per key: the last work's promise, settled (never rejecting), and the one running for `shared`. */
  const tails = new Map<K, { settled: Promise<unknown>; running: Promise<unknown> }>();

  function chain<T>(key: K, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key)?.settled;
    // An idle key starts at once, as a plain call would; a busy one waits its turn.
    const running = previous ? previous.then(work) : (async () => work())();
    const settled = running.catch(() => undefined);
    const tail = { settled, running };
    tails.set(key, tail);
    void settled.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return running;
  }

  return {
    run: chain,
    shared<T>(key: K, work: () => Promise<T>): Promise<T> {
      const current = tails.get(key);
      return current ? (current.running as Promise<T>) : chain(key, work);
    },
    has: (key) => tails.has(key),
    get size() {
      return tails.size;
    },
  };
}

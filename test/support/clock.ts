// A clock the test moves, for createCore's `clock` (main/clock.ts) and the sandbox's `now`:
//   const clock = testClock();                       // stands still until moved
//   const clock = testClock({ flowing: true });      // runs with real time, and jumps when moved
//   clock.advance(6_500);                            // timers due by then run now, in order
// A still clock suits what is judged by time alone (PIN waits, the supervisor's unlocked time): a
// boundary a millisecond away stays a millisecond away. A flowing one suits real HTTP with real
// timers under it (lookups, the gateway's sessions): nothing waits until it is moved.
import type { Clock, Timer } from '../../main/clock.ts';

type Entry = { at: number; run: () => void; real: NodeJS.Timeout | undefined; unref(): Entry };

export type TestClock = Clock & {
  /** Moves time forward; timers due by then run at once, soonest first. */
  advance(ms: number): void;
  /** Moves time to `at` (never back). */
  set(at: number): void;
};

export function testClock(options: { at?: number; flowing?: boolean } = {}): TestClock {
  const flowing = options.flowing ?? false;
  const start = options.at ?? Date.now();
  const startedAt = Date.now();
  let moved = 0;
  const timers = new Set<Entry>();

  const now = () => start + moved + (flowing ? Date.now() - startedAt : 0);

  function fire(entry: Entry) {
    if (!timers.delete(entry)) return;
    clearTimeout(entry.real);
    entry.run();
  }

  function advance(ms: number) {
    if (ms < 0) throw new RangeError('a test clock never goes back');
    moved += ms;
    const due = [...timers].filter((entry) => entry.at <= now()).sort((a, b) => a.at - b.at);
    for (const entry of due) fire(entry);
  }

  return {
    now,
    setTimeout(run: () => void, ms: number): Timer {
      const entry: Entry = {
        at: now() + ms,
        run,
        real: undefined,
        unref() {
          entry.real?.unref();
          return entry;
        },
      };
      // A flowing clock's timer also fires by itself when its time comes.
      if (flowing) entry.real = setTimeout(() => fire(entry), ms);
      timers.add(entry);
      return entry;
    },
    clearTimeout(timer: Timer | undefined) {
      const entry = timer as Entry | undefined;
      if (!entry) return;
      clearTimeout(entry.real);
      timers.delete(entry);
    },
    advance,
    set: (at: number) => advance(at - now()),
  };
}

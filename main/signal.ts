// A change one part of main announces and others react to, so the composition root can build each
// service before the ones that react to it, with no service reaching for one built after it.
export function createSignal<T = void>() {
  const followers = new Set<(value: T) => void>();
  return {
    fire(value: T): void {
      for (const follow of followers) follow(value);
    },
    follow(react: (value: T) => void): void {
      followers.add(react);
    },
  };
}

export type Signal<T = void> = ReturnType<typeof createSignal<T>>;

/** The composition's signals by name (main/core.ts), of which a stage is given the ones it fires. */
export type Signals<N extends string> = Record<N, Signal>;

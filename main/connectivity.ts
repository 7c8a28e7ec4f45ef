// What the branch's connection to the gateway looks like, judged from the calls we actually make.
import type { Connectivity } from '../common/contract.ts';
import type { GatewayError } from './gateway/errors.ts';

export function createConnectivity(queued: () => number, publish: (state: Connectivity) => void) {
  let state: Connectivity['state'] = 'online';
  let lastSuccessAt: string | null = null;
  let published = '';

  function snapshot(): Connectivity {
    return { state, lastSuccessAt, queued: queued() };
  }

  function changed() {
    const next = snapshot();
    // Every success moves lastSuccessAt; only a change of state or queue length is news.
    const key = `${next.state}:${next.queued}`;
    if (key !== published) {
      published = key;
      publish(next);
    }
  }

  return {
    snapshot,
    changed,
    /** Returns true when this success ends an outage, so waiting lookups can go at once. */
    succeeded(): boolean {
      const wasDown = state !== 'online';
      state = 'online';
      lastSuccessAt = new Date().toISOString();
      changed();
      return wasDown;
    },
    failed(error: GatewayError) {
      if (error.kind === 'unreachable' || error.kind === 'timeout') state = 'offline';
      else if (
        error.kind === 'server' ||
        error.kind === 'rate_limited' ||
        error.kind === 'invalid_response'
      ) {
        state = 'degraded';
      } else return;
      changed();
    },
  };
}

export type ConnectivityTracker = ReturnType<typeof createConnectivity>;

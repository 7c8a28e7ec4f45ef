// What the branch's connection to the gateway looks like, judged from the calls we actually make.
import type { Connectivity } from '../common/contract.ts';
import { type Clock, isoNow } from './clock.ts';
import type { GatewayError } from './gateway/errors.ts';

export function createConnectivity(
  queued: () => number,
  publish: (state: Connectivity) => void,
  clock: Pick<Clock, 'now'>,
) {
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
      lastSuccessAt = isoNow(clock);
      changed();
      return wasDown;
    },
    /** Reached but not working, whatever the kind of the failure said. */
    degraded() {
      state = 'degraded';
      changed();
    },
    failed(error: GatewayError) {
      const outage = outageOf(error.kind);
      if (!outage) return;
      state = outage;
      changed();
    },
  };
}

export type ConnectivityTracker = ReturnType<typeof createConnectivity>;

/**
 * What a failure says of the gateway: out of reach (offline), reached but not working (degraded),
 * or nothing (a refusal, a missing token: the gateway answered as it should).
 */
export function outageOf(kind: GatewayError['kind']): 'offline' | 'degraded' | null {
  if (kind === 'unreachable' || kind === 'timeout') return 'offline';
  if (kind === 'server' || kind === 'rate_limited' || kind === 'invalid_response') return 'degraded';
  return null;
}

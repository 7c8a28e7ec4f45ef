// The last changes of the link to the gateway, for support: kept in memory for the diagnostics zip,
// and each written to the log, so an outage is on record even after the app restarts.
import type { Connectivity } from '../../common/contract.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { Log } from '../log.ts';

export type ConnectivityChange = {
  at: string;
  /** null for the state the app started in. */
  from: Connectivity['state'] | null;
  to: Connectivity['state'];
  queued: number;
  lastSuccessAt: string | null;
};

/** A day of a flapping link is a few dozen changes; older ones are in the log. */
const KEPT = 100;

export function createConnectivityHistory(log: Log, clock: Pick<Clock, 'now'>) {
  const changes: ConnectivityChange[] = [];
  let last: Connectivity['state'] | null = null;
  return {
    /** Called with every published state; only a change of state is history. */
    record(state: Connectivity) {
      if (state.state === last) return;
      const change = {
        at: isoNow(clock),
        from: last,
        to: state.state,
        queued: state.queued,
        lastSuccessAt: state.lastSuccessAt,
      };
      last = state.state;
      changes.push(change);
      if (changes.length > KEPT) changes.shift();
      if (state.state === 'online') log.info('connectivity_changed', change);
      else log.warn('connectivity_changed', change);
    },
    changes: (): ConnectivityChange[] => [...changes],
  };
}

export type ConnectivityHistory = ReturnType<typeof createConnectivityHistory>;

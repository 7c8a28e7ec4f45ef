// The gateway, and how it is doing: the clients the settings point to, connectivity and its
// history, the app's state the window shows, and the health that notices an outage ending.
import { createConnectivity } from '../connectivity.ts';
import type { CoreOptions } from '../core-types.ts';
import { createConnectivityHistory } from '../diagnostics/connectivity-history.ts';
import { createGateways } from '../gateway/gateways.ts';
import { createGatewayHealth } from '../gateway/health.ts';
import { createAppState } from '../settings/app-state.ts';
import type { Signals } from '../signal.ts';
import type { Ground } from './ground.ts';

export function wireGateway(ground: Ground, options: CoreOptions, signals: Signals<'gatewayBack'>) {
  const { store, settings, log, emit, clock } = ground;
  const gateways = createGateways(settings, ground.training, { clock, ...options.gateway });
  const connectivityHistory = createConnectivityHistory(log, clock);
  const connectivity = createConnectivity(
    () => store.outbox.waitingCount(),
    (state) => {
      connectivityHistory.record(state);
      emit('connectivity.changed', state);
    },
    clock,
  );
  connectivityHistory.record(connectivity.snapshot());
  const appState = createAppState({
    settings,
    connectivity,
    version: options.version ?? '0.0.0',
    publish: (state) => emit('app.changed', state),
    track: ground.pending.track,
    failed: (error) => log.warn('app_state_failed', { error }),
  });
  const health = createGatewayHealth({
    connectivity,
    settings,
    log,
    retryWaitingLookups: signals.gatewayBack.fire,
    tokensChanged: appState.announce,
  });
  return { gateways, connectivityHistory, connectivity, appState, health };
}

export type WiredGateway = ReturnType<typeof wireGateway>;

// What every gateway call's outcome means for the terminal, written once. Checkout, the agent's
// lookup and the lookup queue all report here, so each failure is logged the same way, a refused
// live token stops every flow until the gateway takes it again, and the first answer after an
// outage releases the lookups that waited.
import type { ConnectivityTracker } from '../connectivity.ts';
import type { Log } from '../log.ts';
import type { GatewayError } from './errors.ts';
import type { GatewayTarget } from './gateways.ts';

type Deps = {
  connectivity: ConnectivityTracker;
  /** The token states the settings keep (main/settings/service.ts). */
  settings: {
    markAccepted(target: GatewayTarget): boolean;
    markRejected(target: GatewayTarget): void;
  };
  log: Log;
  /** Lookups that waited out a failure may go now. */
  retryWaitingLookups: () => void;
  /** The token states the renderer shows have changed. */
  tokensChanged: () => void;
};

export function createGatewayHealth(deps: Deps) {
  return {
    /** The gateway answered (a 404 is an answer too): the link is up and the token works. */
    answered(target: GatewayTarget): void {
      const outageEnded = deps.connectivity.succeeded();
      if (deps.settings.markAccepted(target)) deps.tokensChanged();
      if (outageEnded) deps.retryWaitingLookups();
    },
    failed(target: GatewayTarget, error: GatewayError): void {
      deps.log.warn('gateway_error', { ...target, ...error.toJSON() });
      if (error.kind === 'unauthorized' && !target.training) {
        deps.settings.markRejected(target);
        deps.tokensChanged();
      } else if (error.kind === 'unauthorized') {
        // The training gateway's token is its own, made at start: no supervisor can replace it. A
        // refusal is that gateway misbehaving, so the header says so, and its next answer ends it.
        deps.connectivity.degraded();
      } else {
        deps.connectivity.failed(error);
      }
    },
  };
}

export type GatewayHealth = ReturnType<typeof createGatewayHealth>;

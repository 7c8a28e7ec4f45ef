// Which gateway a call goes to. New operations go where the settings point now; an operation
// that exists is only ever asked about at the gateway it was sent to, found by its binding, so a
// change of mode or address never lets another gateway settle it. Clients are kept, so
// keep-alive connections are reused.
import type { Settings } from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { TrainingGateway } from '../training/gateway.ts';
import { createGatewayClient, type GatewayClient, type RetryPolicy } from './client.ts';

export type GatewayTuning = { timeoutMs?: number; retry?: Partial<RetryPolicy>; clock?: Clock };

/** A gateway and a shop at it: the training gateway, or a live address (whose token is per shop). */
export type GatewayTarget = { shopId: number; training: boolean; gatewayUrl: string | null };

/** What the gateways read of the settings (main/settings/service.ts): where they point, and a shop's token. */
export type GatewaySettings = {
  get(): Pick<Settings, 'mode' | 'gatewayUrl'>;
  tokenAt(gatewayUrl: string, shopId: number): Promise<string | null>;
};

export function targetOf(record: Pick<OperationRecord, 'shopId' | 'training' | 'gatewayUrl'>): GatewayTarget {
  return {
    shopId: record.shopId,
    training: record.training,
    gatewayUrl: record.training ? null : record.gatewayUrl,
  };
}

export function createGateways(settings: GatewaySettings, training: TrainingGateway, tuning: GatewayTuning) {
  const clients = new Map<string, GatewayClient>();

  function client(baseUrl: string, token: string): GatewayClient {
    const key = `${baseUrl}\n${token}`;
    let found = clients.get(key);
    if (!found) {
      found = createGatewayClient({ baseUrl, token, ...tuning });
      clients.set(key, found);
    }
    return found;
  }

  /** The client for a target; a live one needs that address's token for that shop. */
  async function forTarget(target: GatewayTarget): Promise<GatewayClient> {
    if (target.training) return client(training.url, training.token);
    const token = target.gatewayUrl ? await settings.tokenAt(target.gatewayUrl, target.shopId) : null;
    if (!target.gatewayUrl || !token) {
      throw new AgentError(
        'token_missing',
        target.gatewayUrl
          ? refusal('settings.noToken', { shopId: target.shopId, gatewayUrl: target.gatewayUrl })
          : refusal('settings.noTokenNoGateway', { shopId: target.shopId }),
      );
    }
    return client(target.gatewayUrl, token);
  }

  return {
    /** Where a new operation for this shop goes now. */
    async current(shopId: number): Promise<{ client: GatewayClient; target: GatewayTarget }> {
      const { mode, gatewayUrl } = settings.get();
      const target = {
        shopId,
        training: mode === 'training',
        gatewayUrl: mode === 'training' ? null : gatewayUrl,
      };
      return { client: await forTarget(target), target };
    },
    forTarget,
    /** Tokens changed: forget clients built with old ones. */
    reset() {
      clients.clear();
    },
  };
}

export type Gateways = ReturnType<typeof createGateways>;

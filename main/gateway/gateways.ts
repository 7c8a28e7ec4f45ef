// Picks the gateway client for a shop: the training sandbox, or the live gateway with that shop's
// token from the keychain. Clients are kept, so keep-alive connections are reused.
import { AgentError } from '../app-error.ts';
import type { SettingsService } from '../settings/service.ts';
import type { TrainingGateway } from '../training/gateway.ts';
import { createGatewayClient, type GatewayClient, type RetryPolicy } from './client.ts';

export type GatewayTuning = { timeoutMs?: number; retry?: Partial<RetryPolicy> };

export function createGateways(settings: SettingsService, training: TrainingGateway, tuning: GatewayTuning) {
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

  return {
    async forShop(shopId: number): Promise<{ client: GatewayClient; training: boolean }> {
      const { mode, gatewayUrl } = settings.get();
      if (mode === 'training') return { client: client(training.url, training.token), training: true };
      const token = await settings.token(shopId);
      if (!gatewayUrl || !token) {
        throw new AgentError('token_missing', `No gateway token is set for shop ${shopId}.`);
      }
      return { client: client(gatewayUrl, token), training: false };
    },
    /** Tokens changed: forget clients built with old ones. */
    reset() {
      clients.clear();
    },
  };
}

export type Gateways = ReturnType<typeof createGateways>;

// The agent's lookup by operation number: answered now when the gateway answers, otherwise
// queued and answered by an event once it does. One of this desk's own operations is asked about
// at the gateway it was sent to; any other number at the gateway the settings point to now.

import type { Feature } from '../feature.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { GatewayError } from '../gateway/errors.ts';
import { type Gateways, type GatewayTarget, targetOf } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import { expectOperation, type Journal } from '../operations/journal.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import { normaliseOperationNumber } from './normalise.ts';
import { type Lookups, waitingFor } from './queue.ts';

export function createLookupsFeature(deps: {
  store: Pick<Store, 'operations'>;
  gateways: Gateways;
  health: GatewayHealth;
  journal: Journal;
  lookups: Lookups;
  settings: SettingsService;
}): Feature<HandlerTable<'lookup.byNumber'>> {
  const { health, journal } = deps;

  async function gatewayFor(shopId: number, operationNumber: string) {
    const local = deps.store.operations.findByNumber(shopId, operationNumber);
    if (local) {
      const target = targetOf(local);
      return { client: await deps.gateways.forTarget(target), target };
    }
    return deps.gateways.current(shopId);
  }

  const handlers: HandlerTable<'lookup.byNumber'> = {
    'lookup.byNumber': async ({ shopId, operationNumber: typed }) => {
      // Every answer names the number as asked, so a "not found" says exactly what was looked for.
      const operationNumber = normaliseOperationNumber(typed, deps.settings.get().terminalId);
      let target: GatewayTarget | undefined;
      try {
        let client: GatewayClient;
        ({ client, target } = await gatewayFor(shopId, operationNumber));
        const envelope = expectOperation(
          await client.getOperation({ shopId, operationNumber }),
          shopId,
          operationNumber,
          'getOperation',
        );
        health.answered(target);
        return {
          state: 'found' as const,
          operation: journal.view(journal.applyRemote(envelope, { foundAt: target })),
        };
      } catch (error) {
        if (!(error instanceof GatewayError) || !target) throw error;
        if (error.kind === 'not_found') {
          health.answered(target);
          return { state: 'not_found' as const, shopId, operationNumber };
        }
        health.failed(target, error);
        if (error.kind === 'unauthorized' || error.kind === 'rejected') throw error;
        deps.lookups.enqueue(shopId, operationNumber, 'agent', 0, waitingFor(error));
        return { state: 'queued' as const, shopId, operationNumber };
      }
    },
  };
  return { handlers };
}

// The agent's lookup by operation number: answered now when the gateway answers, otherwise
// queued and answered by an event once it does.
import { GatewayError } from '../gateway/errors.ts';
import type { Gateways } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import { expectOperation, type Journal } from '../operations/journal.ts';
import type { SettingsService } from '../settings/service.ts';
import { normaliseOperationNumber } from './normalise.ts';
import type { Lookups } from './queue.ts';

export function lookupHandlers(deps: {
  gateways: Gateways;
  health: GatewayHealth;
  journal: Journal;
  lookups: Lookups;
  settings: SettingsService;
}): HandlerTable<'lookup.byNumber'> {
  const { health, journal } = deps;
  return {
    'lookup.byNumber': async ({ shopId, operationNumber: typed }) => {
      // Every answer names the number as asked, so a "not found" says exactly what was looked for.
      const operationNumber = normaliseOperationNumber(typed, deps.settings.get().terminalId);
      try {
        const { client } = await deps.gateways.forShop(shopId);
        const envelope = expectOperation(
          await client.getOperation({ shopId, operationNumber }),
          shopId,
          operationNumber,
          'getOperation',
        );
        health.answered(shopId);
        return { state: 'found' as const, operation: journal.view(journal.applyRemote(envelope)) };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        if (error.kind === 'not_found') {
          health.answered(shopId);
          return { state: 'not_found' as const, shopId, operationNumber };
        }
        health.failed(shopId, error);
        if (error.kind === 'unauthorized' || error.kind === 'rejected') throw error;
        deps.lookups.enqueue(shopId, operationNumber, 'agent');
        return { state: 'queued' as const, shopId, operationNumber };
      }
    },
  };
}

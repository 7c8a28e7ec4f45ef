// The agent's lookup by operation number: answered now when the gateway answers, otherwise
// queued and answered by an event once it does. One of this desk's own operations is asked about
// at the gateway it was sent to; any other number at the gateway the settings point to now.
import type { Feature } from '../feature.ts';
import { GatewayError } from '../gateway/errors.ts';
import type { Gateways } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import { lookUpAtGateway } from './look-up.ts';
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
  const { journal } = deps;

  const handlers: HandlerTable<'lookup.byNumber'> = {
    'lookup.byNumber': async ({ shopId, operationNumber: typed }) => {
      // Every answer names the number as asked, so a "not found" says exactly what was looked for.
      const operationNumber = normaliseOperationNumber(typed, deps.settings.get().terminalId);
      const answer = await lookUpAtGateway(deps, { shopId, operationNumber });
      if (answer.state === 'found') {
        const record = journal.applyRemote(answer.envelope, { foundAt: answer.target });
        return { state: 'found' as const, operation: journal.view(record) };
      }
      if (answer.state === 'not_found') return { state: 'not_found' as const, shopId, operationNumber };
      const { error, target } = answer;
      if (!(error instanceof GatewayError) || !target) throw error;
      if (error.kind === 'unauthorized' || error.kind === 'rejected') throw error;
      deps.lookups.enqueue(shopId, operationNumber, 'agent', 0, waitingFor(error));
      return { state: 'queued' as const, shopId, operationNumber };
    },
  };
  return { handlers };
}

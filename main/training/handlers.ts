// Training only: the agent's out-of-band confirmation, played by the training gateway.
import { AgentError } from '../app-error.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { Feature } from '../feature.ts';
import { targetOf } from '../gateway/gateways.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Journal } from '../operations/journal.ts';
import type { SettingsService } from '../settings/service.ts';
import { captureTraining } from './confirm.ts';
import type { TrainingGateway } from './gateway.ts';

export function createTrainingFeature(deps: {
  checkout: Checkout;
  journal: Journal;
  settings: SettingsService;
  training: TrainingGateway;
}): Feature<HandlerTable<'checkout.confirmTraining'>> {
  const handlers: HandlerTable<'checkout.confirmTraining'> = {
    'checkout.confirmTraining': async ({ localId }) => {
      const record = deps.checkout.get(localId);
      if (!record.training || deps.settings.get().mode !== 'training' || record.phase !== 'created') {
        throw new AgentError('conflict', 'Only a created training operation can be confirmed here.', {
          localId,
        });
      }
      const envelope = await captureTraining(deps.training, record.shopId, record.operationNumber);
      return deps.journal.view(deps.journal.applyRemote(envelope, { foundAt: targetOf(record) }));
    },
  };
  return { handlers };
}

// Training only: the agent's out-of-band confirmation, played by the training gateway, then read
// back at the gateway by the one lookup every other answer comes through.

import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Checkout } from '../checkout/checkout.ts';
import type { Feature } from '../feature.ts';
import { targetOf } from '../gateway/gateways.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import { type LookUpDeps, lookUpAtGateway } from '../lookups/look-up.ts';
import type { Journal } from '../operations/operation-journal.ts';
import { captureTraining } from './confirm.ts';
import type { TrainingGateway } from './gateway.ts';

export function createTrainingFeature(
  deps: LookUpDeps & {
    checkout: Checkout;
    journal: Journal;
    training: TrainingGateway;
  },
): Feature<HandlerTable<'checkout.confirmTraining'>> {
  const handlers: HandlerTable<'checkout.confirmTraining'> = {
    'checkout.confirmTraining': async ({ localId }) => {
      const record = deps.checkout.get(localId);
      if (!deps.journal.view(record).meaning.confirmTraining) {
        throw new AgentError('conflict', refusal('training.onlyCreated'), {
          localId,
        });
      }
      await captureTraining(deps.training, record.shopId, record.operationNumber);
      const target = targetOf(record);
      const answer = await lookUpAtGateway(deps, record, target);
      if (answer.state !== 'found') {
        // Captured, but not read back yet: the lookup queue follows it, and the cash waits for that.
        throw new AgentError('unreachable', refusal('training.noAnswerAfter'), {
          cash: 'hold',
          localId,
        });
      }
      return deps.journal.view(deps.journal.applyRemote(answer.envelope, { foundAt: target }));
    },
  };
  return { handlers };
}

// Looking one operation up at its gateway: the one way the lookup queue, the agent's lookup,
// reconciliation and the training confirmation ask. An operation is asked about only at the
// gateway it was sent to; a number this desk never ran goes where the settings point now. The
// gateway's health hears of every answer and failure here, so no caller counts one twice.
import type { GatewayClient } from '../gateway/client.ts';
import { GatewayError } from '../gateway/errors.ts';
import { type Gateways, type GatewayTarget, targetOf } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { OperationEnvelope } from '../gateway/schemas.ts';
import { expectOperation } from '../operations/operation-journal.ts';
import type { Store } from '../store/index.ts';

export type LookUpDeps = {
  gateways: Pick<Gateways, 'forTarget' | 'current'>;
  health: Pick<GatewayHealth, 'answered' | 'failed'>;
  /** Finds the gateway a number of this desk went to; not needed where the caller names the target. */
  store?: Pick<Store, 'operations'>;
};

/**
 * What the gateway said: the operation (checked to be the one asked about), that it holds none by
 * that number, or a failure (`target` undefined when no client could be made: no token).
 */
export type LookUp =
  | { state: 'found'; envelope: OperationEnvelope; target: GatewayTarget }
  | { state: 'not_found'; error: GatewayError; target: GatewayTarget }
  | { state: 'failed'; error: unknown; target: GatewayTarget | undefined };

export async function lookUpAtGateway(
  deps: LookUpDeps,
  query: { shopId: number; operationNumber: string },
  at?: GatewayTarget,
): Promise<LookUp> {
  const { shopId, operationNumber } = query;
  let target = at;
  try {
    const local = target ? undefined : deps.store?.operations.findByNumber(shopId, operationNumber);
    if (local) target = targetOf(local);
    let client: GatewayClient;
    if (target) client = await deps.gateways.forTarget(target);
    else ({ client, target } = await deps.gateways.current(shopId));
    const envelope = expectOperation(
      await client.getOperation({ shopId, operationNumber }),
      shopId,
      operationNumber,
      'getOperation',
    );
    deps.health.answered(target);
    return { state: 'found', envelope, target };
  } catch (error) {
    if (error instanceof GatewayError && target) {
      if (error.kind === 'not_found') {
        deps.health.answered(target);
        return { state: 'not_found', error, target };
      }
      deps.health.failed(target, error);
    }
    // A client that could not be made (no token) leaves the target unasked.
    return { state: 'failed', error, target: error instanceof GatewayError ? target : undefined };
  }
}

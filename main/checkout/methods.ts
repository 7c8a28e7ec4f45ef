// The payment methods a shop offers, as the gateway listed them last: a session is opened only for
// a method the gateway offers, within its limits.
import type { OperationTypeValue, PaymentMethod } from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Gateways, GatewayTarget } from '../gateway/gateways.ts';

type Call = <T>(target: GatewayTarget, work: () => Promise<T>) => Promise<T>;

export function createMethods(gateways: Gateways, call: Call) {
  const cache = new Map<string, PaymentMethod[]>();

  async function listMethods(shopId: number, operationType: OperationTypeValue): Promise<PaymentMethod[]> {
    const { client, target } = await gateways.current(shopId);
    const methods = await call(target, () => client.listPaymentMethodTypes({ shopId, operationType }));
    cache.set(`${shopId}:${operationType}`, methods);
    return methods;
  }

  async function findMethod(shopId: number, operationType: OperationTypeValue, id: string) {
    const cached = cache.get(`${shopId}:${operationType}`)?.find((m) => m.id === id);
    const method = cached ?? (await listMethods(shopId, operationType)).find((m) => m.id === id);
    if (!method) {
      throw new AgentError('validation', refusal('checkout.methodGone'), {
        field: 'paymentMethodId',
      });
    }
    return method;
  }

  return { listMethods, findMethod };
}

// Training only: the agent's out-of-band confirmation, played by the sandbox's control route.
import { GatewayError } from './gateway/errors.ts';
import { type OperationEnvelope, OperationResponse } from './gateway/schemas.ts';
import type { TrainingGateway } from './gateways.ts';

export async function captureTraining(
  gateway: TrainingGateway,
  shopId: number,
  operationNumber: string,
): Promise<OperationEnvelope> {
  const url = `${gateway.url}/sandbox/operations/${shopId}/${encodeURIComponent(operationNumber)}/capture`;
  let response: globalThis.Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Api-Access-Token': gateway.token },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new GatewayError({
      kind: 'unreachable',
      endpoint: 'getOperation',
      detail: 'training gateway unreachable',
    });
  }
  const parsed = OperationResponse.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    throw new GatewayError({
      kind: response.ok ? 'invalid_response' : 'rejected',
      endpoint: 'getOperation',
      status: response.status,
    });
  }
  return parsed.data.data;
}

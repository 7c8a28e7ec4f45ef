// Training only: the agent's out-of-band confirmation, played by the sandbox's control route.
// It is not a gateway endpoint, so it stays outside the gateway client.
import { AgentError } from '../app-error.ts';
import { type OperationEnvelope, OperationResponse } from '../gateway/schemas.ts';
import type { TrainingGateway } from './gateway.ts';

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
    throw new AgentError('unreachable', 'The training gateway did not answer.', { cash: 'hold' });
  }
  const parsed = OperationResponse.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    // The confirmation did not happen: the operation stays as it was, and so does its cash advice.
    throw new AgentError(
      response.ok ? 'invalid_response' : 'rejected',
      `The training gateway refused the confirmation (HTTP ${response.status}).`,
      { cash: 'hold' },
    );
  }
  const { operation } = parsed.data.data;
  if (operation.shopId !== shopId || operation.operationNumber !== operationNumber) {
    // Filed, it would become a phantom "captured" record while the real one is left as it was.
    throw new AgentError(
      'invalid_response',
      `The training gateway answered about operation ${operation.operationNumber} of shop ${operation.shopId}.`,
      { cash: 'hold' },
    );
  }
  return parsed.data.data;
}

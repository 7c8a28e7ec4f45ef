// Training only: the agent's out-of-band confirmation, played by the sandbox's control route. It
// is not a gateway endpoint, so it stays outside the gateway client, but goes out through ky as
// every gateway call does: a timeout, no retry (a capture is not repeated on its own), no redirect.
// What it did is read back by the one lookup (main/lookups/look-up.ts), not from this reply.
import ky, { HTTPError } from 'ky';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { TrainingGateway } from './gateway.ts';

const CAPTURE_TIMEOUT_MS = 10_000;

export async function captureTraining(
  gateway: TrainingGateway,
  shopId: number,
  operationNumber: string,
): Promise<void> {
  try {
    await ky.post(`sandbox/operations/${shopId}/${encodeURIComponent(operationNumber)}/capture`, {
      prefix: gateway.url,
      headers: { Accept: 'application/json', 'Api-Access-Token': gateway.token },
      timeout: CAPTURE_TIMEOUT_MS,
      retry: { limit: 0 },
      redirect: 'error',
    });
  } catch (error) {
    // The confirmation did not happen: the operation stays as it was, and so does its cash advice.
    if (error instanceof HTTPError) {
      throw new AgentError('rejected', refusal('training.refused', { status: error.response.status }), {
        cash: 'hold',
      });
    }
    throw new AgentError('unreachable', refusal('training.noAnswer'), { cash: 'hold' });
  }
}

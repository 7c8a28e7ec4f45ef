// The training gateway behind training mode: the sandbox on loopback, started by the core unless a
// test or the browser preview brings one. Its ledger lives in the data folder, so training
// operations stay findable after a restart.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '../sandbox/server.ts';

export type TrainingGateway = { url: string; token: string };

export function startTrainingGateway(dataDir: string): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    token: randomBytes(24).toString('base64url'),
    stateFile: join(dataDir, 'training-gateway.json'),
  });
}

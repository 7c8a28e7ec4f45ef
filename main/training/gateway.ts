// The training gateway behind training mode: the sandbox on loopback, running only while the desk
// is in training (started at launch in training and when the supervisor switches to it, stopped when
// they switch to Live), unless a test or the browser preview brings one. Its ledger lives in the
// data folder, so training operations stay findable after a restart or a spell in Live.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Mode } from '../../common/enums.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Log } from '../log.ts';
import { type Sandbox, startSandbox } from '../sandbox/server.ts';

export type TrainingGateway = { url: string; token: string };

export function startTrainingGateway(dataDir: string): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    token: randomBytes(24).toString('base64url'),
    stateFile: join(dataDir, 'training-gateway.json'),
  });
}

export function createTrainingGateway(deps: {
  dataDir: string;
  /** One already running (tests, the browser preview): used as it is, never started or stopped. */
  given: TrainingGateway | undefined;
  log: Pick<Log, 'addSecret'>;
}) {
  let running: Sandbox | null = null;
  let switching: Promise<void> = Promise.resolve();
  // Its token is a secret like any other: never written to the log.
  if (deps.given) deps.log.addSecret(deps.given.token);

  function current(): TrainingGateway {
    const gateway = deps.given ?? running;
    if (!gateway) {
      throw new AgentError('conflict', refusal('training.onlyInTraining'));
    }
    return gateway;
  }

  async function follow(mode: Mode): Promise<void> {
    if (deps.given) return;
    if (mode === 'training' && !running) {
      running = await startTrainingGateway(deps.dataDir);
      deps.log.addSecret(running.token);
    } else if (mode === 'live' && running) {
      const stopping = running;
      running = null;
      await stopping.close();
    }
  }

  /** One switch at a time, each after the one before, failed or not. */
  const queue = (mode: Mode) => {
    switching = switching.catch(() => undefined).then(() => follow(mode));
    return switching;
  };

  return {
    /** The one running now, read at each call: asked in Live, the call is refused as a conflict. */
    gateway: {
      get url() {
        return current().url;
      },
      get token() {
        return current().token;
      },
    } satisfies TrainingGateway,
    /** Starts it for training, stops it for Live; resolves once it listens or has stopped. */
    follow: queue,
    /** The sandbox this core started, while it runs. */
    sandbox: (): Sandbox | null => running,
    close: () => queue('live'),
  };
}

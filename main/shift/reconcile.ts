// Before a Z report: every operation of the shift the gateway may hold is read once more at its own
// gateway (never another), through the one lookup (main/lookups/look-up.ts) and the journal, so a
// captured one is read again and a pending one may settle. A gateway that does not answer is not
// asked again in the same pass: offline, the pass ends in moments and says how many went unanswered.
import { mayExistAtGateway } from '../../common/cash-rules/operation-answer.ts';
import { AgentError } from '../app-error.ts';
import { GatewayError } from '../gateway/errors.ts';
import { type Gateways, type GatewayTarget, targetOf } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import { lookUpAtGateway } from '../lookups/look-up.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { OperationRecord } from '../store/operations.ts';

type Deps = {
  gateways: Gateways;
  journal: Journal;
  health: GatewayHealth;
  /** A create for this operation is out and unanswered: its own reply settles it. */
  createInFlight: (localId: number) => boolean;
  concurrency: number;
};

/** What the gateway may hold of this desk's: created there, or perhaps (a create whose answer was lost). */
function mayBeAtGateway(op: OperationRecord): boolean {
  return op.origin === 'counter' && mayExistAtGateway(op.phase);
}

const DOWN_KINDS: ReadonlySet<string> = new Set([
  'unreachable',
  'timeout',
  'server',
  'rate_limited',
  'unauthorized',
]);

function gatewayKey(target: GatewayTarget): string {
  return target.training ? `training#${target.shopId}` : `${target.gatewayUrl}#${target.shopId}`;
}

export function createReconciler(deps: Deps) {
  /** `down`: the gateway (or its token for this shop) is out of reach: no point asking it again now. */
  async function checkOne(
    op: OperationRecord,
    target: GatewayTarget,
  ): Promise<'answered' | 'failed' | 'down'> {
    const answer = await lookUpAtGateway(deps, op, target);
    if (answer.state === 'found') {
      deps.journal.applyRemote(answer.envelope, { foundAt: target });
      return 'answered';
    }
    // Not found is an answer: a lost create that never happened is settled by the lookup queue,
    // which waits for the session to expire by the gateway's clock.
    if (answer.state === 'not_found') return 'answered';
    const { error } = answer;
    if (error instanceof AgentError) return 'down'; // no token for that gateway and shop
    if (!(error instanceof GatewayError)) throw error;
    return DOWN_KINDS.has(error.kind) ? 'down' : 'failed';
  }

  return {
    /** Reads the shift's operations at their gateways; how many were asked, and how many went unanswered. */
    async check(operations: readonly OperationRecord[]): Promise<{ checked: number; unanswered: number }> {
      const due = operations.filter(mayBeAtGateway);
      const down = new Set<string>();
      let unanswered = 0;
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          const op = due[next++]!;
          const target = targetOf(op);
          const key = gatewayKey(target);
          if (down.has(key) || deps.createInFlight(op.localId)) {
            unanswered += 1;
            continue;
          }
          const outcome = await checkOne(op, target);
          if (outcome !== 'answered') unanswered += 1;
          if (outcome === 'down') down.add(key);
        }
      };
      await Promise.all(Array.from({ length: Math.min(deps.concurrency, due.length) }, worker));
      return { checked: due.length, unanswered };
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;

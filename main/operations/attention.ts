// When an operation of this desk turns into something the agent must act on, wherever they are on
// the screen: cash to hand over, a failure, or figures the gateway holds differently.
import type { Attention as AttentionEvent } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';
import { cashAdvice, isFinal } from './view.ts';

export type Attention = AttentionEvent['reason'];

/** The reason to tell the agent now, or null. Only a change into the state counts, never a repeat. */
export function attentionNeeded(
  before: OperationRecord | undefined,
  after: OperationRecord,
): Attention | null {
  if (after.origin !== 'counter' || !before) return null;
  if (after.mismatch && !before.mismatch) return 'mismatch';
  if (cashAdvice(after) === 'hand_over' && cashAdvice(before) !== 'hand_over') return 'hand_over';
  if (failed(after) && !failed(before)) return 'failed';
  return null;
}

/** The operation will not complete as it stands: never created, or a status that is not on the way. */
function failed(record: OperationRecord): boolean {
  if (record.phase === 'not_created') return true;
  return (
    record.phase === 'created' && record.status !== null && record.status !== 'created' && !isFinal(record)
  );
}

// A payout handed over once, at any desk of its branch: whether this desk may release its own
// captured payout to the branch, or claim another desk's at the head office. One rule for the answer
// (main/operations/meaning.ts) and for the head office's acts (main/headoffice/branch-payouts.ts).
import type { Mode } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

/** What of the desk the rule depends on (a part of meaning.ts's DeskContext). */
export type BranchDesk = {
  mode: Mode;
  branch?: {
    enrolled(): boolean;
    released(operationNumber: string): boolean;
    claimed(localId: number): boolean;
  };
};

/** Why the payout may be neither released nor claimed at this desk now. */
export type BranchRefusal = 'not_enrolled' | 'not_live_cash_payout' | 'not_captured' | 'handed_over';

/**
 * Only a Live cash payout, on a desk enrolled at a head office and in Live itself, created at the
 * gateway and captured there, with no cash handed over yet. Looked up from another desk, its
 * instrument is unknown here (''): the head office releases cash payouts only.
 */
export function branchRefusal(record: OperationRecord, desk: BranchDesk): BranchRefusal | null {
  if (desk.branch?.enrolled() !== true) return 'not_enrolled';
  const cash =
    record.instrumentType === 'cash' || (record.origin === 'lookup' && record.instrumentType === '');
  if (desk.mode !== 'live' || record.training || record.type !== 'payout' || !cash) {
    return 'not_live_cash_payout';
  }
  if (record.phase !== 'created' || record.status !== 'captured') return 'not_captured';
  if (record.custodyKind !== null) return 'handed_over';
  return null;
}

/** Released by its own desk, claimed by another; claimed: this desk won that claim. */
export function branchActs(
  record: OperationRecord,
  desk: BranchDesk,
): { release: boolean; claim: boolean; claimed: boolean } {
  const claimed = record.origin !== 'counter' && desk.branch?.claimed(record.localId) === true;
  if (!desk.branch || branchRefusal(record, desk)) return { release: false, claim: false, claimed };
  if (record.origin === 'counter') {
    return { release: !desk.branch.released(record.operationNumber), claim: false, claimed };
  }
  return { release: false, claim: !claimed, claimed };
}

// THE answer to "what does this operation mean here": the operation's own answer (final, cash,
// open reason: common/cash-rules/operation-answer.ts, shared with the head office), seen from this
// desk (its mode, the open shift, its branch): what cash may move now, what the reports say of it,
// whether the agent must be told, and which custody may be recorded. Every screen, report,
// receipt, the tray, the update policy and reconciliation ask this module; nothing else decides.
//
// The desk's own rules:
// - Training money never meets Live cash: a training operation seen in Live advises nothing.
// - Custody belongs to the open shift, in the operation's own mode; with none, it is refused.
// - A payout released to the branch is handed over at another desk, never this one, in either mode:
//   the record the cash rules read carries the release, so they answer it as paid out there.
import {
  type MoneyRecord,
  type OwnState,
  ownState,
  payoutState,
  statusClass,
} from '../../common/cash-rules/operation-answer.ts';
import type {
  AttentionReason,
  CashAdvice,
  CustodyRefusal,
  Meaning,
  Mode,
  OpenReason,
} from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';
import { branchActs } from './branch-answer.ts';
import { receiptAnswer, statusAnswer } from './receipt-answer.ts';
import { sessionAnswer } from './session-answer.ts';
import { trainingConfirmable } from './training-answer.ts';

/** What of the desk the answer depends on. */
export type DeskContext = {
  mode: Mode;
  /** The open shift, whose drawer custody goes into; null when no one is signed in. */
  shift: { training: boolean } | null;
  /** The open shift has begun closing: no cash moves in it now. */
  closing: boolean;
  /**
   * On a desk enrolled at a head office: whether this payout was released to the
   * branch (by its supervisor, or listed as open cash in a Z report), so only another desk may hand
   * it over; and whether this desk won the claim on another desk's payout, so it hands it over here.
   */
  branch?: {
    enrolled(): boolean;
    released(operationNumber: string): boolean;
    claimed(localId: number): boolean;
  };
  /** The desk's clock, for whether a session may still be used; absent (a report's desk): it may not. */
  now?: number;
};

const MOVES: ReadonlySet<CashAdvice> = new Set(['accept', 'hand_over', 'return']);
/** The open reasons that call the agent; it may be asked of no reason (null), which calls no one. */
const ALERTS: ReadonlySet<OpenReason | null> = new Set<OpenReason>([
  'hand_over',
  'return_cash',
  'mismatch',
  'correction',
  'handed_over_not_captured',
]);

export type Answer = OwnState & { meaning: Meaning };

/** Another desk's payout whose claim this desk won at the head office: its cash is handed over here. */
function claimedHere(record: OperationRecord, desk: DeskContext): OwnState | null {
  if (record.origin === 'counter' || record.type !== 'payout' || record.phase !== 'created') return null;
  if (!desk.branch?.claimed(record.localId) || record.instrumentType !== 'cash') return null;
  const status = statusClass(record.status);
  return payoutState({ ...record, released: false }, status, status === 'captured' || status === 'failed');
}

/** What the cash rules read of a record at this desk: the record, and whether this desk released it. */
export function moneyRecord(record: OperationRecord, desk: DeskContext): MoneyRecord {
  const released =
    record.origin === 'counter' &&
    record.type === 'payout' &&
    record.custodyKind === null &&
    desk.branch?.released(record.operationNumber) === true;
  return { ...record, released };
}

/** The one answer, for this desk now. */
export function meaningOf(record: OperationRecord, desk: DeskContext): Answer {
  const claimed = claimedHere(record, desk);
  const input = moneyRecord(record, desk);
  const own = claimed ?? ownState(input);
  const trainingInLive = record.training && desk.mode === 'live';
  let { cash, note, action, open } = own;
  if (trainingInLive && MOVES.has(cash)) {
    cash = 'none';
    note = 'training_in_live';
    // Listed, but as waiting for its own mode: no reason of its may ask for cash here.
    open = 'waiting';
  }
  // Released, the cash is the branch's now: a hand over here is refused, before anything of the mode.
  let refused: CustodyRefusal | null =
    input.released && statusClass(record.status) === 'captured' ? 'released' : null;
  if (action) {
    const otherMode =
      record.training !== (desk.mode === 'training') ||
      (desk.shift && desk.shift.training !== record.training);
    if (otherMode) refused = 'other_mode';
    else if (!desk.shift) refused = 'no_shift';
    else if (desk.closing) refused = 'closing';
    if (refused) action = null;
  }
  const recorded = record.custodyKind !== null || record.returnedAt !== null;
  const modeDiffers = record.training !== (desk.mode === 'training');
  return {
    ...own,
    cash,
    note,
    action,
    meaning: {
      open,
      finding: own.finding,
      alert: !trainingInLive && ALERTS.has(open),
      stuck: own.stuck,
      note,
      custody: { action, refused },
      money: record.training ? 'training' : 'live',
      otherMode: modeDiffers,
      // Started again in the other mode, a training attempt would become a live operation with real
      // money (or a live one a training one): only in its own mode.
      startAgain: record.origin === 'counter' && record.phase === 'not_created' && !modeDiffers,
      reversible: record.origin === 'counter' && recorded && !trainingInLive,
      branch: branchActs(record, desk),
      receipt: receiptAnswer(record, own, claimed !== null),
      status: statusAnswer(record, own.final),
      session: sessionAnswer(record, desk.now),
      confirmTraining: trainingConfirmable(record, desk),
    },
  };
}

/** Why the agent must be told of a change now, or null: only a change into the state counts. */
export function attentionOf(
  before: OperationRecord | undefined,
  after: OperationRecord,
  desk: DeskContext,
): AttentionReason | null {
  if (after.origin !== 'counter' || !before) return null;
  const now = meaningOf(after, desk);
  const was = meaningOf(before, desk);
  const reason = now.meaning.open;
  // An alert's reason is one of ALERTS, every one of them a reason to call.
  if (now.meaning.alert && reason !== was.meaning.open) {
    return reason as 'hand_over' | 'return_cash' | 'mismatch' | 'correction' | 'handed_over_not_captured';
  }
  const failed = (a: Answer, r: OperationRecord) =>
    r.phase === 'not_created' || a.stuck || a.note === 'failed';
  if (failed(now, after) && !failed(was, before) && !(after.training && desk.mode === 'live'))
    return 'failed';
  return null;
}

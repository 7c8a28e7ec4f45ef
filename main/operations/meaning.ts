// THE answer to "what does this operation mean here": from the record and the desk (its mode, the
// open shift), whether it is final, what cash may move, why it is still open, what the reports say
// of it, whether the agent must be told, and which custody may be recorded. Every screen, report,
// receipt, the tray, the update policy and reconciliation ask this module; nothing else decides.
//
// The rules it encodes:
// - Only a `cash` instrument ever moves cash at this desk; any other gives no cash advice.
// - Training money never meets Live cash: a training operation seen in Live advises nothing.
// - Custody belongs to the open shift, in the operation's own mode; with none, it is refused.
// - Cash in hand when the gateway says no is given back, once; cash handed over for a payout the
//   gateway then ends is the supervisor's. A mismatch or a correction holds, with or without custody.
import {
  type AttentionReason,
  type CashAdvice,
  type CashNote,
  type CustodyAction,
  type CustodyRefusal,
  FAILED_STATUSES,
  type FindingKind,
  type Meaning,
  type Mode,
  type OpenReason,
} from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

/** What of the desk the answer depends on. */
export type DeskContext = {
  mode: Mode;
  /** The open shift, whose drawer custody goes into; null when no one is signed in. */
  shift: { training: boolean } | null;
  /** The open shift has begun closing: no cash moves in it now. */
  closing: boolean;
  /**
   * On a desk enrolled at a head office (issue 19): whether this payout was released to the
   * branch (by its supervisor, or listed as open cash in a Z report), so only another desk may hand
   * it over; and whether this desk won the claim on another desk's payout, so it hands it over here.
   */
  branch?: {
    enrolled(): boolean;
    released(operationNumber: string): boolean;
    claimed(localId: number): boolean;
  };
};

/** What the operation means on its own desk, in its own mode: the part the database indexes. */
export type OwnState = {
  final: boolean;
  cash: CashAdvice;
  open: OpenReason | null;
  finding: FindingKind | null;
  stuck: boolean;
  note: CashNote | null;
  /** The custody the advice asks for. */
  action: CustodyAction | null;
};

type StatusClass = 'pending' | 'captured' | 'failed' | 'unknown';

function statusClass(status: string | null): StatusClass {
  if (status === null || status === 'created') return 'pending';
  if (status === 'captured') return 'captured';
  return FAILED_STATUSES.has(status) ? 'failed' : 'unknown';
}

const state = (partial: Partial<OwnState> & Pick<OwnState, 'cash'>): OwnState => ({
  final: false,
  open: null,
  finding: null,
  stuck: false,
  note: null,
  action: null,
  ...partial,
});

function isCorrection(record: Pick<OperationRecord, 'isCorrection' | 'parent'>): boolean {
  return record.isCorrection || (record.parent !== null && record.parent !== undefined);
}

/** The operation on its own desk and in its own mode: desk-independent, so it can be stored. */
export function ownState(record: OperationRecord): OwnState {
  const own = record.origin === 'counter';
  const unknownOutcome = (note: CashNote) =>
    state({
      cash: 'hold',
      note,
      open: own ? 'outcome_unknown' : null,
      finding: own ? 'outcome_unknown' : null,
    });
  switch (record.phase) {
    case 'opening':
      return state({ cash: 'hold', note: 'not_created' });
    case 'session_open':
      return state({ cash: 'none', note: 'not_created' });
    case 'creating':
      return unknownOutcome('creating');
    case 'outcome_unknown':
      return unknownOutcome('outcome_unknown');
    case 'not_created':
      return state({ final: true, cash: 'none', note: 'not_created' });
    case 'abandoned':
    case 'expired':
    case 'session_failed':
      return state({ final: true, cash: 'none', note: 'ended' });
    case 'created':
      return createdState(record);
  }
}

function createdState(record: OperationRecord): OwnState {
  const status = statusClass(record.status);
  const final = status === 'captured' || status === 'failed';
  if (record.origin !== 'counter') return state({ final, cash: 'none', note: 'other_desk' });
  const supervisor = (reason: 'mismatch' | 'correction') =>
    state({ final, cash: 'hold', note: reason, open: reason, finding: reason });
  if (record.mismatch) return supervisor('mismatch');
  if (isCorrection(record)) return supervisor('correction');
  // Checked before any custody: a record made for it before only cash could have one moves no
  // drawer either (main/store/custody.ts), and a supervisor may reverse it.
  if (record.instrumentType !== 'cash') {
    return state({ final, cash: 'none', note: 'not_cash', open: final ? null : 'waiting' });
  }
  if (status === 'unknown') {
    // Cash already handed over for a payout the gateway no longer reads as captured is the
    // supervisor's, whatever the word; cash received waits in the drawer, held.
    if (record.custodyKind === 'handed_over') {
      return state({
        cash: 'hold',
        note: 'handed_over_not_captured',
        open: 'handed_over_not_captured',
        finding: 'handed_over_not_captured',
        stuck: true,
      });
    }
    return state({
      cash: 'hold',
      note: 'stuck',
      open: 'stuck',
      finding: record.custodyKind === 'received' ? 'received_not_captured' : 'stuck',
      stuck: true,
    });
  }
  return record.type === 'payin' ? payinState(record, status, final) : payoutState(record, status, final);
}

function payinState(record: OperationRecord, status: StatusClass, final: boolean): OwnState {
  if (!record.custodyKind) {
    if (status === 'failed') return state({ final, cash: 'none', note: 'failed' });
    return state({
      final,
      cash: 'accept',
      open: 'take_cash',
      finding: status === 'captured' ? 'captured_not_received' : null,
      action: 'received',
    });
  }
  if (status === 'captured') return state({ final, cash: 'none', note: 'recorded' });
  if (status === 'failed') {
    if (record.returnedAt) return state({ final, cash: 'none', note: 'recorded' });
    return state({ final, cash: 'return', open: 'return_cash', finding: 'return_cash', action: 'returned' });
  }
  return state({
    final,
    cash: 'none',
    note: 'recorded',
    open: 'cash_not_captured',
    finding: 'received_not_captured',
  });
}

function payoutState(record: OperationRecord, status: StatusClass, final: boolean): OwnState {
  if (record.custodyKind) {
    if (status === 'captured') return state({ final, cash: 'none', note: 'recorded' });
    return state({
      final,
      cash: 'hold',
      note: 'handed_over_not_captured',
      open: 'handed_over_not_captured',
      finding: 'handed_over_not_captured',
    });
  }
  if (status === 'captured') {
    return state({
      final,
      cash: 'hand_over',
      open: 'hand_over',
      finding: 'captured_not_handed_over',
      action: 'handed_over',
    });
  }
  if (status === 'failed') return state({ final, cash: 'none', note: 'failed' });
  return state({ final, cash: 'hold', note: 'waiting', open: 'waiting' });
}

const MOVES: ReadonlySet<CashAdvice> = new Set(['accept', 'hand_over', 'return']);
const ALERTS: ReadonlySet<OpenReason> = new Set([
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
  return payoutState(record, status, status === 'captured' || status === 'failed');
}

/** The one answer, for this desk now. */
export function meaningOf(record: OperationRecord, desk: DeskContext): Answer {
  const own = claimedHere(record, desk) ?? ownState(record);
  const trainingInLive = record.training && desk.mode === 'live';
  let { cash, note, action } = own;
  if (trainingInLive && MOVES.has(cash)) {
    cash = 'none';
    note = 'training_in_live';
  }
  let refused: CustodyRefusal | null = null;
  if (action) {
    const otherMode =
      record.training !== (desk.mode === 'training') ||
      (desk.shift && desk.shift.training !== record.training);
    if (otherMode) refused = 'other_mode';
    else if (!desk.shift) refused = 'no_shift';
    else if (desk.closing) refused = 'closing';
    else if (
      action === 'handed_over' &&
      record.origin === 'counter' &&
      desk.branch?.released(record.operationNumber)
    )
      refused = 'released';
    if (refused) action = null;
    // Released, the cash is the branch's now: this desk gives no advice to hand it over.
    if (refused === 'released') cash = 'none';
  }
  const recorded = record.custodyKind !== null || record.returnedAt !== null;
  const modeDiffers = record.training !== (desk.mode === 'training');
  return {
    ...own,
    cash,
    note,
    action,
    meaning: {
      open: own.open,
      finding: own.finding,
      alert: !trainingInLive && own.open !== null && ALERTS.has(own.open),
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
    },
  };
}

/** A Live captured payout whose cash nobody handed over: released by its own desk, claimed by another. */
function branchActs(
  record: OperationRecord,
  desk: DeskContext,
): { release: boolean; claim: boolean; claimed: boolean } {
  const claimed = record.origin !== 'counter' && desk.branch?.claimed(record.localId) === true;
  const open =
    desk.branch?.enrolled() === true &&
    desk.mode === 'live' &&
    !record.training &&
    record.type === 'payout' &&
    record.phase === 'created' &&
    record.status === 'captured' &&
    record.custodyKind === null;
  if (!open || !desk.branch) return { release: false, claim: false, claimed };
  if (record.origin === 'counter')
    return {
      release: record.instrumentType === 'cash' && !desk.branch.released(record.operationNumber),
      claim: false,
      claimed,
    };
  return { release: false, claim: !claimed, claimed };
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
  if (now.meaning.alert && reason !== was.meaning.open && reason !== null && ALERTS.has(reason)) {
    return reason as 'hand_over' | 'return_cash' | 'mismatch' | 'correction' | 'handed_over_not_captured';
  }
  const failed = (a: Answer, r: OperationRecord) =>
    r.phase === 'not_created' || a.stuck || a.note === 'failed';
  if (failed(now, after) && !failed(was, before) && !(after.training && desk.mode === 'live'))
    return 'failed';
  return null;
}

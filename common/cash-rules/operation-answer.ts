// What an operation means for cash, on its own desk and in its own mode: whether it is final, what
// cash it advises, why it is still open, and whether its cash is open. Pure functions of the
// record, with no desk, no clock and no storage, so the desk (main/operations/meaning.ts, which
// adds its mode, shift and branch) and the head office (whose projections fold the journal into the
// same record shape) give one answer. Nothing else decides what an operation's cash means.
//
// The rules:
// - Only a `cash` instrument ever moves cash at a desk; any other gives no cash advice.
// - Cash in hand when the gateway says no is given back, once; cash handed over for a payout the
//   gateway then ends is the supervisor's. A mismatch or a correction holds, with or without custody.
// - A captured payout its desk released to the branch is handed over at another desk of the
//   branch: on its own desk it advises no cash and is not open, as if paid out there.
// - A status the desk does not know is not final, and no cash moves on it.
import {
  type CashAdvice,
  type CashNote,
  type CustodyAction,
  type CustodyKind,
  FAILED_STATUSES,
  type FindingKind,
  OPEN_CASH_REASONS,
  type OpenReason,
  type OperationTypeValue,
  type Phase,
} from '../contract.ts';

/** What of an operation its cash depends on: the desk's record, or HQ's fold of its journal. */
export type MoneyRecord = {
  origin: 'counter' | 'lookup';
  type: OperationTypeValue;
  phase: Phase;
  /** The gateway's status word, raw; null before its first answer. */
  status: string | null;
  instrumentType: string;
  /** The gateway holds other figures than those entered (any non-empty list, or true). */
  mismatch: readonly unknown[] | boolean | null;
  isCorrection: boolean;
  parent?: unknown;
  /** The standing custody record: cash received (payin) or handed over (payout). */
  custodyKind: CustodyKind | null;
  /** A payin's cash given back to the payer. */
  returnedAt: string | null;
  /** A payout its desk released to the branch (its supervisor, or open cash in its Z report). */
  released: boolean;
};

/** The operation's answer on its own desk, in its own mode: the part the desk stores and HQ projects. */
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

export type StatusClass = 'pending' | 'captured' | 'failed' | 'unknown';

/** The gateway's word, as the rules read it: not yet final, captured, ended without money, or unknown. */
export function statusClass(status: string | null): StatusClass {
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

/** The gateway holds other figures than those entered. */
export function hasMismatch(record: Pick<MoneyRecord, 'mismatch'>): boolean {
  const m = record.mismatch;
  return Array.isArray(m) ? m.length > 0 : m === true;
}

/** The gateway marks the operation a correction of another. */
export function isCorrection(record: Pick<MoneyRecord, 'isCorrection' | 'parent'>): boolean {
  return record.isCorrection || (record.parent !== null && record.parent !== undefined);
}

/** Whether a method of this instrument moves cash at the desk: only a `cash` one ever does. */
export function movesCash(instrumentType: string): boolean {
  return instrumentType === 'cash';
}

/** The operation on its own desk and in its own mode: desk-independent, so it can be stored. */
export function ownState(record: MoneyRecord): OwnState {
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
      return record.origin === 'counter' ? createdState(record) : lookedUpState(record);
  }
}

function lookedUpState(record: MoneyRecord): OwnState {
  const status = statusClass(record.status);
  return state({ final: status === 'captured' || status === 'failed', cash: 'none', note: 'other_desk' });
}

function createdState(record: MoneyRecord): OwnState {
  const status = statusClass(record.status);
  const final = status === 'captured' || status === 'failed';
  const supervisor = (reason: 'mismatch' | 'correction') =>
    state({ final, cash: 'hold', note: reason, open: reason, finding: reason });
  if (hasMismatch(record)) return supervisor('mismatch');
  if (isCorrection(record)) return supervisor('correction');
  // Checked before any custody: a record made for it before only cash could have one moves no
  // drawer either, and a supervisor may reverse it.
  if (!movesCash(record.instrumentType)) {
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

function payinState(record: MoneyRecord, status: StatusClass, final: boolean): OwnState {
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

/** A payout's answer from its status and custody; also a claimed payout's at the desk that won it. */
export function payoutState(record: MoneyRecord, status: StatusClass, final: boolean): OwnState {
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
    if (record.released) return state({ final, cash: 'none', note: 'branch' });
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

/** Whether the operation is final: a release to the branch changes its cash, never its finality. */
export function isFinal(record: Omit<MoneyRecord, 'released'>): boolean {
  // Stryker disable next-line BooleanLiteral: the release reaches only a captured payout's cash, never its finality.
  return ownState({ ...record, released: false }).final;
}

/** No reason (null) is none of them. */
const OPEN_CASH: ReadonlySet<OpenReason | null> = new Set<OpenReason>(OPEN_CASH_REASONS);

/** Cash in question, listed on every report until it is settled. */
export function isOpenCash(open: OpenReason | null): boolean {
  return OPEN_CASH.has(open);
}

/** Completed: created at the gateway and captured there, whatever cash the desk still owes on it. */
export function completed(record: Pick<MoneyRecord, 'phase' | 'status'>): boolean {
  return record.phase === 'created' && statusClass(record.status) === 'captured';
}

/**
 * Whether the gateway holds the operation, by its phase: it does (created); it may (a create out
 * and unanswered, or one whose answer was lost: unresolved, settled only by a lookup); or it does
 * not (no create sent, or one the gateway surely refused or never got).
 */
export type AtGateway = 'held' | 'unresolved' | 'absent';
export function atGateway(phase: Phase): AtGateway {
  if (phase === 'created') return 'held';
  return phase === 'creating' || phase === 'outcome_unknown' ? 'unresolved' : 'absent';
}

/** The gateway holds the operation, or may: what a lookup or a reconciliation asks about. */
export function mayExistAtGateway(phase: Phase): boolean {
  return atGateway(phase) !== 'absent';
}

/** A request to the gateway is out for it (a session asked for, or a create), its answer not in. */
export function awaitsGateway(phase: Phase): boolean {
  return phase === 'opening' || phase === 'creating';
}

/** The create's answer was lost, and the operation may or may not exist at the gateway. */
export function isUnknownOutcome(open: OpenReason | null): boolean {
  return open === 'outcome_unknown';
}

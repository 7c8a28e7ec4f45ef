// Each operation as the journals tell it, folded into the record the cash rules read
// (common/cash-rules/operation-answer.ts MoneyRecord), and the answer the rules give it: HQ keeps
// the facts (phase, status, instrument, custody, return, mismatch, correction) and asks the rules
// what they mean, as the desk does. Where an entry carries the desk's own answer, the two are held
// against each other: a difference is a disagreement, raised, never settled either way here.
import {
  isOpenCash,
  isUnknownOutcome,
  type MoneyRecord,
  ownState,
} from '../../common/cash-rules/operation-answer.ts';
import type { CustodyKind, OpenReason, Phase } from '../../common/contract.ts';
import type { DeskAnswer, EntryBody, JournalEntry } from '../../common/journal-entry.ts';

export type HqOperation = {
  operation_number: string;
  terminal_id: string;
  branch_id: number;
  type: 'payin' | 'payout';
  amount: string;
  currency: string;
  instrument: string;
  status: string | null;
  phase: Phase;
  mismatch: boolean;
  correction: boolean;
  custody_kind: CustodyKind | null;
  handed_over_by: string | null;
  returned_at: string | null;
  released_by: 'supervisor' | 'z_report' | null;
  released_at: string | null;
  /** HQ's answer, from the rules. */
  final: boolean;
  open_reason: OpenReason | null;
  open_cash: boolean;
  outcome_unknown: boolean;
  /** The desk's answer, as last journalled (null before any entry carried one). */
  desk_final: boolean | null;
  desk_open: OpenReason | null;
  created_at: string;
  updated_at: string;
};

/** An operation's answer at HQ beside its desk's, when they differ. */
export type Disagreement = {
  entry: JournalEntry;
  operationNumber: string;
  hq: DeskAnswer;
  desk: DeskAnswer;
};

/** The entries that speak of one operation, by its number. */
export type OperationEntry = Extract<
  JournalEntry,
  {
    kind:
      | 'operation_created'
      | 'operation_status'
      | 'operation_resolved'
      | 'operation_answer'
      | 'custody'
      | 'custody_reversed'
      | 'cash_returned'
      | 'payout_released';
  }
>;

const OPERATION_KINDS: ReadonlySet<string> = new Set([
  'operation_created',
  'operation_status',
  'operation_resolved',
  'operation_answer',
  'custody',
  'custody_reversed',
  'cash_returned',
  'payout_released',
]);

export const isOperationEntry = (entry: JournalEntry): entry is OperationEntry =>
  OPERATION_KINDS.has(entry.kind);

/** What the rules read: the journals carry only this desk's own (counter) operations. */
export function recordOf(op: HqOperation): MoneyRecord {
  return {
    origin: 'counter',
    type: op.type,
    phase: op.phase,
    status: op.status,
    instrumentType: op.instrument,
    mismatch: op.mismatch,
    isCorrection: op.correction,
    custodyKind: op.custody_kind,
    returnedAt: op.returned_at,
    released: op.released_by !== null,
  };
}

/** The rules' answer for the record as it now stands, kept on it. */
export function settle(op: HqOperation): DeskAnswer {
  const own = ownState(recordOf(op));
  op.final = own.final;
  op.open_reason = own.open;
  op.open_cash = isOpenCash(own.open);
  op.outcome_unknown = isUnknownOutcome(own.open);
  return { final: own.final, open: own.open };
}

/** A new operation from its first entry, at `terminal` of `branch`. */
export function created(
  entry: Extract<JournalEntry, { kind: 'operation_created' }>,
  terminal: string,
  branch: number,
): HqOperation {
  const b = entry.body;
  return {
    operation_number: b.operationNumber,
    terminal_id: terminal,
    branch_id: branch,
    type: b.type,
    amount: b.amount,
    currency: b.currency,
    instrument: b.instrument,
    status: null,
    phase: b.outcomeUnknown ? 'outcome_unknown' : 'created',
    mismatch: false,
    correction: false,
    custody_kind: null,
    handed_over_by: null,
    returned_at: null,
    released_by: null,
    released_at: null,
    final: false,
    open_reason: null,
    open_cash: false,
    outcome_unknown: false,
    desk_final: null,
    desk_open: null,
    created_at: entry.at,
    updated_at: entry.at,
  };
}

function gateway(op: HqOperation, body: EntryBody<'operation_status'>) {
  // Any word from the gateway means it holds the operation, whatever was thought before.
  op.phase = 'created';
  op.status = body.status;
  if (body.mismatch !== undefined) op.mismatch = body.mismatch;
  if (body.correction !== undefined) op.correction = body.correction;
}

/** The entry's fact on the operation it names (the desk's own, or a claimed one of its branch). */
export function apply(op: HqOperation, entry: OperationEntry, terminal: string): void {
  switch (entry.kind) {
    // Stryker disable next-line StringLiteral,ConditionalExpression: a case that does nothing, as no case would; it says so.
    case 'operation_created':
      break;
    case 'operation_status':
      gateway(op, entry.body);
      break;
    case 'operation_resolved':
      op.phase = entry.body.outcome;
      break;
    // Stryker disable next-line StringLiteral: a case that does nothing, as no case would; it says so.
    case 'operation_answer':
      break;
    case 'custody':
      op.custody_kind = entry.body.action;
      if (entry.body.action === 'handed_over') op.handed_over_by = terminal;
      break;
    case 'custody_reversed':
      if (entry.body.action === 'returned') op.returned_at = null;
      else {
        op.custody_kind = null;
        op.handed_over_by = null;
      }
      break;
    case 'cash_returned':
      op.returned_at = entry.at;
      break;
    case 'payout_released':
      if (op.terminal_id === terminal && !op.released_by) {
        op.released_by = 'supervisor';
        op.released_at = entry.at;
      }
      break;
  }
  op.updated_at = entry.at;
}

/** The desk's answer the entry carries, if any, kept; and the disagreement, if HQ's differs. */
export function check(op: HqOperation, entry: OperationEntry, hq: DeskAnswer): Disagreement | null {
  const desk = 'answer' in entry.body ? entry.body.answer : undefined;
  if (!desk) return null;
  op.desk_final = desk.final;
  op.desk_open = desk.open;
  if (desk.final === hq.final && desk.open === hq.open) return null;
  return { entry, operationNumber: op.operation_number, hq, desk };
}

// Which receipt may print for an operation now, what the paper calls it, and the word for its
// status: the receipt and status parts of meaningOf's answer (main/operations/meaning.ts). Printing,
// the receipt and report templates and every screen show these; none decides them again.
//
// The rules:
// - Only an operation the gateway holds has a receipt, and not while it holds other figures than
//   were entered: the payer would keep disputed ones.
// - The final receipt says the money moved: it prints once the status is final and its cash is
//   settled (a payout's cash handed over, a payin's taken or given back). A final status whose
//   cash is still owed, or held for the supervisor, has no receipt; one not final has the Pending
//   receipt.
// - Another desk's operation found by lookup has a slip that says it is no receipt, unless this
//   desk won its claim at the head office: its cash is handed over here, and so is its receipt.
// - A non-cash instrument is never worded as cash: no cash changes hands at this desk.
// - The status word is the gateway's, read by the one rule (statusWord, on statusClass): created
//   is pending, captured completed, a word known to end it ended (final), any other unknown (not
//   final); with no word yet, the phase says whether it is final.
import type { OwnState } from '../../common/cash-rules/operation-answer.ts';
import { statusWord } from '../../common/cash-rules/status-word.ts';
import type { ReceiptAnswer, ReceiptPrint, StatusAnswer } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

type ReceiptRecord = Pick<
  OperationRecord,
  'origin' | 'type' | 'phase' | 'status' | 'instrumentType' | 'mismatch'
>;

/** The status word; with no answer from the gateway yet, final as the phase is (`final`). */
export function statusAnswer(record: Pick<OperationRecord, 'status'>, final: boolean): StatusAnswer {
  const word = statusWord(record.status);
  if (word === 'none') return { word, final, completed: false };
  return { word, final: word === 'completed' || word === 'ended', completed: word === 'completed' };
}

/**
 * The receipt part. `own` is the operation's own answer (a claimed payout's as the desk that won
 * it); `claimed`: this desk won the claim on another desk's payout.
 */
export function receiptAnswer(record: ReceiptRecord, own: OwnState, claimed: boolean): ReceiptAnswer {
  return { print: printable(record, own, claimed), wording: wordingOf(record) };
}

function printable(record: ReceiptRecord, own: OwnState, claimed: boolean): ReceiptPrint {
  if (record.phase !== 'created' || (record.mismatch?.length ?? 0) > 0) return 'none';
  if (record.origin !== 'counter' && !claimed) return 'slip';
  if (!statusAnswer(record, own.final).final) return 'pending';
  // The custody the advice asks for (cash to take, hand over or give back) comes first; cash held
  // for the supervisor (a correction, cash handed over for a payout then cancelled) is not settled.
  return own.action === null && own.cash !== 'hold' ? 'final' : 'none';
}

function wordingOf(record: ReceiptRecord): ReceiptAnswer['wording'] {
  if (record.instrumentType !== 'cash') return 'no_cash';
  return record.type === 'payin' ? 'cash_in' : 'cash_out';
}

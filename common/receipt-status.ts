// Which receipt may print for an operation now, in which words, and the word for its status: the
// receipt and status parts of the one answer (main/operations/receipt-answer.ts decides them).
// Every screen, receipt, report, CSV row and total shows these and decides none of it itself.
import { z } from 'zod';

/**
 * Which paper may print now:
 * - none: no receipt (the gateway does not hold it, its figures are disputed, or its cash is still
 *   to move: a final receipt before the cash moved would tell the payer it had);
 * - pending: not final yet: the receipt says it confirms nothing;
 * - final: final, and its cash recorded (or no cash at this desk): the receipt the payer keeps;
 * - slip: another desk's operation, found by lookup: a slip that says it is no receipt.
 */
export const RECEIPT_PRINTS = ['none', 'pending', 'final', 'slip'] as const;
export type ReceiptPrint = (typeof RECEIPT_PRINTS)[number];

/** What the paper calls the operation: cash in, cash out, or a non-cash one: no cash at this desk. */
export const RECEIPT_WORDINGS = ['cash_in', 'cash_out', 'no_cash'] as const;
export type ReceiptWording = (typeof RECEIPT_WORDINGS)[number];

/**
 * The gateway's status as every place words it:
 * - none: no answer from the gateway yet (the phase says where it stands);
 * - pending: created, not yet confirmed;
 * - completed: captured;
 * - ended: a word known to end it without its money moving (cancelled, declined…): final;
 * - unknown: any other word: not final, and no cash moves on it.
 */
export const STATUS_WORDS = ['none', 'pending', 'completed', 'ended', 'unknown'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

export const ReceiptAnswer = z.object({
  print: z.enum(RECEIPT_PRINTS),
  wording: z.enum(RECEIPT_WORDINGS),
});
export type ReceiptAnswer = z.infer<typeof ReceiptAnswer>;

export const StatusAnswer = z.object({
  word: z.enum(STATUS_WORDS),
  /** Nothing more will change it: the lookups end, and no screen calls it "not final". */
  final: z.boolean(),
  /** Completed at the gateway: what the reports' "completed" columns and totals count. */
  completed: z.boolean(),
});
export type StatusAnswer = z.infer<typeof StatusAnswer>;

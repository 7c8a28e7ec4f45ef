// The parts of the journal's entries that carry what the cash rules need: the desk's own answer for
// an operation, a count's variance, the Z report's lines and its reversals, the reconciliation's
// findings. Declared here, beside the journal's contract (common/journal-entry.ts), so the entry
// kinds stay one list there; the head office folds them into the rules' own record shape.
import { z } from 'zod';
import { FINDING_KINDS, OPEN_REASONS } from './enums.ts';
import { text } from './text.ts';

/** Money as a decimal string, never a float: "150", "150.00", "-12.50". */
export const money = z.string().regex(/^-?\d{1,15}(\.\d{1,4})?$/, 'a decimal amount like 150.00');
/** Cash that moved or an operation's amount: above zero (a float, a count or a variance may be zero). */
export const positive = money.regex(/^(?!-)(?=.*[1-9])/, 'an amount above zero');
/** ISO 4217 code as the gateway names it. */
export const currency = z.string().regex(/^[A-Z]{3}$/, 'a currency code like KZT');
export const opNumber = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}_\-/#:]+$/u, 'letters, digits and - _ / # : only');
export const name = text.min(1).max(120);
export const utc = z.iso.datetime({ offset: false });
export const shiftId = text.min(1).max(64);

/** An amount in one currency, as shifts and reports list them. */
export const CurrencyAmount = z.object({ currency, amount: money });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

/**
 * The desk's own answer for an operation after a change (common/cash-rules/operation-answer.ts
 * ownState): whether it is final and why it is still open. The head office holds its own fold of
 * the journal against it, and raises an alarm when the two differ.
 */
export const DeskAnswer = z.object({ final: z.boolean(), open: z.enum(OPEN_REASONS).nullable() });
export type DeskAnswer = z.infer<typeof DeskAnswer>;

/** One currency of a count against the expected cash, as the desk checked it. */
export const CountLine = z.object({
  currency,
  expected: money,
  counted: money,
  variance: money,
  threshold: money,
  overThreshold: z.boolean(),
});
export type CountLine = z.infer<typeof CountLine>;

/** One Z report's line for one currency, laid out as the desk prints it. */
export const ZCurrencyLine = z.object({
  currency,
  float: money,
  received: money,
  handedOver: money,
  returned: money,
  /** The net of the supervisors' reversals (signed); entries before it was carried had none. */
  reversed: money.optional(),
  movementsIn: money,
  movementsOut: money,
  expected: money,
  counted: money,
  variance: money,
});
export type ZCurrencyLine = z.infer<typeof ZCurrencyLine>;

/** An operation whose cash is still open at the Z, with the reason the desk gave. */
export const OpenCashLine = z.object({
  operationNumber: opNumber,
  type: z.enum(['payin', 'payout']),
  amount: positive,
  currency,
  reason: text.min(1).max(64),
});
export type OpenCashLine = z.infer<typeof OpenCashLine>;

/** A supervisor's reversal in the Z report's shift: the cash back the other way in the drawer. */
export const ReversalLine = z.object({
  operationNumber: opNumber,
  amount: positive,
  currency,
  /** Into the drawer (1) or out of it (-1). */
  direction: z.union([z.literal(1), z.literal(-1)]),
  supervisor: name,
  at: utc,
  reason: text.max(500),
});
export type ReversalLine = z.infer<typeof ReversalLine>;

/** Each count of the close, the first one first, with its variance. */
export const CloseCount = z.object({ at: utc, operator: name, lines: z.array(CountLine) });
export type CloseCount = z.infer<typeof CloseCount>;

/** What a reconciliation found disagreeing between the gateway and the desk's custody records. */
export const FindingLine = z.object({
  kind: z.enum(FINDING_KINDS),
  operationNumber: opNumber,
  type: z.enum(['payin', 'payout']),
  amount: positive,
  currency,
});
export type FindingLine = z.infer<typeof FindingLine>;

/** A count of the drawer at the close (each recount too), against the expected cash. */
export const CountBody = z.object({
  shiftId,
  operator: name,
  counted: z.array(CurrencyAmount),
  expected: z.array(CurrencyAmount),
  /** The variance per currency as the desk checked it (entries before it was carried had none). */
  variance: z.array(CountLine).optional(),
});

/** The Z report as the desk produced it: its lines, open cash, reversals, counts and approval. */
export const ZReportBody = z.object({
  shiftId,
  number: z.number().int().positive(),
  operator: name,
  openedAt: utc,
  closedAt: utc,
  currencies: z.array(ZCurrencyLine),
  openCash: z.array(OpenCashLine),
  /** What the desk knew of its upload when it printed the Z: entries waiting and when HQ last answered. */
  headOffice: z.object({ waiting: z.number().int().nonnegative(), lastReachedAt: utc.nullable() }).optional(),
  /** The supervisors' reversals in the shift, which the lines' `reversed` sums. */
  reversals: z.array(ReversalLine).optional(),
  /** Every count of the close, the first one first: a recount never replaces one. */
  counts: z.array(CloseCount).optional(),
  /** The supervisor approved the close (a variance over the threshold), with the note given. */
  supervisorApproved: z.boolean().optional(),
  note: text.max(500).nullable().optional(),
});

export const ReconciliationBody = z.object({
  shiftId,
  at: utc,
  complete: z.boolean(),
  checked: z.number().int().nonnegative(),
  unanswered: z.number().int().nonnegative(),
  findings: z.array(FindingLine),
});

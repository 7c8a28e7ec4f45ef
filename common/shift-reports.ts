// The drawer and the shift's reports as they cross the bridge: cash movements, the drawer's lines
// per currency, counts against expected, handovers, each operator's part, and the X and Z reports
// with the Z's reconciliation at the gateway.
import { z } from 'zod';
import { AuditEntry, ChainHead, CountedCurrency, ShiftSummary } from './agent-day.ts';
import { CASH_MOVEMENT_KINDS, FINDING_KINDS } from './enums.ts';
import { DECIMAL_PATTERN } from './money.ts';
import { RECEIPT_WORDINGS } from './receipt-status.ts';
import { CustodyRecord, HistoryRow, isoTime, OpenOperation, operationType } from './values.ts';

/** A computed sum: an expected cash or a variance may be negative. */
const decimal = z.string().regex(DECIMAL_PATTERN);

export const CashMovement = z.object({
  id: z.number().int(),
  at: isoTime,
  kind: z.enum(CASH_MOVEMENT_KINDS),
  currency: z.string(),
  amount: z.string(),
  reason: z.string(),
  operator: z.string(),
  /** The supervisor's PIN approved it (a desk without a supervisor PIN, in training, has none). */
  approved: z.boolean(),
});
export type CashMovement = z.infer<typeof CashMovement>;

/**
 * The drawer in one currency: float + received − handed over − returned ± reversed + added − removed
 * = expected. `reversed` is the net of supervisors' reversals of custody records (signed).
 */
export const CashLine = z.object({
  currency: z.string(),
  float: decimal,
  received: decimal,
  handedOver: decimal,
  /** Cash given back to payers whose payins the gateway ended (reports before it read 0). */
  returned: decimal.default('0.00'),
  reversed: decimal.default('0.00'),
  added: decimal,
  removed: decimal,
  expected: decimal,
});
export type CashLine = z.infer<typeof CashLine>;

/** Operations the gateway holds, by type, method and currency; `captured` those it reads as final. */
export const TotalLine = z.object({
  type: operationType,
  methodId: z.string(),
  methodName: z.string(),
  currency: z.string(),
  count: z.number().int(),
  amount: decimal,
  capturedCount: z.number().int(),
  capturedAmount: decimal,
  /** What the reports call the line: cash in, cash out, or no cash at this desk (a non-cash method). */
  wording: z.enum(RECEIPT_WORDINGS),
});
export type TotalLine = z.infer<typeof TotalLine>;

/** Counted against expected, per currency; `overThreshold` needs the supervisor and a note. */
export const VarianceLine = z.object({
  currency: z.string(),
  expected: decimal,
  counted: decimal,
  variance: decimal,
  threshold: decimal,
  overThreshold: z.boolean(),
});
export type VarianceLine = z.infer<typeof VarianceLine>;

/** A count of the drawer against its expected cash, as kept: at the close (each recount too) or at a handover. */
export const DrawerCountRecord = z.object({
  id: z.number().int(),
  at: isoTime,
  /** Who counted: the operator holding the drawer. */
  operator: z.string(),
  counted: z.array(CountedCurrency),
  variance: z.array(VarianceLine),
  overThreshold: z.boolean(),
});
export type DrawerCountRecord = z.infer<typeof DrawerCountRecord>;

/** The drawer passed from one operator to the next inside the shift, on the outgoing operator's count. */
export const Handover = DrawerCountRecord.extend({
  /** The incoming operator, who confirmed the count with their PIN (`operator` counted and handed over). */
  to: z.string(),
  note: z.string().nullable(),
  supervisorApproved: z.boolean(),
});
export type Handover = z.infer<typeof Handover>;

/**
 * One operator's part of the shift, in the order they held its drawer: the operations they
 * started, the cash that moved in their hands per currency (custody and movements, no float), and
 * the counts at which they handed the drawer over.
 */
export const OperatorPart = z.object({
  operator: z.string(),
  from: isoTime,
  /** When they handed the drawer over, or the shift closed; null while they hold it. */
  until: isoTime.nullable(),
  operations: z.number().int(),
  cash: z.array(
    z.object({
      currency: z.string(),
      received: decimal,
      handedOver: decimal,
      returned: decimal,
      added: decimal,
      removed: decimal,
    }),
  ),
  handedOver: Handover.nullable(),
});
export type OperatorPart = z.infer<typeof OperatorPart>;

export const XReport = z.object({
  shift: ShiftSummary,
  producedAt: isoTime,
  float: z.array(CountedCurrency),
  totals: z.array(TotalLine),
  cash: z.array(CashLine),
  movements: z.array(CashMovement),
  /**
   * Cash in question, from this shift or any earlier one, until it is settled: payouts captured and
   * not handed over, payins received and not captured, cash to give back, cash handed over for a
   * payout the gateway then ended.
   */
  openCash: z.array(OpenOperation),
  /** Still waiting for the gateway or the agent: not final, outcome unknown, cash to take, mismatch. */
  waiting: z.array(OpenOperation),
  /** Operations started in this shift (attempts included). */
  operations: z.number().int(),
  /** Custody records a supervisor reversed in this shift, with their reasons. */
  reversals: z.array(z.object({ record: CustodyRecord, operationNumber: z.string() })).default([]),
  /** The audit trail since the last Z report, oldest first (reports before it had none). */
  audit: z.array(AuditEntry).default([]),
  /** The drawer passed between operators in this shift (reports before it had none). */
  handovers: z.array(Handover).default([]),
  /** Each operator's part, in the order they held the drawer (reports before it had none). */
  parts: z.array(OperatorPart).default([]),
});
export type XReport = z.infer<typeof XReport>;

export const Finding = z.object({ kind: z.enum(FINDING_KINDS), operation: HistoryRow });
export type Finding = z.infer<typeof Finding>;

export const Reconciliation = z.object({
  at: isoTime,
  /** Every operation needing a check got an answer from its gateway. */
  complete: z.boolean(),
  checked: z.number().int(),
  unanswered: z.number().int(),
  findings: z.array(Finding),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const ZReport = XReport.extend({
  number: z.number().int().positive(),
  counted: z.array(CountedCurrency),
  variance: z.array(VarianceLine),
  note: z.string().nullable(),
  supervisorApproved: z.boolean(),
  /** Every count at the close, the first one first: a recount never replaces one (older reports had none). */
  counts: z.array(DrawerCountRecord).default([]),
  /** The one made before the report, then each later one appended (the report itself never changes). */
  reconciliations: z.array(Reconciliation).min(1),
  /** The hash chain's head when the report was produced (printed short and in the QR code). */
  chainHead: ChainHead,
});
export type ZReport = z.infer<typeof ZReport>;

// The values that cross the bridge, each declared once with zod: main parses every request and
// reply with these, and the renderer and preload take their types from them.
import { z } from 'zod';
import {
  ATTENTION_REASONS,
  CASH_NOTES,
  CUSTODY_ACTIONS,
  CUSTODY_REFUSALS,
  FINDING_KINDS,
  MODES,
  OPEN_REASONS,
} from './enums.ts';
import { ERROR_KINDS } from './error-kinds.ts';
import { isoTime, localId, operationType, shopId } from './fields.ts';
import { ReceiptAnswer, StatusAnswer } from './receipt-status.ts';
import { refusalFields } from './refusal.ts';

export * from './fields.ts';
export * from './printing.ts';
export * from './urls.ts';

/**
 * What the agent may do with cash right now. Derived in main (main/operations/meaning.ts), shown on
 * every operation screen: take it, hand it over, give it back to the payer, hold it, or nothing.
 */
export const CashAdvice = z.enum(['hold', 'accept', 'hand_over', 'return', 'none']);
export type CashAdvice = z.infer<typeof CashAdvice>;

/** Where an operation is in this terminal's own flow, beside the gateway's raw status. */
export const Phase = z.enum([
  'opening', // session intent written, POST /sessions not yet answered
  'session_open', // session held; waiting for payer requisites
  'session_failed', // the gateway refused or could not be reached; nothing exists there
  'creating', // POST /operations sent, not yet answered
  'outcome_unknown', // the POST may have been committed; resolving by lookup
  'created', // the gateway holds the operation; `status` is its status
  'not_created', // resolved: the gateway never created it
  'abandoned', // the agent left before creating
  'expired', // the session expired before an operation was created
]);
export type Phase = z.infer<typeof Phase>;

/** The requisite shapes, as the gateway sends them (main/gateway/schemas.ts parses with these too). */
export const Requisite = z.object({ name: z.string(), value: z.string() });
export type Requisite = z.infer<typeof Requisite>;
/** What a session asks of the payer: a name the create's answer must use, so never empty. */
export const RequisiteDescriptor = z.object({ name: z.string().min(1), title: z.string(), type: z.string() });
export type RequisiteDescriptor = z.infer<typeof RequisiteDescriptor>;
export const PayerDetail = z.object({
  name: z.string(),
  title: z.string(),
  type: z.string(),
  value: z.string(),
});
export type PayerDetail = z.infer<typeof PayerDetail>;

export const PaymentMethod = z.object({
  id: z.string(),
  name: z.string(),
  instrumentType: z.string(),
  country: z.string(),
  currency: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A field where the gateway holds something other than what was entered. */
export const MismatchItem = z.object({
  field: z.enum(['type', 'shopId', 'operationNumber', 'amount', 'currency', 'payerId']),
  entered: z.string(),
  gateway: z.string(),
});
export type MismatchItem = z.infer<typeof MismatchItem>;

export const CustodyKind = z.enum(['received', 'handed_over']);
export type CustodyKind = z.infer<typeof CustodyKind>;

/** The cash that physically moved for an operation, recorded once by the agent (and not reversed). */
export const Custody = z.object({
  kind: CustodyKind,
  amount: z.string(),
  currency: z.string(),
  at: isoTime,
  terminalId: z.string(),
  operator: z.string().nullable(),
});
export type Custody = z.infer<typeof Custody>;

/**
 * One custody record, append-only: cash received, handed over, or given back (returned); or a
 * supervisor's reversal of one recorded by mistake, with its reason.
 */
export const CustodyRecordKind = z.enum(['received', 'handed_over', 'returned', 'reversal']);
export type CustodyRecordKind = z.infer<typeof CustodyRecordKind>;
export const CustodyRecord = z.object({
  id: z.number().int(),
  localId,
  kind: CustodyRecordKind,
  reverses: z.number().int().nullable(),
  amount: z.string(),
  currency: z.string(),
  /** Into the drawer (1) or out of it (-1). */
  direction: z.union([z.literal(1), z.literal(-1)]),
  shiftId: z.number().int().nullable(),
  terminalId: z.string(),
  operator: z.string().nullable(),
  at: isoTime,
  reason: z.string().nullable(),
});
export type CustodyRecord = z.infer<typeof CustodyRecord>;

/** Cash received for a payin that the gateway ended, given back to the payer: recorded once. */
export const CashReturn = z.object({ at: isoTime, operator: z.string() });
export type CashReturn = z.infer<typeof CashReturn>;

export const OpenReason = z.enum(OPEN_REASONS);
export type OpenReason = z.infer<typeof OpenReason>;

/**
 * What the operation means at this desk now: the one answer main gives (main/operations/meaning.ts)
 * from the record and the desk (its mode, the open shift). Every screen, report and receipt shows
 * this and decides nothing about cash itself.
 */
export const Meaning = z.object({
  /** Why this desk's operation still needs someone; null once settled, or for another desk's. */
  open: OpenReason.nullable(),
  /** What the X and Z reports list it under, for the supervisor. */
  finding: z.enum(FINDING_KINDS).nullable(),
  /** The agent is to be told at once, wherever they are. */
  alert: z.boolean(),
  /** A status the desk does not know and that is not final: no cash moves on it. */
  stuck: z.boolean(),
  /** Why no cash moves now (null while the advice itself says it all). */
  note: z.enum(CASH_NOTES).nullable(),
  /** The custody the advice asks for and this desk may record now; else why it is refused. */
  custody: z.object({
    action: z.enum(CUSTODY_ACTIONS).nullable(),
    refused: z.enum(CUSTODY_REFUSALS).nullable(),
  }),
  /** Whose money: a training operation is TRAINING – NO REAL MONEY wherever it appears. */
  money: z.enum(MODES),
  /** Its money is not the desk's mode now (training seen in Live, or Live seen in training). */
  otherMode: z.boolean(),
  /** Never created: "Start again with the same details" issues a new operation number. */
  startAgain: z.boolean(),
  /** A supervisor may reverse its custody record (made by mistake), with a reason. */
  reversible: z.boolean(),
  /**
   * On a desk enrolled at a head office: its supervisor may release this captured payout
   * to the branch; or this desk may claim another desk's payout there, to hand it over here; claimed:
   * this desk won that claim, so its cash is handed over here (absent in
   * views made before it: neither).
   */
  branch: z.object({ release: z.boolean(), claim: z.boolean(), claimed: z.boolean() }).optional(),
  /** Which receipt may print now, and what it calls the operation (common/receipt-status.ts). */
  receipt: ReceiptAnswer,
  /** The status word every screen, receipt, report and CSV row shows, final or not. */
  status: StatusAnswer,
  /**
   * The payer's session: until when it may be used to create the operation (a skew margin before
   * the gateway's expiry; null without one), and whether it may now (absent in views made before it).
   */
  session: z.object({ usable: z.boolean(), until: isoTime.nullable() }).optional(),
  /** In training, the agent may play the payer's confirmation of it now (absent in older views: not). */
  confirmTraining: z.boolean().optional(),
});
export type Meaning = z.infer<typeof Meaning>;

export const OperationView = z.object({
  localId,
  operationNumber: z.string(),
  shopId,
  type: operationType,
  terminalId: z.string(),
  training: z.boolean(),
  methodId: z.string(),
  methodName: z.string(),
  instrumentType: z.string(),
  payerId: z.string(),
  amount: z.string(),
  currency: z.string(),
  phase: Phase,
  /** The gateway's status, raw: `created`, `captured`, or anything else it sends. */
  status: z.string().nullable(),
  /** True only for statuses known to be final; unknown statuses keep being looked up. */
  final: z.boolean(),
  cash: CashAdvice,
  session: z
    .object({
      id: z.string(),
      expiredAt: isoTime,
      payerRequisites: z.array(RequisiteDescriptor),
      paymentMethodRequisites: z.array(Requisite),
    })
    .nullable(),
  gatewayId: z.string().nullable(),
  settlementAmount: z.string().nullable(),
  settlementCurrency: z.string().nullable(),
  registeredAt: z.string().nullable(),
  gatewayUpdatedAt: z.string().nullable(),
  isCorrection: z.boolean(),
  parent: z.unknown().nullable(),
  payerDetails: z.array(PayerDetail),
  paymentMethodRequisites: z.array(Requisite),
  lastError: z.object({ kind: z.string(), message: z.string() }).nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  lastCheckedAt: isoTime.nullable(),
  printCount: z.number().int(),
  /** The live gateway the operation was sent to; null for the training gateway. */
  gatewayUrl: z.string().nullable(),
  /** Non-empty while the gateway holds other figures than those entered: cash is held. */
  mismatch: z.array(MismatchItem).nullable(),
  custody: Custody.nullable(),
  /** For a payin whose cash was received and then given back to the payer. */
  returned: CashReturn.nullable(),
  meaning: Meaning,
  /** Run at this desk; false for another terminal's operation found by lookup. */
  ownDesk: z.boolean(),
  /** The operator whose shift it was started in, and that shift; null for older or looked-up ones. */
  operator: z.string().nullable(),
  shiftId: z.number().int().nullable(),
});
export type OperationView = z.infer<typeof OperationView>;

export const OperationEvent = z.object({
  at: isoTime,
  kind: z.string(),
  phase: z.string().nullable(),
  status: z.string().nullable(),
  detail: z.string().nullable(),
});
export type OperationEvent = z.infer<typeof OperationEvent>;

export const HistoryRow = OperationView.pick({
  localId: true,
  operationNumber: true,
  shopId: true,
  type: true,
  training: true,
  payerId: true,
  amount: true,
  currency: true,
  phase: true,
  status: true,
  cash: true,
  createdAt: true,
  custody: true,
  mismatch: true,
  operator: true,
  meaning: true,
}).extend({
  /** A payin's cash given back (absent in rows made before it: none). */
  returned: CashReturn.nullable().optional(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

/** Why an operation sits in this desk's tray on Home (common/enums.ts OPEN_REASONS). */
export const OpenOperation = z.object({ reason: OpenReason, operation: HistoryRow });
export type OpenOperation = z.infer<typeof OpenOperation>;

/** Pushed when an operation turns into something the agent must act on, wherever they are. */
export const Attention = z.object({ reason: z.enum(ATTENTION_REASONS), operation: OperationView });
export type Attention = z.infer<typeof Attention>;

export const LookupResult = z.discriminatedUnion('state', [
  z.object({ state: z.literal('found'), operation: OperationView }),
  z.object({ state: z.literal('not_found'), shopId, operationNumber: z.string() }),
  z.object({ state: z.literal('queued'), shopId, operationNumber: z.string() }),
]);
export type LookupResult = z.infer<typeof LookupResult>;

export const AppError = z.object({
  kind: z.enum(ERROR_KINDS),
  /** The reason as a key of the refusal catalogue and its values: the screen says it in the agent's language. */
  key: refusalFields.key,
  values: refusalFields.values,
  /** The same reason in English, for the log and support; the screen never shows it. */
  message: z.string(),
  /** Whether cash may change hands now. `hold` means do not give or take any cash. */
  cash: CashAdvice,
  /** For `validation`: the field at fault. */
  field: z.string().optional(),
  /** The operation the error concerns, when there is one, so the screen can follow it. */
  localId: localId.optional(),
  /** For a PIN refused after too many wrong ones: the next try is checked only from then on. */
  retryAt: isoTime.optional(),
});
export type AppError = z.infer<typeof AppError>;
export type ErrorKind = AppError['kind'];

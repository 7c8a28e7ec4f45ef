// The desk journal's one contract, shared by the desk (which writes and uploads it) and the head
// office (which stores and projects it). An entry is a money fact the desk recorded, once; a
// correction is a new entry. Each desk is the only writer of its stream: entries are keyed by
// (terminalId, seq), seq is gap-free from 1, and each entry's hash covers the previous one's.
//
// Hashing needs a digest, and common/ runs where node:crypto does not; so this module gives the
// canonical text, and common-node/journal-hash.ts (node:crypto, for main/ and hq/ alike) hashes it:
//   hash = hex SHA-256 of canonicalEntry(entry without hash), prevHash of seq 1 = GENESIS_HASH.
//
// Training money never meets Live cash: a desk journals its Live facts only.
import { z } from 'zod';
import {
  CountBody,
  CurrencyAmount,
  currency,
  DeskAnswer,
  money,
  name,
  opNumber,
  positive,
  ReconciliationBody,
  shiftId,
  utc,
  ZReportBody,
} from './journal-lines.ts';
import { refusalFields } from './refusal.ts';
import { text } from './text.ts';

export { canonicalEntry, canonicalJson, canonicalParts } from './journal-canonical.ts';
export * from './journal-lines.ts';

export const GENESIS_HASH = '0'.repeat(64);

export const terminalId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_\-.:]+$/, 'letters, digits and - _ . : only');
export const hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');

/** Each kind's body. Adding a kind is adding a line here; the head office ignores no kind silently. */
export const ENTRY_BODIES = {
  /** The desk created an operation at the gateway (written ahead); outcomeUnknown when the answer was lost. */
  operation_created: z.object({
    operationNumber: opNumber,
    type: z.enum(['payin', 'payout']),
    amount: positive,
    currency,
    instrument: text.min(1).max(64),
    shopId: z.number().int().positive().optional(),
    outcomeUnknown: z.boolean(),
    /** The desk's answer for it then (entries before it was carried had none). */
    answer: DeskAnswer.optional(),
  }),
  /**
   * What the gateway holds changed (or a lookup found it): its status, whether its figures differ
   * from those entered (mismatch) and whether it marks it a correction; it resolves an unknown
   * outcome. Entries before mismatch, correction and the answer were carried had none.
   */
  operation_status: z.object({
    operationNumber: opNumber,
    status: text.min(1).max(64),
    mismatch: z.boolean().optional(),
    correction: z.boolean().optional(),
    answer: DeskAnswer.optional(),
  }),
  /**
   * A create whose answer was lost, resolved: the gateway never created it, or holds it after all
   * (then its status follows in an operation_status entry, with the answer).
   */
  operation_resolved: z.object({
    operationNumber: opNumber,
    outcome: z.enum(['not_created', 'created']),
    answer: DeskAnswer.optional(),
  }),
  /** The desk's answer after a change of the operation's cash (custody, a return, a reversal). */
  operation_answer: z.object({ operationNumber: opNumber, answer: DeskAnswer }),
  /** Cash that physically moved for an operation: received (payin) or handed over (payout). */
  custody: z.object({
    operationNumber: opNumber,
    action: z.enum(['received', 'handed_over']),
    amount: positive,
    currency,
    operator: name,
  }),
  /** A supervisor's reversal of one custody record. */
  custody_reversed: z.object({
    operationNumber: opNumber,
    /** What the reversed record said moved: cash received, handed over, or given back to the payer. */
    action: z.enum(['received', 'handed_over', 'returned']),
    amount: positive,
    currency,
    supervisor: name,
    reason: text.min(1).max(500),
  }),
  /** A payin's cash given back to the payer (the gateway ended it without capturing). */
  cash_returned: z.object({ operationNumber: opNumber, amount: positive, currency, operator: name }),
  shift_opened: z.object({ shiftId, operator: name, float: z.array(CurrencyAmount) }),
  shift_closed: z.object({ shiftId, operator: name }),
  count: CountBody,
  cash_movement: z.object({
    shiftId,
    direction: z.enum(['in', 'out']),
    amount: positive,
    currency,
    reason: text.min(1).max(500),
    operator: name,
  }),
  z_report: ZReportBody,
  /** A reconciliation of a closed shift at its gateways: at the close, and each later one. */
  reconciliation: ReconciliationBody,
  handover: z.object({
    shiftId,
    fromOperator: name,
    toOperator: name,
    counted: z.array(CurrencyAmount),
  }),
  /** An audit-trail row: supervisor resets, gateway and token changes, approvals. */
  audit: z.object({
    action: text.min(1).max(64),
    actor: text.min(1).max(120),
    detail: z.record(text, text.max(500)),
  }),
  /** The desk's supervisor released a captured payout it has not handed over: any desk of the branch may now claim it. */
  payout_released: z.object({
    operationNumber: opNumber,
    amount: positive,
    currency,
    supervisor: name,
  }),
  /** This desk won a claim at the head office on another desk's released payout (then records custody as usual). */
  payout_claimed: z.object({
    operationNumber: opNumber,
    originTerminalId: terminalId,
    amount: positive,
    currency,
    operator: name,
  }),
} as const;

export type EntryKind = keyof typeof ENTRY_BODIES;
export const ENTRY_KINDS = Object.keys(ENTRY_BODIES) as EntryKind[];
export type EntryBody<K extends EntryKind> = z.infer<(typeof ENTRY_BODIES)[K]>;

const envelope = {
  terminalId,
  seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  at: utc,
  prevHash: hex64,
};

const entryOf = <K extends EntryKind>(kind: K) =>
  z.object({ ...envelope, kind: z.literal(kind), body: ENTRY_BODIES[kind], hash: hex64 });

/** One entry of each kind, discriminated on `kind`, with its hash. */
export const JournalEntry = z.discriminatedUnion('kind', [
  entryOf('operation_created'),
  entryOf('operation_status'),
  entryOf('operation_resolved'),
  entryOf('operation_answer'),
  entryOf('custody'),
  entryOf('custody_reversed'),
  entryOf('cash_returned'),
  entryOf('shift_opened'),
  entryOf('shift_closed'),
  entryOf('count'),
  entryOf('cash_movement'),
  entryOf('z_report'),
  entryOf('reconciliation'),
  entryOf('handover'),
  entryOf('audit'),
  entryOf('payout_released'),
  entryOf('payout_claimed'),
]);
export type JournalEntry = z.infer<typeof JournalEntry>;
type Unhashed<E> = E extends unknown ? Omit<E, 'hash'> : never;
/** An entry before its hash is taken. */
export type UnhashedEntry = Unhashed<JournalEntry>;

// ── Upload ─────────────────────────────────────────────────────────────────

/** At most this many entries a request; a desk catching up after days sends several batches in order. */
export const MAX_BATCH = 1000;

/**
 * POST /api/desk/journal: entries in ascending seq, contiguous, of the token's terminal, and the
 * desk's Ed25519 signature (base64url) over the last entry's hash (common-node/batch-signature.ts).
 * HQ refuses a batch without a good one from a desk that registered a key at enrolment.
 */
export const UploadRequest = z.object({
  entries: z.array(JournalEntry).min(1).max(MAX_BATCH),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86}$/, 'an Ed25519 signature in base64url')
    .optional(),
});
export type UploadRequest = z.infer<typeof UploadRequest>;

/**
 * What HQ's replies say of the desk's journal: how long the desk keeps an entry after HQ has
 * acknowledged it (HQ restored from an older backup asks for it again). Absent from an older HQ:
 * the desk then keeps its default.
 */
export const retentionDays = z.number().int().positive().max(36_500);
export const DEFAULT_RETENTION_DAYS = 90;

/** 200: every entry is stored (new or the same as stored). highWater: the last seq HQ holds, 0 for none. */
export const UploadResponse = z.object({
  highWater: z.number().int().nonnegative(),
  retentionDays: retentionDays.optional(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/**
 * 409: the batch was refused from the first bad entry on; entries before it are stored, so the
 * desk resumes from highWater + 1. gap: an entry does not follow highWater; chain: prevHash or hash
 * do not hold; conflict: a seq HQ holds with another hash (an alarm at HQ, never an overwrite).
 */
export const UploadRefusal = z.object({
  error: z.enum(['gap', 'chain', 'conflict']),
  message: text,
  highWater: z.number().int().nonnegative(),
  seq: z.number().int().positive().optional(),
});
export type UploadRefusal = z.infer<typeof UploadRefusal>;

// ── Release and claim ──────────────────────────────────────────────────────

/** GET /api/desk/payouts/:operationNumber, for any desk of the payout's branch. */
export const PayoutState = z.object({
  operationNumber: opNumber,
  originTerminalId: terminalId,
  amount: money,
  currency,
  status: text.nullable(),
  /** Released by a payout_released entry, or listed as open cash in a Z report HQ holds. */
  released: z.boolean(),
  releasedBy: z.enum(['supervisor', 'z_report']).nullable(),
  handedOver: z.boolean(),
  claim: z.object({ terminalId, at: utc, operator: text }).nullable(),
});
export type PayoutState = z.infer<typeof PayoutState>;

/** POST /api/desk/payouts/:operationNumber/claim */
export const ClaimRequest = z.object({ operator: name });
export type ClaimRequest = z.infer<typeof ClaimRequest>;
/** 200: this desk won; record payout_claimed, then custody handed_over as usual. */
export const ClaimResponse = z.object({ claimed: z.literal(true), payout: PayoutState });
export type ClaimResponse = z.infer<typeof ClaimResponse>;

/**
 * Every refusal of a desk request: a kind to act on, and its reason as a key of the refusal
 * catalogue (the desk says it in the agent's language) with the same in English.
 */
export const DeskRefusal = z.object({
  error: z.enum([
    'not_found',
    'other_branch',
    'not_released',
    'already_claimed',
    'own_payout',
    'handed_over',
    'not_captured',
    'token_rejected',
    'invalid',
    // An upload from a desk with a registered key: unsigned, or not signed by that key.
    'signature_missing',
    'signature_invalid',
  ]),
  message: text,
  refusal: z.object(refusalFields).optional(),
});
export type DeskRefusal = z.infer<typeof DeskRefusal>;

// ── Supervisor reset codes ─────────────────────────────────────────────────

/** What HQ signs: one terminal, one nonce, until expiresAt. */
export const ResetCodePayload = z.object({
  terminalId,
  nonce: z.string().regex(/^[0-9a-f]{16}$/),
  expiresAt: utc,
});
export type ResetCodePayload = z.infer<typeof ResetCodePayload>;

// What the head-office dashboard reads: the network, a branch, a desk, and the lists across the
// network (or a supervisor's branch). The server builds each reply as these types and the
// dashboard parses it with these schemas; no SQL column name is part of the API.
import { z } from 'zod';
import { OPEN_REASONS } from '../enums.ts';
import { CurrencyAmount, currency, ENTRY_BODIES, money, terminalId } from '../journal-entry.ts';
import { text } from '../text.ts';

const at = z.iso.datetime();
/** A bigint the server counts in (a journal seq, an id): decimal text, as JSON numbers stop at 2^53. */
export const bigintText = z.string().regex(/^\d+$/);
const count = z.number().int().nonnegative();
const operationType = z.enum(['payin', 'payout']);
const releasedBy = z.enum(['supervisor', 'z_report']).nullable();

/** A positive integer id in a path or a form: `/api/branches/12`. */
export const IdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'a number like 12')
  .transform(Number);

export const BranchSummary = z.object({
  id: z.number().int().positive(),
  name: text,
  desks: count,
  openShifts: count,
  alarms: count,
  oldestLastEntryAt: at.nullable(),
  openCash: count,
  unknownOps: count,
  expected: z.array(CurrencyAmount),
});
export type BranchSummary = z.infer<typeof BranchSummary>;

/** GET /api/network: each branch the reader may see, by name. */
export const NetworkReply = z.object({ branches: z.array(BranchSummary) });
export type NetworkReply = z.infer<typeof NetworkReply>;

export const DeskSummary = z.object({
  terminalId,
  branchId: z.number().int().positive(),
  branchName: text,
  shiftId: text.nullable(),
  operator: text.nullable(),
  shiftOpenedAt: at.nullable(),
  highWater: bigintText,
  lastEntryAt: at.nullable(),
  lastReceivedAt: at.nullable(),
  lastZAt: at.nullable(),
  lastZNumber: z.number().int().positive().nullable(),
  lastZVariance: z.array(z.object({ currency, variance: money })).nullable(),
  alarms: count,
  revoked: z.boolean(),
  expected: z.array(CurrencyAmount),
  openCash: count,
  unknownOps: count,
});
export type DeskSummary = z.infer<typeof DeskSummary>;

export const BranchParams = z.object({ id: IdText });
/** GET /api/branches/:id */
export const BranchReply = z.object({
  branch: z.object({ id: z.number().int().positive(), name: text }),
  desks: z.array(DeskSummary),
});
export type BranchReply = z.infer<typeof BranchReply>;

/** A Z report as the desk journalled it, with where it was closed. */
export const ZReport = z.object({
  terminalId,
  seq: bigintText,
  number: z.number().int().positive(),
  closedAt: at,
  branchName: text,
  body: ENTRY_BODIES.z_report,
});
export type ZReport = z.infer<typeof ZReport>;

/** An operation of the desk whose cash is open or whose outcome is unknown. */
export const OpenOperation = z.object({
  operationNumber: text,
  type: operationType,
  amount: money,
  currency,
  status: text.nullable(),
  releasedBy,
  createdAt: at,
});
export type OpenOperation = z.infer<typeof OpenOperation>;

export const DeskParams = z.object({ terminalId });
/**
 * GET /api/desks/:terminalId: the desk, its open operations and its last ten Z reports; and what
 * HQ's fold of its journal says in the terms of the desk's X report: expected cash per currency,
 * the open-cash operations with the reason the cash rules give, the unknown outcomes.
 */
export const DeskReply = z.object({
  desk: DeskSummary,
  open: z.array(OpenOperation),
  zReports: z.array(ZReport),
  expectedCash: z.array(CurrencyAmount),
  openCash: z.array(z.object({ operationNumber: text, reason: z.enum(OPEN_REASONS) })),
  unknownOutcome: z.array(z.object({ operationNumber: text })),
});
export type DeskReply = z.infer<typeof DeskReply>;

/** GET /api/z-reports: the latest hundred. */
export const ZReportsReply = z.object({ zReports: z.array(ZReport) });
export type ZReportsReply = z.infer<typeof ZReportsReply>;

export const VariancesQuery = z.object({
  threshold: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'an amount like 100.00')
    .default('0'),
});
export const Variance = z.object({
  terminalId,
  seq: bigintText,
  currency,
  variance: money,
  closedAt: at,
  branchName: text,
  /** Which count of the close (1, 2 …); 0 for a Z line of a journal that carried no counts. */
  count: count,
  expected: money.nullable(),
  counted: money.nullable(),
  overThreshold: z.boolean().nullable(),
  /** The supervisor approved the close, with `note`. */
  approved: z.boolean().nullable(),
  note: text.nullable(),
});
export type Variance = z.infer<typeof Variance>;
/** GET /api/variances?threshold=100.00: every count's lines whose variance is larger, largest first. */
export const VariancesReply = z.object({ variances: z.array(Variance) });
export type VariancesReply = z.infer<typeof VariancesReply>;

export const DeskAuditEvent = z.object({
  terminalId,
  seq: bigintText,
  at,
  action: text,
  actor: text,
  detail: z.record(text, text),
  branchName: text,
});
export type DeskAuditEvent = z.infer<typeof DeskAuditEvent>;
/** GET /api/desk-audit: the desks' audit-trail rows, latest first. */
export const DeskAuditReply = z.object({ events: z.array(DeskAuditEvent) });
export type DeskAuditReply = z.infer<typeof DeskAuditReply>;

export const Alarm = z.object({
  id: bigintText,
  terminalId,
  seq: bigintText,
  kind: z.enum([
    'conflict',
    'chain',
    'double_handover',
    'disagreement',
    'finding',
    'signature',
    'lost_entries',
  ]),
  storedHash: text.nullable(),
  receivedHash: text,
  at,
  /** The operation a double handover, a disagreement or a finding names. */
  operationNumber: text.nullable(),
  /** A disagreement's two answers (HQ's and the desk's), a finding's kind, a lost range (epoch, from, to). */
  detail: z.record(text, z.unknown()).nullable(),
  /** Resolved by an admin, with their note; null while open. */
  resolved: z.object({ at, by: text.nullable(), note: text }).nullable(),
});
export type Alarm = z.infer<typeof Alarm>;
/** GET /api/alarms: hash-chain conflicts, double handovers, disagreements, findings, badly signed batches and lost entries, latest first. */
export const AlarmsReply = z.object({ alarms: z.array(Alarm) });
export type AlarmsReply = z.infer<typeof AlarmsReply>;

export const SearchQuery = z.object({ operationNumber: text.trim().max(64).default('') });
export const FoundOperation = z.object({
  operationNumber: text,
  terminalId,
  branchName: text,
  type: operationType,
  amount: money,
  currency,
  status: text.nullable(),
  outcomeUnknown: z.boolean(),
  received: z.boolean(),
  handedOver: z.boolean(),
  handedOverBy: text.nullable(),
  returned: z.boolean(),
  releasedBy,
  openCash: z.boolean(),
  claimedBy: terminalId.nullable(),
  createdAt: at,
});
export type FoundOperation = z.infer<typeof FoundOperation>;
/** GET /api/search?operationNumber=…: the operation with this number, if the reader may see it. */
export const SearchReply = z.object({ operations: z.array(FoundOperation) });
export type SearchReply = z.infer<typeof SearchReply>;

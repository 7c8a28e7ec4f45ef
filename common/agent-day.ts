// The agent's day as it crosses the bridge: operators, the desk's lock, the supervisor, shifts and
// the drawer's count (the drawer's lines and the X and Z reports are in shift-reports.ts). A PIN
// only ever travels towards main, inside a request; no reply carries a PIN or its hash.
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { refusalFields } from './refusal.ts';
import { typedText } from './text.ts';
import { amount, isoTime } from './values.ts';

/** 4 to 8 digits. Kept as a string: a leading zero is part of the PIN. */
export const pin = z.string().regex(/^\d{4,8}$/, '4 to 8 digits');
export const currency = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code');
export const operatorId = z.number().int().positive();
export const shiftId = z.number().int().positive();
export const note = typedText.trim().min(1).max(LIMITS.note);

/** An absolute path (POSIX, a drive letter, or a UNC share) to a file with the given extension. */
export function absoluteFile(extension: string) {
  return z
    .string()
    .max(LIMITS.filePath)
    .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'an absolute path')
    .refine((path) => path.toLowerCase().endsWith(extension), `a ${extension} file`);
}
export const absoluteFolder = z
  .string()
  .max(LIMITS.filePath)
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'an absolute path');

/** One currency of a drawer count: by denomination (from common/denominations.ts) or as a total. */
export const CurrencyCount = z
  .object({
    currency,
    total: amount.optional(),
    denominations: z
      .array(z.object({ value: amount, count: z.number().int().min(0).max(1_000_000) }).strict())
      .min(1)
      .max(LIMITS.denominations)
      .optional(),
  })
  .strict()
  .refine((c) => (c.total === undefined) !== (c.denominations === undefined), 'a total or denominations');
export type CurrencyCount = z.infer<typeof CurrencyCount>;

export const DrawerCount = z
  .array(CurrencyCount)
  .max(LIMITS.drawerCurrencies)
  .refine((lines) => new Set(lines.map((l) => l.currency)).size === lines.length, 'each currency once');
export type DrawerCount = z.infer<typeof DrawerCount>;

/** A counted currency as stored and reported: its total, and the denominations when counted so. */
export const CountedCurrency = z.object({
  currency: z.string(),
  total: z.string(),
  denominations: z.array(z.object({ value: z.string(), count: z.number().int() })).nullable(),
});
export type CountedCurrency = z.infer<typeof CountedCurrency>;

export const Operator = z.object({
  id: operatorId,
  name: z.string(),
  createdAt: isoTime,
  /** Ten wrong PINs in a row: only a supervisor can let them sign in again. */
  lockedOut: z.boolean(),
  /** After three wrong PINs, the next one is checked only from this time on. */
  retryAt: isoTime.nullable(),
});
export type Operator = z.infer<typeof Operator>;
export const operatorName = typedText.trim().min(1).max(LIMITS.operatorName);

export const ShiftSummary = z.object({
  id: shiftId,
  terminalId: z.string(),
  training: z.boolean(),
  /** Null for a training shift that opened by itself. */
  operatorId: operatorId.nullable(),
  operator: z.string(),
  openedAt: isoTime,
  closedAt: isoTime.nullable(),
  /** The Z report's number, once closed; numbered per terminal (and apart for training). */
  zNumber: z.number().int().nullable(),
  /** Once closed: whether every operation was checked at its gateway (now or later). */
  reconciled: z.boolean().nullable(),
});
export type ShiftSummary = z.infer<typeof ShiftSummary>;

export const DeskSettings = z
  .object({
    /** The desk locks after this many minutes without activity. */
    lockAfterMinutes: z.number().int().min(1).max(240),
    /** Overrides of common/denominations.ts's thresholds, per currency. */
    varianceThresholds: z
      .array(z.object({ currency, amount }).strict())
      .max(LIMITS.drawerCurrencies)
      .refine((lines) => new Set(lines.map((l) => l.currency)).size === lines.length, 'each currency once'),
    /** Where backups go (a branch's network share, say); null: no backups. */
    backupFolder: absoluteFolder.nullable(),
    backupsKept: z.number().int().min(1).max(365),
  })
  .strict();
export type DeskSettings = z.infer<typeof DeskSettings>;

export const BackupState = z.object({
  lastAt: isoTime.nullable(),
  lastFile: z.string().nullable(),
  /** Why the last attempt failed; null once one succeeds. */
  lastError: z.string().nullable(),
});
export type BackupState = z.infer<typeof BackupState>;

/**
 * One row of the audit trail: who changed what at this desk (append-only). `detail` holds old → new
 * as `from` and `to` where a value changed; a token appears only as a short fingerprint.
 */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: isoTime,
  terminalId: z.string(),
  /** The signed-in operator, 'supervisor' for a supervised act, or null. */
  operator: z.string().nullable(),
  kind: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The head of the hash chain over the money tables: its length and its last hash (hex). */
export const ChainHead = z.object({ seq: z.number().int().min(0), hash: z.string() });
export type ChainHead = z.infer<typeof ChainHead>;

/**
 * The last check of the hash chain (at start and at each close). `findings` are the breaks found
 * since the last Z report, each in plain words; they stay until a Z report has printed them.
 */
export const Integrity = z.object({
  checkedAt: isoTime.nullable(),
  findings: z.array(z.object({ at: isoTime, message: z.string() })),
});
export type Integrity = z.infer<typeof Integrity>;

/** Who works at this desk now, and what is locked. Pushed as `desk.changed` whenever it changes. */
export const DeskState = z.object({
  /** The operator of the open shift; null when no one is signed in (or a training shift opened by itself). */
  operator: z.object({ id: operatorId, name: z.string() }).nullable(),
  /** The lock screen is up: only the operator's PIN (or the supervisor's) takes it down. */
  locked: z.boolean(),
  supervisor: z.object({
    pinSet: z.boolean(),
    /** Settings, operators and mode are open until then; null while closed. */
    unlockedUntil: isoTime.nullable(),
    /** The supervisor PIN entered last is shorter than 6 digits: it still works, but ask for a new one. */
    newPinNeeded: z.boolean(),
  }),
  pins: z.object({
    /**
     * The PINs were made on another machine (a backup restored without the keychain's PIN key):
     * none can be checked; the supervisor sets theirs again (no old one asked), then the operators'.
     */
    needReset: z.boolean(),
    /**
     * Whose PIN was changed outside CashDesk ("The supervisor", "Operator Aigerim"), as phrases of
     * the refusal catalogue the screen says in the agent's language: refused until set again.
     */
    tampered: z.array(z.object(refusalFields)),
  }),
  shift: ShiftSummary.nullable(),
  settings: DeskSettings,
  backup: BackupState,
  integrity: Integrity,
});
export type DeskState = z.infer<typeof DeskState>;

// The agent's day in the channel table: the desk's lock, operators, the supervisor, shifts and the
// drawer, exports and backups. Spread into `channels` (channels.ts), declared here once.
import { z } from 'zod';
import {
  AuditEntry,
  BackupState,
  currency,
  DeskState,
  DrawerCount,
  note,
  Operator,
  operatorId,
  operatorName,
  pin,
  ShiftSummary,
  shiftId,
} from './agent-day.ts';
import { channel, none, read } from './channel.ts';
import { CASH_MOVEMENT_KINDS } from './enums.ts';
import { PrintResult } from './printing.ts';
import {
  CashLine,
  CashMovement,
  DrawerCountRecord,
  Handover,
  VarianceLine,
  XReport,
  ZReport,
} from './shift-reports.ts';
import { amount, isoTime } from './values.ts';

export const deskChannels = {
  /**
   * History as CSV (RFC 4180, UTF-8 with a byte-order mark), one row per operation with its custody,
   * operator and origin (this desk, or found by lookup), for a date range or for one shift. Main asks
   * where with its own save dialog: the renderer names no path. `path` is null when it is cancelled.
   */
  'history.exportCsv': channel(
    z
      .object({
        from: isoTime.optional(),
        to: isoTime.optional(),
        shiftId: shiftId.optional(),
      })
      .strict()
      .refine((r) => (r.shiftId === undefined) !== (r.from === undefined || r.to === undefined), {
        message: 'a shift, or a date range from … to',
        path: ['shiftId'],
      }),
    z.object({ path: z.string().nullable(), rows: z.number().int() }),
  ),

  /** Who works here and what is locked; the lock screen and the shift bar read this. */
  'desk.state': read(none, DeskState),
  /** The lock screen on demand. An operation in progress goes on behind it. */
  'desk.lock': channel(none, DeskState),
  /** The shift's operator's PIN takes the lock screen down; or the supervisor's, `as: 'supervisor'`. */
  'desk.unlock': channel(
    z.object({ pin, as: z.enum(['operator', 'supervisor']).default('operator') }).strict(),
    DeskState,
  ),
  /** The agent is at the desk (keys, pointer) without calling anything: the idle lock starts over. */
  'desk.touch': channel(none, z.object({ locked: z.boolean() })),

  /** Everyone who may sign in; never a PIN or a hash. */
  'operators.list': read(none, z.object({ operators: z.array(Operator) })),
  'operators.add': channel(z.object({ name: operatorName, pin }).strict(), Operator),
  /** A new PIN for a forgotten one; it also lifts a lock-out. */
  'operators.setPin': channel(z.object({ operatorId, pin }).strict(), Operator),
  /** Lifts a lock-out after ten wrong PINs. */
  'operators.unlock': channel(z.object({ operatorId }).strict(), Operator),
  /** The operator may no longer sign in; their shifts and operations keep their name. */
  'operators.remove': channel(z.object({ operatorId }).strict(), z.object({ operators: z.array(Operator) })),

  /**
   * Sets the supervisor PIN (6–8 digits): the first time (before Live is turned on, or when the
   * PINs must be set again after a restore: DeskState.pins.needReset) anyone may; afterwards only
   * with the current one in `currentPin`, every time. Leaves the supervisor unlocked.
   */
  'supervisor.setPin': channel(z.object({ pin, currentPin: pin.optional() }).strict(), DeskState),
  /**
   * Opens settings, operators and mode for a few minutes, renewed by each supervised call that
   * succeeds, and for 15 minutes at most (DeskState.supervisor.unlockedUntil).
   */
  'supervisor.unlock': channel(z.object({ pin }).strict(), DeskState),
  'supervisor.lock': channel(none, DeskState),

  /** The open shift, if any, with the drawer's expected cash. */
  'shift.current': read(none, z.object({ shift: ShiftSummary.nullable(), cash: z.array(CashLine) })),
  /** The operator signs in with their PIN and counts the opening float. */
  'shift.open': channel(z.object({ operatorId, pin, float: DrawerCount }).strict(), DeskState),
  /** Training only: the agent starts a training shift by hand (no float, no PIN: no real money). */
  'shift.openTraining': channel(none, DeskState),
  /** Cash added to the drawer or taken to the safe: a reason and the supervisor's PIN. */
  'shift.cashMovement': channel(
    z
      .object({
        kind: z.enum(CASH_MOVEMENT_KINDS),
        currency,
        amount,
        reason: note,
        /** Who holds the safe and approves (the supervisor): named on the slip. */
        safeHolder: operatorName.optional(),
        supervisorPin: pin.optional(),
      })
      .strict(),
    z.object({
      movement: CashMovement,
      cash: z.array(CashLine),
      /** The movement's slip, printed at once for both to sign. */
      slip: PrintResult,
    }),
  ),
  /** The X report: at any time, and the shift stays open. */
  'shift.report': read(none, XReport),
  /** The count against the expected cash, before closing: which variances need the supervisor. */
  'shift.previewClose': read(
    z.object({ counted: DrawerCount }).strict(),
    z.object({
      variance: z.array(VarianceLine),
      needsApproval: z.boolean(),
      /** Every count of the close so far, this one last: a recount never replaces one. */
      counts: z.array(DrawerCountRecord),
    }),
  ),
  /**
   * Reconciles the shift's operations at their gateways, then closes it with its Z report. A variance
   * over the threshold needs `supervisorPin` and `note`.
   */
  'shift.close': channel(
    z.object({ counted: DrawerCount, note: note.optional(), supervisorPin: pin.optional() }).strict(),
    ZReport,
  ),
  /** Shifts, newest first. */
  'shift.list': read(
    z.object({ before: shiftId.optional(), limit: z.number().int().min(1).max(100).default(30) }).strict(),
    z.object({ shifts: z.array(ShiftSummary), next: shiftId.nullable() }),
  ),
  'shift.zReport': read(z.object({ shiftId }).strict(), ZReport),
  /** Checks a shift closed "not reconciled" again now; the result is appended to its Z report. */
  'shift.reconcile': channel(z.object({ shiftId }).strict(), ZReport),

  /** The outgoing operator's count against the expected cash, before the handover; nothing is kept. */
  'drawer.previewHandover': read(
    z.object({ counted: DrawerCount }).strict(),
    z.object({ variance: z.array(VarianceLine), needsApproval: z.boolean() }),
  ),
  /**
   * The drawer to the next operator without closing the shift: the outgoing operator's count, the
   * incoming operator's id and PIN, and over the threshold a note and `supervisorPin`.
   */
  'drawer.handover': channel(
    z
      .object({
        counted: DrawerCount,
        operatorId,
        pin,
        note: note.optional(),
        supervisorPin: pin.optional(),
      })
      .strict(),
    z.object({ handover: Handover, desk: DeskState }),
  ),
  /** A cash movement's slip again, on the printer and paper set in Settings. */
  'drawer.printSlip': channel(z.object({ movementId: z.number().int().positive() }).strict(), PrintResult),

  /** The audit trail, newest first, a page at a time (supervised). */
  'audit.list': read(
    z
      .object({
        before: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(100).default(100),
      })
      .strict(),
    z.object({ entries: z.array(AuditEntry), next: z.number().int().nullable() }),
  ),

  /** A backup to the folder chosen in settings now (it also runs after each Z report and daily). */
  'backup.now': channel(none, BackupState),
} as const;

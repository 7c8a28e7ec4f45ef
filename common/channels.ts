// The channel table: every call the renderer may make and every event main may push, each declared
// once with its request and reply schemas. Main validates both sides of every call against it.
import { z } from 'zod';
import {
  absoluteFile,
  BackupState,
  CashLine,
  CashMovement,
  currency,
  DeskSettings,
  DeskState,
  DrawerCount,
  note,
  Operator,
  operatorId,
  operatorName,
  pin,
  ShiftSummary,
  shiftId,
  VarianceLine,
  XReport,
  ZReport,
} from './desk.ts';
import { CASH_MOVEMENT_KINDS, MODES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { DECIMAL_PATTERN } from './money.ts';
import {
  type AppError,
  AppState,
  Attention,
  amount,
  Connectivity,
  HistoryRow,
  isoTime,
  LookupResult,
  localId,
  OpenOperation,
  OperationEvent,
  OperationView,
  operationNumber,
  operationType,
  PaymentMethod,
  PrinterInfo,
  Printing,
  PrintReport,
  PrintResult,
  Settings,
  shopId,
  shortText,
  UpdateHold,
} from './values.ts';

function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}
const none = z.object({}).strict();
const byLocalId = z.object({ localId }).strict();

/** Every operation a history search matches, not just the page: how many, and the sum per currency. */
const HistoryTotals = z.object({
  count: z.number().int().min(0),
  sums: z.array(z.object({ currency: z.string(), amount: z.string().regex(DECIMAL_PATTERN) })),
});

export const channels = {
  'app.getState': channel(none, AppState),
  /** Without `printing`, the printing settings stay as they are (the general form does not show them). */
  'settings.save': channel(
    Settings.omit({ mode: true }).extend({ printing: Printing.optional() }).strict(),
    AppState,
  ),
  'settings.setMode': channel(z.object({ mode: z.enum(MODES) }).strict(), AppState),
  /** Write-only: the token goes to the keychain and is never read back. */
  'settings.setToken': channel(
    z.object({ shopId, token: z.string().trim().min(LIMITS.tokenMin).max(LIMITS.tokenMax) }).strict(),
    AppState,
  ),
  'settings.clearToken': channel(z.object({ shopId }).strict(), AppState),

  'checkout.listMethods': channel(z.object({ shopId, operationType }).strict(), z.array(PaymentMethod)),
  'checkout.openSession': channel(
    z.object({ shopId, operationType, paymentMethodId: shortText, amount, payerId: shortText }).strict(),
    OperationView,
  ),
  'checkout.createOperation': channel(
    z
      .object({
        localId,
        payerRequisites: z
          .array(z.object({ name: shortText, value: z.string().max(LIMITS.requisiteValue) }).strict())
          .max(LIMITS.requisitesPerOperation),
      })
      .strict(),
    OperationView,
  ),
  'checkout.abandon': channel(byLocalId, OperationView),
  /** Training only: asks the sandbox to capture, as the agent's out-of-band confirmation would. */
  'checkout.confirmTraining': channel(byLocalId, OperationView),
  /**
   * The agent records the cash that physically moved: received for a payin the gateway holds,
   * handed over for a payout that reads captured. Once per operation; a repeat changes nothing.
   */
  'checkout.recordCash': channel(byLocalId, OperationView),

  'history.search': channel(
    z
      .object({
        text: z.string().trim().max(LIMITS.searchText).optional(),
        type: operationType.optional(),
        status: z.string().max(32).optional(),
        from: isoTime.optional(),
        to: isoTime.optional(),
        training: z.boolean().optional(),
        /** This desk's own operations unless asked otherwise; `lookup`: other desks' ones found by lookup. */
        origin: z.enum(['counter', 'lookup']).default('counter'),
        before: z.object({ createdAt: isoTime, localId }).strict().optional(),
        limit: z.number().int().min(1).max(200).default(50),
      })
      .strict(),
    z.object({
      rows: z.array(HistoryRow),
      next: z.object({ createdAt: isoTime, localId }).nullable(),
      /** On the first page only (no `before`); null on later pages, and when too many match to add up. */
      totals: HistoryTotals.nullable(),
    }),
  ),
  'history.get': channel(byLocalId, z.object({ operation: OperationView, events: z.array(OperationEvent) })),
  'history.refresh': channel(byLocalId, OperationView),
  /** This desk's operations that still need the agent or the gateway: the tray on Home. */
  'history.open': channel(none, z.object({ rows: z.array(OpenOperation) })),

  'lookup.byNumber': channel(z.object({ shopId, operationNumber }).strict(), LookupResult),

  /**
   * Prints this desk's receipt (the payer's, or the agent's copy) on the printer and paper set in
   * Settings; another desk's operation gets a lookup slip instead. Only a print the printer took
   * counts: it is then the original, or COPY n of what was printed before.
   */
  'receipts.print': channel(
    z.object({ localId, copy: z.enum(['payer', 'agent']) }).strict(),
    PrintReport.extend({ operation: OperationView }),
  ),
  /** The same document as a PDF, where the agent chooses; null when they cancel. Not a print. */
  'receipts.savePdf': channel(
    z.object({ localId, copy: z.enum(['payer', 'agent']) }).strict(),
    z.object({ path: z.string().nullable() }),
  ),
  /** The printers the system knows, for Settings. */
  'receipts.printers': channel(none, z.object({ printers: z.array(PrinterInfo) })),
  /** A test page on the printer and paper set in Settings. */
  'receipts.testPrint': channel(none, PrintResult),

  /** The renderer says whether it is on Home and idle there: an update is offered only then. */
  'app.setIdle': channel(z.object({ home: z.boolean() }).strict(), z.object({})),
  /** The agent accepted "Update ready — install now?": installs only if the desk is still idle. */
  'updates.install': channel(none, z.object({ installing: z.boolean(), hold: UpdateHold.nullable() })),
  /** A zip of the logs, versions, database statistics, connectivity and queue, without secrets. */
  'diagnostics.export': channel(
    z
      .object({
        path: z
          .string()
          .max(LIMITS.filePath)
          .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'an absolute path')
          .regex(/\.zip$/i, 'a .zip file'),
        supervisorPin: z.string().regex(/^\d{4,8}$/, '4–8 digits'),
      })
      .strict(),
    z.object({ path: z.string(), bytes: z.number().int() }),
  ),
  /**
   * History as CSV (RFC 4180, UTF-8 with a byte-order mark), one row per operation with its custody
   * and operator, for a date range or for one shift; main writes it to `path` (the shell's save dialog).
   */
  'history.exportCsv': channel(
    z
      .object({
        path: absoluteFile('.csv'),
        from: isoTime.optional(),
        to: isoTime.optional(),
        shiftId: shiftId.optional(),
      })
      .strict()
      .refine((r) => (r.shiftId === undefined) !== (r.from === undefined || r.to === undefined), {
        message: 'a shift, or a date range from … to',
        path: ['shiftId'],
      }),
    z.object({ path: z.string(), rows: z.number().int() }),
  ),

  /** Who works here and what is locked; the lock screen and the shift bar read this. */
  'desk.state': channel(none, DeskState),
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
  'operators.list': channel(none, z.object({ operators: z.array(Operator) })),
  'operators.add': channel(z.object({ name: operatorName, pin }).strict(), Operator),
  /** A new PIN for a forgotten one; it also lifts a lock-out. */
  'operators.setPin': channel(z.object({ operatorId, pin }).strict(), Operator),
  /** Lifts a lock-out after ten wrong PINs. */
  'operators.unlock': channel(z.object({ operatorId }).strict(), Operator),
  /** The operator may no longer sign in; their shifts and operations keep their name. */
  'operators.remove': channel(z.object({ operatorId }).strict(), z.object({ operators: z.array(Operator) })),

  /**
   * Sets the supervisor PIN: the first time (before Live is turned on) anyone may; afterwards only an
   * unlocked supervisor. Leaves the supervisor unlocked.
   */
  'supervisor.setPin': channel(z.object({ pin }).strict(), DeskState),
  /** Opens settings, operators and mode for a few minutes (DeskState.supervisor.unlockedUntil). */
  'supervisor.unlock': channel(z.object({ pin }).strict(), DeskState),
  'supervisor.lock': channel(none, DeskState),
  'settings.saveDesk': channel(DeskSettings, DeskState),

  /** The open shift, if any, with the drawer's expected cash. */
  'shift.current': channel(none, z.object({ shift: ShiftSummary.nullable(), cash: z.array(CashLine) })),
  /** The operator signs in with their PIN and counts the opening float. */
  'shift.open': channel(z.object({ operatorId, pin, float: DrawerCount }).strict(), DeskState),
  /** Cash added to the drawer or taken to the safe: a reason and the supervisor's PIN. */
  'shift.cashMovement': channel(
    z
      .object({
        kind: z.enum(CASH_MOVEMENT_KINDS),
        currency,
        amount,
        reason: note,
        supervisorPin: pin.optional(),
      })
      .strict(),
    z.object({ movement: CashMovement, cash: z.array(CashLine) }),
  ),
  /** The X report: at any time, and the shift stays open. */
  'shift.report': channel(none, XReport),
  /** The count against the expected cash, before closing: which variances need the supervisor. */
  'shift.previewClose': channel(
    z.object({ counted: DrawerCount }).strict(),
    z.object({ variance: z.array(VarianceLine), needsApproval: z.boolean() }),
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
  'shift.list': channel(
    z.object({ before: shiftId.optional(), limit: z.number().int().min(1).max(100).default(30) }).strict(),
    z.object({ shifts: z.array(ShiftSummary), next: shiftId.nullable() }),
  ),
  'shift.zReport': channel(z.object({ shiftId }).strict(), ZReport),
  /** Checks a shift closed "not reconciled" again now; the result is appended to its Z report. */
  'shift.reconcile': channel(z.object({ shiftId }).strict(), ZReport),

  /** A backup to the folder chosen in settings now (it also runs after each Z report and daily). */
  'backup.now': channel(none, BackupState),
} as const;

/**
 * Channels that need the supervisor unlocked (supervisor.unlock) once a supervisor PIN is set, and
 * always in Live. Until then (training, out of the box) they are open.
 */
export const SUPERVISOR_CHANNELS: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'settings.save',
  'settings.setMode',
  'settings.setToken',
  'settings.clearToken',
  'settings.saveDesk',
  'operators.add',
  'operators.setPin',
  'operators.unlock',
  'operators.remove',
]);

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type Request<C extends ChannelName> = z.input<Channels[C]['request']>;
export type Response<C extends ChannelName> = z.output<Channels[C]['response']>;
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const events = {
  'operation.changed': OperationView,
  'connectivity.changed': Connectivity,
  'lookup.answered': LookupResult,
  'app.changed': AppState,
  'operation.attention': Attention,
  /** An update is downloaded and the desk is idle on Home: ask "Update ready — install now?". */
  'updates.ready': z.object({ version: z.string() }),
  'desk.changed': DeskState,
  /** A shift closed "not reconciled" was reconciled later; its Z report has the result appended. */
  'shift.reconciled': ShiftSummary,
  /** A document was printed, or failed to: automatic prints are seen only this way. */
  'receipts.printed': PrintReport,
} as const;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

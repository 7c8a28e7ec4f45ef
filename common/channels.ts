// The channel table: every call the renderer may make, each declared once with its request and
// reply schemas. Main validates both sides of every call against it. The events main pushes are
// declared beside it, in events.ts.
import { z } from 'zod';
import { DeskSettings, note, pin, shiftId } from './agent-day.ts';
import { AppState, Settings, UpdateHold } from './app-state.ts';
import { channel, none, read } from './channel.ts';
import { deskChannels } from './desk-channels.ts';
import { CUSTODY_ACTIONS, HISTORY_STATES, LANGUAGES, MODES } from './enums.ts';
import { headOfficeChannels } from './headoffice-channels.ts';
import { LIMITS } from './limits.ts';
import { DECIMAL_PATTERN } from './money.ts';
import { typedText } from './text.ts';
import {
  type AppError,
  amount,
  CustodyRecord,
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
  shopId,
  shortText,
} from './values.ts';

const byLocalId = z.object({ localId }).strict();

/** A shift report to print: the open shift's X report, or a closed shift's Z report. */
const ShiftReportRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('X') }).strict(),
  z.object({ kind: z.literal('Z'), shiftId }).strict(),
]);

/** How many operations, and their sum per currency. */
const Sums = z.object({
  count: z.number().int().min(0),
  sums: z.array(z.object({ currency: z.string(), amount: z.string().regex(DECIMAL_PATTERN) })),
});

/**
 * Every operation a history search matches, not just the page: how many in all; the completed
 * Live cash in and cash out (created at the gateway and captured), each by currency; apart, the
 * completed Live ones of other instruments (no cash at the desk) and the training ones, completed
 * or still open (no real money); and apart, the Live ones still open (not final). Operations ended without money
 * moving count in `count` only.
 */
const Flows = z.object({ payin: Sums, payout: Sums });
const HistoryTotals = z.object({
  count: z.number().int().min(0),
  payin: Sums,
  payout: Sums,
  other: Flows,
  training: Flows.extend({ open: Sums }),
  open: Sums,
});

export const channels = {
  'app.getState': read(none, AppState),
  /**
   * The one settings document: the terminal's, its printing and the desk's (idle lock, thresholds,
   * backups). Without `printing` or `desk` those parts stay as they are (each form shows its own).
   * A new gateway URL needs `supervisorPin`, the current supervisor PIN again, once one is set.
   */
  'settings.save': channel(
    Settings.omit({ mode: true })
      .extend({
        printing: Printing.optional(),
        desk: DeskSettings.optional(),
        supervisorPin: z
          .string()
          .regex(/^\d{4,8}$/, '4–8 digits')
          .optional(),
      })
      .strict(),
    AppState,
  ),
  'settings.setMode': channel(z.object({ mode: z.enum(MODES) }).strict(), AppState),
  /** Write-only: the token goes to the keychain and is never read back. */
  /** `supervisorPin`: the current supervisor PIN again, once one is set. */
  'settings.setToken': channel(
    z
      .object({
        shopId,
        token: z.string().trim().min(LIMITS.tokenMin).max(LIMITS.tokenMax),
        supervisorPin: z
          .string()
          .regex(/^\d{4,8}$/, '4–8 digits')
          .optional(),
      })
      .strict(),
    AppState,
  ),
  'settings.clearToken': channel(z.object({ shopId }).strict(), AppState),

  'checkout.listMethods': read(z.object({ shopId, operationType }).strict(), z.array(PaymentMethod)),
  /** A Live cash payout over the cash the drawer should hold needs `supervisorPin`. */
  'checkout.openSession': channel(
    z
      .object({
        shopId,
        operationType,
        paymentMethodId: shortText,
        amount,
        payerId: shortText,
        supervisorPin: pin.optional(),
      })
      .strict(),
    OperationView,
  ),
  'checkout.createOperation': channel(
    z
      .object({
        localId,
        payerRequisites: z
          .array(z.object({ name: shortText, value: typedText.max(LIMITS.requisiteValue) }).strict())
          .max(LIMITS.requisitesPerOperation),
        /** The payer's receipt prints in this language (the confirm step offers it); absent: the desk's. */
        receiptLanguage: z.enum(LANGUAGES).optional(),
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
  'checkout.recordCash': channel(
    z.object({ localId, action: z.enum(CUSTODY_ACTIONS).optional() }).strict(),
    OperationView,
  ),
  /** An operation the gateway never created, started again with the same details under a new number. */
  'checkout.startAgain': channel(byLocalId, OperationView),
  /** A supervisor reverses a custody record made by mistake: a new record, with the reason and the PIN. */
  'custody.reverse': channel(
    z.object({ localId, reason: note, supervisorPin: pin.optional() }).strict(),
    OperationView,
  ),

  'history.search': read(
    z
      .object({
        text: z.string().trim().max(LIMITS.searchText).optional(),
        type: operationType.optional(),
        status: z.string().max(32).optional(),
        /** Beyond a status: cancelled, unknown, not created, or cash still open (HISTORY_STATES). */
        state: z.enum(HISTORY_STATES).optional(),
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
  'history.get': read(
    byLocalId,
    z.object({ operation: OperationView, events: z.array(OperationEvent), custody: z.array(CustodyRecord) }),
  ),
  'history.refresh': read(byLocalId, OperationView),
  /** This desk's operations that still need the agent or the gateway: the tray on Home. */
  'history.open': read(none, z.object({ rows: z.array(OpenOperation) })),
  /**
   * This desk's open operations for a payer, shown before another is started for them; and those
   * completed for them in the last hour, named beside the next one without holding it up.
   */
  'history.openForPayer': read(
    z.object({ payerId: shortText }).strict(),
    z.object({ rows: z.array(OpenOperation), recent: z.array(OperationView) }),
  ),
  /**
   * This desk's operations whose outcome the gateway has not settled, each in full (with the
   * gateway it went to): what a supervisor is warned of before new operations go elsewhere.
   */
  'history.unresolved': read(none, z.object({ rows: z.array(OperationView) })),

  'lookup.byNumber': read(z.object({ shopId, operationNumber }).strict(), LookupResult),
  /**
   * The operations the window shows now. Main keeps looking up each one that is another desk's and
   * not final while it is shown (otherwise it is asked about only once), and pushes what changes.
   * Each call replaces the one before; a new window says [] first, ending an earlier window's follows.
   */
  'lookup.follow': channel(z.object({ localIds: z.array(localId).max(8) }).strict(), z.object({}).strict()),

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
  'receipts.printers': read(none, z.object({ printers: z.array(PrinterInfo) })),
  /** A test page on the printer and paper set in Settings. */
  'receipts.testPrint': channel(none, PrintResult),
  /** The X or a Z report on the printer and paper set in Settings; a report has no copies to count. */
  'receipts.printReport': channel(ShiftReportRequest, PrintResult),
  /** The same report as a PDF, where the agent chooses; null when they cancel. */
  'receipts.saveReportPdf': channel(ShiftReportRequest, z.object({ path: z.string().nullable() })),
  /**
   * Where a file the agent exports (CSV, diagnostics) goes unless they type another path: the
   * data folder's `exports/`, made if missing. The renderer cannot know the data folder itself.
   */
  'files.suggestPath': read(
    z
      .object({
        name: z.string().regex(/^[\w.-]{1,80}\.(csv|zip|pdf)$/, 'a file name ending .csv, .zip or .pdf'),
      })
      .strict(),
    z.object({ path: z.string() }),
  ),

  /** The renderer says whether it is on Home and idle there: an update is offered only then. */
  'app.setIdle': channel(z.object({ home: z.boolean() }).strict(), z.object({})),
  /**
   * An error the renderer caught (CrashGuard, the window's error and unhandledrejection), for the
   * support log. Nothing comes back: the renderer learns nothing from main by reporting.
   */
  'app.reportError': channel(
    z
      .object({
        message: z.string().max(LIMITS.reportedMessage),
        stack: z.string().max(LIMITS.reportedStack).optional(),
        where: z.string().max(LIMITS.reportedWhere).optional(),
      })
      .strict(),
    z.object({}).strict(),
  ),
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
  ...deskChannels,
  ...headOfficeChannels,
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
  'operators.add',
  'operators.setPin',
  'operators.unlock',
  'operators.remove',
  // The history leaves the desk as a file: the supervisor's act, like the settings.
  'history.exportCsv',
  'audit.list',
  'hq.enrol',
]);

/** Whether a call only reads, so it may be asked once more of a core started again (channel.ts). */
export function isReadChannel(name: string): boolean {
  return Object.hasOwn(channels, name) && channels[name as ChannelName].read;
}

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type Request<C extends ChannelName> = z.input<Channels[C]['request']>;
export type Response<C extends ChannelName> = z.output<Channels[C]['response']>;
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

// The channel table: every call the renderer may make and every event main may push, each declared
// once with its request and reply schemas. Main validates both sides of every call against it.
import { z } from 'zod';
import { MODES } from './enums.ts';
import { LIMITS, RECEIPT_WIDTHS } from './limits.ts';
import { DECIMAL_PATTERN } from './money.ts';
import {
  type AppError,
  AppState,
  amount,
  Connectivity,
  HistoryRow,
  isoTime,
  LookupResult,
  localId,
  OperationEvent,
  OperationView,
  operationNumber,
  operationType,
  PaymentMethod,
  Settings,
  shopId,
  shortText,
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
  'settings.save': channel(Settings.omit({ mode: true }).strict(), AppState),
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

  'history.search': channel(
    z
      .object({
        text: z.string().trim().max(LIMITS.searchText).optional(),
        type: operationType.optional(),
        status: z.string().max(32).optional(),
        from: isoTime.optional(),
        to: isoTime.optional(),
        training: z.boolean().optional(),
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

  'lookup.byNumber': channel(z.object({ shopId, operationNumber }).strict(), LookupResult),

  /** The payer's receipt as fixed-column text; `copy` once it has been printed before. */
  'receipts.render': channel(
    z.object({ localId, width: z.union(RECEIPT_WIDTHS.map((w) => z.literal(w))) }).strict(),
    z.object({ text: z.string(), copy: z.boolean() }),
  ),
  /** Counts a print, so every later receipt for this operation says COPY. */
  'receipts.markPrinted': channel(byLocalId, OperationView),
} as const;

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
} as const;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

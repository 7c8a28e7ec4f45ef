// The IPC contract: every channel the renderer may call and every event main may push, declared
// once with zod. Main parses every request with these schemas; preload and the test harness build
// `window.cashdesk` from the same table. Imports neither electron nor node.
import { z } from 'zod';
import { ERROR_KINDS } from './error-kinds.ts';
import { AMOUNT_PATTERN } from './money.ts';

export const CHANNEL_PREFIX = 'cashdesk:';

const shopId = z.number().int().positive().max(2_147_483_647);
const operationNumber = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}_\-/#:]+$/u, 'letters, digits and - _ / # : only');
const localId = z.number().int().positive();
const operationType = z.enum(['payin', 'payout']);
const amount = z.string().regex(AMOUNT_PATTERN, 'an amount like 150 or 150.00');
const shortText = z.string().trim().min(1).max(128);
const isoTime = z.iso.datetime({ offset: true });

export type OperationTypeValue = z.infer<typeof operationType>;

// ── Values that cross the bridge ────────────────────────────────────────────

/** What the agent may do with cash right now. Derived in main, shown on every operation screen. */
export const CashAdvice = z.enum(['hold', 'accept', 'hand_over', 'none']);
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

export const Requisite = z.object({ name: z.string(), value: z.string() });
export const RequisiteDescriptor = z.object({ name: z.string(), title: z.string(), type: z.string() });
export const PayerDetail = z.object({
  name: z.string(),
  title: z.string(),
  type: z.string(),
  value: z.string(),
});

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

export const Connectivity = z.object({
  state: z.enum(['online', 'offline', 'degraded']),
  lastSuccessAt: isoTime.nullable(),
  queued: z.number().int(),
});
export type Connectivity = z.infer<typeof Connectivity>;

export const TokenState = z.enum(['set', 'not_set', 'rejected']);
export type TokenState = z.infer<typeof TokenState>;

export const Shop = z.object({ id: shopId, name: z.string().trim().min(1).max(64) });
export type Shop = z.infer<typeof Shop>;

export const Settings = z.object({
  mode: z.enum(['training', 'live']),
  /** https only, except loopback (a local gateway or a test double). */
  gatewayUrl: z
    .string()
    .max(512)
    .refine(isAllowedGatewayUrl, 'https only, except for a loopback address')
    .nullable(),
  shops: z.array(Shop).min(1).max(50),
  terminalId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, '1–8 capital letters or digits'),
  language: z.enum(['en', 'ru']),
  kiosk: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const AppState = z.object({
  settings: Settings,
  /** The token's state for each shop of the current profile; the token itself never leaves main. */
  tokens: z.array(z.object({ shopId, state: TokenState })),
  connectivity: Connectivity,
  version: z.string(),
});
export type AppState = z.infer<typeof AppState>;

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
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const LookupResult = z.discriminatedUnion('state', [
  z.object({ state: z.literal('found'), operation: OperationView }),
  z.object({ state: z.literal('not_found'), shopId, operationNumber: z.string() }),
  z.object({ state: z.literal('queued'), shopId, operationNumber: z.string() }),
]);
export type LookupResult = z.infer<typeof LookupResult>;

export const AppError = z.object({
  kind: z.enum(ERROR_KINDS),
  /** Detail for the screen and the log, in English; the renderer shows its own words for `kind`. */
  message: z.string(),
  /** Whether cash may change hands now. `hold` means do not give or take any cash. */
  cash: CashAdvice,
  /** For `validation`: the field at fault. */
  field: z.string().optional(),
  /** The operation the error concerns, when there is one, so the screen can follow it. */
  localId: localId.optional(),
});
export type AppError = z.infer<typeof AppError>;
export type ErrorKind = AppError['kind'];

// ── The channel table ───────────────────────────────────────────────────────

function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}
const none = z.object({}).strict();
const byLocalId = z.object({ localId }).strict();

export const channels = {
  'app.getState': channel(none, AppState),
  'settings.save': channel(Settings.omit({ mode: true }).strict(), AppState),
  'settings.setMode': channel(z.object({ mode: z.enum(['training', 'live']) }).strict(), AppState),
  /** Write-only: the token goes to the keychain and is never read back. */
  'settings.setToken': channel(
    z.object({ shopId, token: z.string().trim().min(8).max(4096) }).strict(),
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
        payerRequisites: z.array(z.object({ name: shortText, value: z.string().max(256) }).strict()).max(32),
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
        text: z.string().trim().max(64).optional(),
        type: operationType.optional(),
        status: z.string().max(32).optional(),
        from: isoTime.optional(),
        to: isoTime.optional(),
        training: z.boolean().optional(),
        before: z.object({ createdAt: isoTime, localId }).strict().optional(),
        limit: z.number().int().min(1).max(200).default(50),
      })
      .strict(),
    z.object({ rows: z.array(HistoryRow), next: z.object({ createdAt: isoTime, localId }).nullable() }),
  ),
  'history.get': channel(byLocalId, z.object({ operation: OperationView, events: z.array(OperationEvent) })),
  'history.refresh': channel(byLocalId, OperationView),

  'lookup.byNumber': channel(z.object({ shopId, operationNumber }).strict(), LookupResult),

  /** The payer's receipt as fixed-column text; `copy` once it has been printed before. */
  'receipts.render': channel(
    z.object({ localId, width: z.union([z.literal(32), z.literal(42), z.literal(48)]) }).strict(),
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

// ── window.cashdesk, built from the table ───────────────────────────────────

type Namespaces<Name extends string> = Name extends `${infer NS}.${string}` ? NS : never;
type MethodsOf<NS extends string> = {
  [C in ChannelName as C extends `${NS}.${infer M}` ? M : never]: (
    request: Request<C>,
  ) => Promise<Result<Response<C>>>;
};

export type CashdeskApi = { [NS in Namespaces<ChannelName>]: MethodsOf<NS> } & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export type Invoke = (channel: ChannelName, request: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** Builds `window.cashdesk` from any transport: Electron IPC in preload, a page binding in tests. */
export function buildApi(invoke: Invoke, subscribe: Subscribe): CashdeskApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of CHANNEL_NAMES) {
    const [ns, method] = name.split('.') as [string, string];
    api[ns] ??= {};
    api[ns][method] = (request: unknown) => invoke(name, request ?? {});
  }
  return Object.assign(api, {
    on: (event: EventName, listener: (payload: unknown) => void) => subscribe(event, listener),
  }) as unknown as CashdeskApi;
}

export function isAllowedGatewayUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

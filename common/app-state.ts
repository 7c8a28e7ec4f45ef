// The terminal's settings and the app's state as they cross the bridge: the gateway and its shops,
// the tokens' states (never a token), connectivity, and why an update waits.
import { z } from 'zod';
import { LANGUAGES, MODES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { DEFAULT_PRINTING, Printing } from './printing.ts';
import { typedText } from './text.ts';
import { isAllowedGatewayUrl, isAllowedUpdateUrl } from './urls.ts';
import { isoTime, shopId } from './values.ts';

export const Connectivity = z.object({
  state: z.enum(['online', 'offline', 'degraded']),
  lastSuccessAt: isoTime.nullable(),
  queued: z.number().int(),
});
export type Connectivity = z.infer<typeof Connectivity>;

export const TokenState = z.enum(['set', 'not_set', 'rejected']);
export type TokenState = z.infer<typeof TokenState>;

export const Shop = z.object({ id: shopId, name: typedText.trim().min(1).max(LIMITS.shopName) });
export type Shop = z.infer<typeof Shop>;

export const Settings = z.object({
  mode: z.enum(MODES),
  /** https only, except loopback (a local gateway or a test double). */
  gatewayUrl: z
    .string()
    .max(LIMITS.gatewayUrl)
    .refine(isAllowedGatewayUrl, 'https only, except for a loopback address')
    .nullable(),
  shops: z
    .array(Shop)
    .min(1)
    .max(LIMITS.shopsPerTerminal)
    .refine((shops) => new Set(shops.map((s) => s.id)).size === shops.length, 'each shop ID only once'),
  terminalId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, '1–8 capital letters or digits'),
  language: z.enum(LANGUAGES),
  kiosk: z.boolean(),
  /**
   * Where updates are published (electron-updater's generic provider), https only. Null, the
   * default, turns updates off; settings stored before this field existed load with it null.
   */
  updateUrl: z
    .string()
    .max(LIMITS.gatewayUrl)
    .refine(isAllowedUpdateUrl, 'https only, without a user name or password')
    .nullable()
    .default(null),
  /** Settings stored before printing could be set load with the defaults: 80 mm, no automatic prints. */
  printing: Printing.default(DEFAULT_PRINTING),
});
export type Settings = z.infer<typeof Settings>;

export const AppState = z.object({
  settings: Settings,
  /** The token's state for each shop of the current profile; the token itself never leaves main. */
  tokens: z.array(z.object({ shopId, state: TokenState })),
  /** Each shop's token at the live gateway URL, also in training (which needs none). */
  liveTokens: z.array(z.object({ shopId, state: TokenState })),
  connectivity: Connectivity,
  version: z.string(),
});
export type AppState = z.infer<typeof AppState>;

/** Why an update waits instead of being offered: the desk is busy, or there is none. */
export const UpdateHold = z.enum([
  'no_update', // nothing downloaded yet
  'not_idle', // the renderer is not on Home, or is not idle there
  'checkout_in_progress', // a session is open or a create is out
  'operation_open', // an operation in Home's tray: unresolved, not final, or cash still to move
]);
export type UpdateHold = z.infer<typeof UpdateHold>;

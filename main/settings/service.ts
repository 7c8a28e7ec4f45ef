// The terminal's settings and the state of each shop's token. Settings live in SQLite; tokens live
// in the keychain, and only whether one is set (or was rejected) is known outside main.

import { statSync } from 'node:fs';
import { DEFAULT_PRINTING, type DeskSettings, Settings, type TokenState } from '../../common/contract.ts';
import { firstLanguage } from '../../common/enums.ts';
import { refusal } from '../../common/refusal.ts';
import { TRAINING_SHOP_NAMES } from '../../common/training-shops.ts';
import { AgentError } from '../app-error.ts';
import { type AuditTrail, tokenFingerprint } from '../audit/trail.ts';
import type { GatewayTarget } from '../gateway/gateways.ts';
import type { Log } from '../log.ts';
import type { SettingsRepo } from '../store/settings.ts';
import { type Profile, profileAccount, type Vault } from '../vault/index.ts';
import { createDeskSettings } from './desk-settings.ts';
import { loadStored } from './stored.ts';

export const DEFAULT_SETTINGS: Settings = {
  mode: 'training',
  gatewayUrl: null,
  // The training gateway's shops: going Live asks for their real names (common/training-shops.ts).
  shops: [
    { id: 1001, name: TRAINING_SHOP_NAMES[0]! },
    { id: 1002, name: TRAINING_SHOP_NAMES[1]! },
  ],
  terminalId: 'T01',
  language: 'en',
  kiosk: false,
  updateUrl: null,
  printing: DEFAULT_PRINTING,
};

const SETTINGS_KEY = 'settings';
const REJECTED_KEY = 'rejected_tokens';

/** The settings whose every change goes into the audit trail, old → new. */
const AUDITED = ['gatewayUrl', 'terminalId', 'updateUrl', 'kiosk'] as const;

/** The settings document as saved: without `printing` or `desk`, those parts stay as they are. */
export type SettingsDocument = Omit<Settings, 'mode' | 'printing'> & {
  printing?: Settings['printing'];
  desk?: DeskSettings;
};

/** Where changes are recorded, and whether a shift is open (none of the gateway's may change then). */
export type SettingsWatch = { audit: Pick<AuditTrail, 'record'>; shiftOpen: () => boolean };

export function createSettingsService(repo: SettingsRepo, vault: Vault, log: Log, watch?: SettingsWatch) {
  let current = loadSettings(repo, log);
  // The desk's part (idle lock, variance thresholds, backups) is kept under its own key, saved here.
  const desk = createDeskSettings(repo, log);
  const deskSaved = new Set<() => void>();

  /** The desk's part of a save: a folder that exists, and every changed field in the audit trail. */
  function saveDesk(next: DeskSettings) {
    if (next.backupFolder && !statSync(next.backupFolder, { throwIfNoEntry: false })?.isDirectory()) {
      throw new AgentError('validation', refusal('settings.noFolder', { folder: next.backupFolder }), {
        field: 'backupFolder',
      });
    }
    const before = desk.get();
    desk.save(next);
    // A list (the thresholds) is recorded as JSON; a number or a folder as it is.
    const shown = (value: unknown) =>
      (typeof value === 'object' && value !== null ? JSON.stringify(value) : value) as string | number | null;
    for (const field of Object.keys(next) as (keyof DeskSettings)[]) {
      if (JSON.stringify(before[field]) === JSON.stringify(next[field])) continue;
      watch?.audit.record(
        'desk_setting_changed',
        { field, from: shown(before[field]), to: shown(next[field]) },
        'supervisor',
      );
    }
    for (const listener of deskSaved) listener();
  }
  /** Money already counted in a shift went to one gateway, with one token, in one mode. */
  function refuseWhileShiftOpen() {
    if (watch?.shiftOpen()) throw new AgentError('conflict', refusal('staff.shiftOpen'));
  }
  // Tokens are read from the keychain once and kept in main's memory only.
  const tokens = new Map<string, string | null>();
  // The training gateway gets a fresh token on every start, so an old refusal of it means nothing
  // (a mode switch clears it too); a live token stays refused until a supervisor replaces it.
  const rejected = new Set(
    (repo.get<string[]>(REJECTED_KEY) ?? []).filter((key) => !key.startsWith('training#')),
  );

  function profile(shopId: number): Profile {
    if (!current.gatewayUrl) throw new AgentError('token_missing', refusal('settings.noGatewayUrl'));
    return { gatewayUrl: current.gatewayUrl, shopId };
  }

  /** The token for a shop at any gateway address, current or one an older operation went to. */
  async function tokenAt(gatewayUrl: string, shopId: number): Promise<string | null> {
    const account = profileAccount({ gatewayUrl, shopId });
    if (!tokens.has(account)) {
      const read = await vault.read({ gatewayUrl, shopId });
      log.addSecret(read);
      tokens.set(account, read);
    }
    return tokens.get(account) ?? null;
  }

  async function token(shopId: number): Promise<string | null> {
    return tokenAt(profile(shopId).gatewayUrl, shopId);
  }

  function saveRejected() {
    repo.set(REJECTED_KEY, [...rejected]);
  }

  /** A refusal belongs to the gateway and shop that refused, not to whatever the settings say now. */
  function rejectionKey(target: GatewayTarget): string {
    if (target.training) return `training#${target.shopId}`;
    return profileAccount({ gatewayUrl: target.gatewayUrl ?? '', shopId: target.shopId });
  }

  /** The gateway the settings point at now, for the token states shown in Settings. */
  function currentTarget(shopId: number): GatewayTarget {
    return current.mode === 'training'
      ? { shopId, training: true, gatewayUrl: null }
      : { shopId, training: false, gatewayUrl: current.gatewayUrl };
  }

  return {
    get: (): Settings => current,

    refuseWhileShiftOpen,

    /** The desk's settings, read by the lock, the drawer and the backups; saved only through save(). */
    deskSettings: desk,
    /** Called after the desk's part was saved (the lock re-arms, the renderer hears of it). */
    onDeskSaved(listener: () => void) {
      deskSaved.add(listener);
    },

    /** One document, one save: without `printing` or `desk`, those stay as they are. */
    save({ desk: nextDesk, ...next }: SettingsDocument): Settings {
      if (next.gatewayUrl !== current.gatewayUrl) refuseWhileShiftOpen();
      // The desk's part first: a refused folder leaves the whole document unsaved.
      if (nextDesk) saveDesk(nextDesk);
      const before = current;
      current = { ...next, printing: next.printing ?? current.printing, mode: current.mode };
      repo.set(SETTINGS_KEY, current);
      for (const field of AUDITED) {
        if (before[field] !== current[field]) {
          watch?.audit.record(
            'setting_changed',
            { field, from: before[field], to: current[field] },
            'supervisor',
          );
        }
      }
      return current;
    },

    setMode(mode: Settings['mode']): Settings {
      if (mode === 'live' && !current.gatewayUrl) {
        throw new AgentError('validation', refusal('settings.liveNeedsGatewayUrl'), {
          field: 'gatewayUrl',
        });
      }
      if (mode !== current.mode) refuseWhileShiftOpen();
      const from = current.mode;
      current = { ...current, mode };
      repo.set(SETTINGS_KEY, current);
      if (from !== mode) watch?.audit.record('mode_changed', { from, to: mode }, 'supervisor');
      for (const key of rejected) if (key.startsWith('training#')) rejected.delete(key);
      saveRejected();
      return current;
    },

    token,
    tokenAt,

    async setToken(shopId: number, value: string) {
      refuseWhileShiftOpen();
      const p = profile(shopId);
      // Before the keychain call: a failure's message must already be scrubbed of it.
      log.addSecret(value);
      const old = await tokenAt(p.gatewayUrl, shopId).catch(() => null);
      await vault.store(p, value);
      watch?.audit.record(
        'token_changed',
        { shopId, from: tokenFingerprint(old), to: tokenFingerprint(value) },
        'supervisor',
      );
      tokens.set(profileAccount(p), value);
      rejected.delete(profileAccount(p));
      saveRejected();
    },

    async clearToken(shopId: number) {
      refuseWhileShiftOpen();
      const p = profile(shopId);
      const old = await tokenAt(p.gatewayUrl, shopId).catch(() => null);
      await vault.clear(p);
      watch?.audit.record('token_changed', { shopId, from: tokenFingerprint(old), to: null }, 'supervisor');
      tokens.set(profileAccount(p), null);
      rejected.delete(profileAccount(p));
      saveRejected();
    },

    /** The gateway refused the token: the flow stops until a supervisor enters a new one. */
    markRejected(target: GatewayTarget) {
      rejected.add(rejectionKey(target));
      saveRejected();
    },

    /** A call went through, so the token works after all. Returns whether the state changed. */
    markAccepted(target: GatewayTarget): boolean {
      if (rejected.size === 0 || !rejected.delete(rejectionKey(target))) return false;
      saveRejected();
      return true;
    },

    /**
     * Each shop's token at the live gateway, whatever the mode: in training, where none is needed,
     * a supervisor preparing Live still sees which are set. All not set while there is no URL.
     */
    async liveTokenStates(): Promise<{ shopId: number; state: TokenState }[]> {
      const { gatewayUrl } = current;
      return Promise.all(
        current.shops.map(async (s) => {
          if (!gatewayUrl) return { shopId: s.id, state: 'not_set' as const };
          const live: GatewayTarget = { shopId: s.id, training: false, gatewayUrl };
          const state: TokenState = rejected.has(rejectionKey(live))
            ? 'rejected'
            : (await tokenAt(gatewayUrl, s.id).catch(() => null))
              ? 'set'
              : 'not_set';
          return { shopId: s.id, state };
        }),
      );
    },

    async tokenStates(): Promise<{ shopId: number; state: TokenState }[]> {
      if (current.mode === 'live' && !current.gatewayUrl) {
        return current.shops.map((s) => ({ shopId: s.id, state: 'not_set' }));
      }
      return Promise.all(
        current.shops.map(async (s) => {
          const state: TokenState = rejected.has(rejectionKey(currentTarget(s.id)))
            ? 'rejected'
            : current.mode === 'training'
              ? 'set'
              : (await token(s.id).catch(() => null))
                ? 'set'
                : 'not_set';
          return { shopId: s.id, state };
        }),
      );
    },
  };
}

/**
 * Stored settings pass the same schema as the renderer's: a row damaged on disk, or written by an
 * older version with different rules, gives the defaults and a line in the log, never a crash.
 */
/** The settings as saved: the service's, and the terminal ID the audit trail (built before it) records. */
/**
 * A new desk (no settings saved yet) starts in its computer's language where it speaks it, so that
 * its first screen, the lock screen and the set-up included, is in the agent's language.
 */
export function startInLanguage(repo: SettingsRepo, preferred: readonly string[] | undefined): void {
  if (!preferred?.length || repo.get(SETTINGS_KEY) !== undefined) return;
  repo.set(SETTINGS_KEY, { ...DEFAULT_SETTINGS, language: firstLanguage(preferred) } satisfies Settings);
}

export function loadSettings(repo: SettingsRepo, log: Log): Settings {
  return loadStored(repo, SETTINGS_KEY, Settings, DEFAULT_SETTINGS, log, 'settings');
}

export type SettingsService = ReturnType<typeof createSettingsService>;

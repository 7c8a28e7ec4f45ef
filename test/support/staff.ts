// The desk's PIN machinery without a core, for tests that judge it call by call: a real store, a
// real pin book keyed by a pepper in the real keychain (under a service of the test's own, removed
// afterwards), the real guard and supervisor on a still test clock. The log and the audit trail
// only record what they are given, for the test to read.
//   const staff = await startStaff(t);
//   await staff.supervisor.setPin('482615', undefined);
import { randomUUID } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { Settings } from '../../common/contract.ts';
import type { Log } from '../../main/log.ts';
import { DEFAULT_SETTINGS } from '../../main/settings/service.ts';
import { createPinBook } from '../../main/staff/pin-book.ts';
import { createPinGuard, DEFAULT_PIN_POLICY, type PinPolicy } from '../../main/staff/pin-guard.ts';
import { createSupervisor, SUPERVISOR_GRANT_MS } from '../../main/staff/supervisor.ts';
import { createPepperVault } from '../../main/vault/pepper.ts';
import { testClock } from './clock.ts';
import { openStore, tempDir } from './store.ts';

/** scrypt as cheap as it goes: these tests judge the rules, not the hash's cost. */
export const CHEAP_PIN_HASH = { N: 16, r: 8, p: 1 };

export type Logged = { level: 'info' | 'warn' | 'error'; event: string; detail: Record<string, unknown> };

export async function startStaff(t: TestContext, options: { policy?: Partial<PinPolicy> } = {}) {
  const dir = tempDir(t);
  const clock = testClock({ at: Date.parse('2026-03-01T09:00:00.000Z') });
  const store = openStore(t, dir, () => new Date(clock.now()).toISOString());
  const logged: Logged[] = [];
  const line = (level: Logged['level']) => (event: string, detail: Record<string, unknown>) => {
    logged.push({ level, event, detail });
  };
  const log = { info: line('info'), warn: line('warn'), error: line('error') } as unknown as Log;
  const vault = createPepperVault(`cashdesk-test-${randomUUID()}`);
  t.after(() => vault.remove());
  const book = createPinBook({ store, vault, log, params: CHEAP_PIN_HASH });
  const policy = { ...DEFAULT_PIN_POLICY, ...options.policy };
  const guard = createPinGuard({ store, book, log, policy, clock });
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const settingsService = {
    get: () => settings,
    deskSettings: { get: () => ({ lockAfterMinutes: 5 }) },
  } as unknown as Parameters<typeof createSupervisor>[0]['settings'];
  const audited: { kind: string; by: string | null | undefined }[] = [];
  const audit = {
    record: (kind: string, _detail: unknown, by?: string | null) => audited.push({ kind, by }),
  };
  let changes = 0;
  const supervisor = createSupervisor({
    store,
    book,
    guard,
    settings: settingsService,
    log,
    audit,
    grantMs: SUPERVISOR_GRANT_MS,
    clock,
    changed: () => {
      changes += 1;
    },
  });
  t.after(() => supervisor.close());
  return {
    dir,
    clock,
    store,
    book,
    guard,
    supervisor,
    settings: settingsService,
    logged,
    audited,
    setSettings: (patch: Partial<Settings>) => {
      settings = { ...settings, ...patch };
    },
    changes: () => changes,
  };
}

export type Staff = Awaited<ReturnType<typeof startStaff>>;

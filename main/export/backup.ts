// Backups: custody records, shifts and Z reports exist only on this desk, so after each Z report
// and once a day the database is copied with SQLite's online backup (consistent while the app runs)
// to the folder chosen in settings, a branch's network share say, keeping this terminal's last N
// copies. A copy is placed whole (placed-file.ts), so a half-written one never counts among the N.
// Restoring one is in the supervisor's guide (docs/supervisor.md).
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupState } from '../../common/contract.ts';
import { englishRefusal, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Clock, Timer } from '../clock.ts';
import type { Log } from '../log.ts';
import { placeFile } from '../placed-file.ts';
import type { DeskSettingsStore } from '../settings/desk-settings.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';

export const BACKUP_EVERY_MS = 24 * 60 * 60_000;
export const CHECK_EVERY_MS = 60 * 60_000;
const STATE_KEY = 'backup';

/** cashdesk-T07-20261122T101500123Z.sqlite: one terminal's copies sort oldest first by name. */
export function backupName(terminalId: string, at: Date): string {
  return `cashdesk-${terminalId}-${at.toISOString().replace(/[-:.]/g, '')}.sqlite`;
}
const ours = (terminalId: string) => new RegExp(`^cashdesk-${terminalId}-\\d{8}T\\d{9}Z\\.sqlite$`);

type Deps = {
  store: Pick<Store, 'backup' | 'settings'>;
  settings: SettingsService;
  deskSettings: DeskSettingsStore;
  log: Log;
  changed: () => void;
  /** When a copy is made and when the daily one is due; the hourly check runs on it. */
  clock: Clock;
};

export function createBackups(deps: Deps) {
  const { store } = deps;
  let running: Promise<BackupState> | null = null;
  let next: Promise<BackupState> | null = null;
  let timer: Timer | undefined;
  let closed = false;
  /** When the last copy was taken: the next is at least a millisecond later, so never of its name. */
  let lastTaken = 0;

  const state = (): BackupState =>
    store.settings.get<BackupState>(STATE_KEY) ?? { lastAt: null, lastFile: null, lastError: null };

  function remember(next: BackupState) {
    store.settings.set(STATE_KEY, next);
    deps.changed();
  }

  async function copy(folder: string, kept: number, reason: string): Promise<BackupState> {
    const { terminalId } = deps.settings.get();
    // Two copies in one millisecond (a Z report's and one asked for) would share a name, and the
    // second would replace the first: copies are made one at a time, so each takes the next one.
    const at = new Date(Math.max(deps.clock.now(), lastTaken + 1));
    lastTaken = at.getTime();
    const name = backupName(terminalId, at);
    try {
      await placeFile(
        join(folder, name),
        async (_file, temporary) => {
          await store.backup(temporary);
        },
        { replace: true },
      );
      const copies = (await readdir(folder)).filter((file) => ours(terminalId).test(file)).sort();
      for (const old of copies.slice(0, Math.max(0, copies.length - kept))) await rm(join(folder, old));
    } catch (error) {
      const failed = refusal('export.backupFailed', { folder, detail: (error as Error).message });
      deps.log.info('backup_failed', { reason, folder, error });
      remember({ ...state(), lastError: englishRefusal(failed) });
      throw new AgentError('storage', failed, { field: 'backupFolder' });
    }
    const done = { lastAt: at.toISOString(), lastFile: join(folder, name), lastError: null };
    deps.log.info('backup_done', { reason, file: done.lastFile });
    remember(done);
    return done;
  }

  /**
   * A backup now, one at a time; refused when no folder is chosen. A copy already under way began
   * before this request and may lack what happened since, so one more follows it (requests that
   * arrive meanwhile share that one): the copy returned always holds everything up to the request.
   */
  function run(reason: 'asked' | 'z_report' | 'daily'): Promise<BackupState> {
    if (!running) return begin(reason);
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return begin(reason);
      });
    return next;
  }

  function begin(reason: 'asked' | 'z_report' | 'daily'): Promise<BackupState> {
    const { backupFolder, backupsKept } = deps.deskSettings.get();
    if (!backupFolder) {
      return Promise.reject(
        new AgentError('validation', refusal('export.chooseBackupFolder'), { field: 'backupFolder' }),
      );
    }
    const copying: Promise<BackupState> = copy(backupFolder, backupsKept, reason).finally(() => {
      if (running === copying) running = null;
    });
    running = copying;
    return copying;
  }

  function due(): boolean {
    const { lastAt } = state();
    return (
      Boolean(deps.deskSettings.get().backupFolder) &&
      (!lastAt || deps.clock.now() - Date.parse(lastAt) >= BACKUP_EVERY_MS)
    );
  }

  /** Quietly: a failure is in the log and in BackupState for the settings screen. */
  const quietly = (reason: 'z_report' | 'daily') => void run(reason).catch(() => undefined);

  return {
    state,
    run,
    afterZReport: () => {
      if (deps.deskSettings.get().backupFolder) quietly('z_report');
    },
    /** The daily copy: checked now and every hour, made when the last one is a day old. */
    start() {
      const check = () => {
        if (!closed && due()) quietly('daily');
      };
      const every = () => {
        if (closed) return;
        timer = deps.clock.setTimeout(() => {
          check();
          every();
        }, CHECK_EVERY_MS);
        timer.unref();
      };
      every();
      setImmediate(check);
    },
    /** Resolves once a backup under way has finished (the database closes after it). */
    async close() {
      closed = true;
      deps.clock.clearTimeout(timer);
      await next?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;

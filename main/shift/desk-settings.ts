// The desk's own settings beside the terminal's: the idle lock, the variance thresholds, and where
// backups go. Stored like the terminal's settings; a damaged row gives the defaults and a log line.
import { DeskSettings } from '../../common/contract.ts';
import type { Log } from '../log.ts';
import type { SettingsRepo } from '../store/settings.ts';

export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  lockAfterMinutes: 5,
  varianceThresholds: [],
  backupFolder: null,
  backupsKept: 14,
};

const KEY = 'desk';

export function createDeskSettings(repo: SettingsRepo, log: Log) {
  let current = load();

  function load(): DeskSettings {
    let stored: unknown;
    try {
      stored = repo.get<unknown>(KEY);
    } catch (error) {
      log.write('desk_settings_unreadable', { error });
      return DEFAULT_DESK_SETTINGS;
    }
    if (stored === undefined) return DEFAULT_DESK_SETTINGS;
    const parsed = DeskSettings.safeParse(stored);
    if (parsed.success) return parsed.data;
    log.write('desk_settings_invalid', { issues: parsed.error.issues.map((i) => i.message) });
    return DEFAULT_DESK_SETTINGS;
  }

  return {
    get: (): DeskSettings => current,
    save(next: DeskSettings) {
      repo.set(KEY, next);
      current = next;
    },
  };
}

export type DeskSettingsStore = ReturnType<typeof createDeskSettings>;

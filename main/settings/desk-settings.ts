// The desk's own settings beside the terminal's: the idle lock, the variance thresholds, and where
// backups go. Stored like the terminal's settings, and read the same way (settings/stored.ts).
import { DeskSettings } from '../../common/contract.ts';
import type { Log } from '../log.ts';
import type { SettingsRepo } from '../store/settings.ts';
import { loadStored } from './stored.ts';

export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  lockAfterMinutes: 5,
  varianceThresholds: [],
  backupFolder: null,
  backupsKept: 14,
};

const KEY = 'desk';

export function createDeskSettings(repo: SettingsRepo, log: Log) {
  let current = loadStored(repo, KEY, DeskSettings, DEFAULT_DESK_SETTINGS, log, 'desk_settings');

  return {
    get: (): DeskSettings => current,
    save(next: DeskSettings) {
      repo.set(KEY, next);
      current = next;
    },
  };
}

export type DeskSettingsStore = ReturnType<typeof createDeskSettings>;

// A value kept in the settings table passes its schema before anything uses it: a row damaged on
// disk, or written by an older version with other rules, gives the fallback and a line in the log
// (`<name>_unreadable` or `<name>_invalid`), never a crash.
import type { z } from 'zod';
import type { Log } from '../log.ts';
import type { SettingsRepo } from '../store/settings.ts';

export function loadStored<T>(
  repo: SettingsRepo,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
  log: Log,
  name: string,
): T {
  let stored: unknown;
  try {
    stored = repo.get<unknown>(key);
  } catch (error) {
    log.info(`${name}_unreadable`, { error });
    return fallback;
  }
  if (stored === undefined) return fallback;
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log.info(`${name}_invalid`, {
    issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  });
  return fallback;
}

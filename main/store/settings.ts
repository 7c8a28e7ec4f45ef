// Non-secret settings as JSON values. A token must never be written here.
import type { DatabaseSync } from 'node:sqlite';

export function createSettingsRepo(db: DatabaseSync) {
  const read = db.prepare('SELECT value FROM settings WHERE key = ?');
  const write = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get<T>(key: string): T | undefined {
      const row = read.get(key) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    // A late writer (a gateway answer arriving as the app quits) finds the database closed: what
    // it would record (a token refused or accepted again) is learned anew on the next call.
    set(key: string, value: unknown) {
      if (db.isOpen) write.run(key, JSON.stringify(value));
    },
    delete(key: string) {
      if (db.isOpen) remove.run(key);
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

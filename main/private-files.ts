// The data folder holds the database, the logs and the training gateway's state: on macOS and
// Linux it is the user's alone (0700), and so is every file in it (0600), whatever the umask.
// Windows keeps its own ACLs: the profile folder is already the user's, and modes mean little there.
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

const posix = process.platform !== 'win32';

/**
 * Creates the data folder private, and makes an existing one private again: installs from before
 * this rule have a 0755 folder and 0644 files. Subfolders (exports) are walked too.
 */
export function preparePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!posix) return;
  chmodSync(dir, PRIVATE_FOLDER_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) preparePrivateFolder(path);
    else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * An empty file of the user's alone where none is yet, before SQLite creates it: SQLite gives a
 * database's -wal, -shm and -journal files the database file's own mode.
 */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}

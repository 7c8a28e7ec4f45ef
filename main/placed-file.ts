// Every file the desk writes for a person (a CSV, a PDF, the diagnostics zip, a backup) is written
// whole or not at all: under a temporary name of its own beside the target, created only if new, so
// two writes to one path never share it, then moved into place. A half-written file never stands
// where the person looks, and of two writes to one path, the file is one of them whole.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, type FileHandle, link, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * Writes `path` through `fill`, which gets the temporary file open for writing and its path (a
 * writer that opens the file itself, SQLite's backup, uses the path). `replace: false` places the
 * file only where none stands, and fails with EEXIST where one does. Any failure leaves no
 * temporary file behind and reaches the caller as it was, for the caller's own words.
 */
export async function placeFile(
  path: string,
  fill: (file: FileHandle, temporary: string) => Promise<void>,
  options: { replace: boolean },
): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.partial`);
  const file = await open(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    await fill(file, temporary);
    await file.sync();
    await file.close();
    if (options.replace) await rename(temporary, path);
    else await placeNew(temporary, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Moves `temporary` to `path` only where no file stands: a hard link fails if one does. A USB
 * stick's FAT has no hard links; an exclusive copy refuses an existing file just the same.
 */
async function placeNew(temporary: string, path: string): Promise<void> {
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await copyFile(temporary, path, constants.COPYFILE_EXCL);
  }
  await rm(temporary);
}

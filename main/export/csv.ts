// History as CSV: RFC 4180 (quoted where needed, CRLF line ends), UTF-8 with a byte-order mark so
// spreadsheet programs read it as UTF-8, one row per operation with its custody and operator.
// Amounts stay the decimal strings they are; times are ISO 8601 in the desk's local time with its
// offset. Text a payer or a gateway supplied is kept from being read as a formula by a spreadsheet.
// Written whole or not at all (placed-file.ts); the place is main's save dialog's answer, never the
// renderer's.
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { placeFile } from '../placed-file.ts';
import { COLUMNS, type ExportRow } from './csv-columns.ts';

export { localTime } from './local-time.ts';

/** One field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(value: string | number | boolean | null, text = false): string {
  if (value === null) return '';
  let cell = String(value);
  // A spreadsheet would run text starting with these as a formula (CSV injection): a leading
  // apostrophe keeps it text, and is what spreadsheets themselves use for that.
  if (text && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/**
 * One answer for every place a file cannot go: whether a folder exists, or is a share, or is
 * readable to this user, is not the caller's to learn.
 */
const refused = () => new AgentError('validation', refusal('export.notThere'), { field: 'path' });

/** A UNC path (`\\host\share`, `//host/share`, `\\?\…`): a network share the export never writes to. */
export function isUncPath(path: string): boolean {
  return /^[\\/]{2}/.test(path);
}

/** The dialog's answer, once it is a local absolute .csv path with no `..` in it. */
function checkTarget(path: string): void {
  const segments = path.split(/[\\/]+/);
  if (
    !isAbsolute(path) ||
    isUncPath(path) ||
    segments.includes('..') ||
    !path.toLowerCase().endsWith('.csv')
  ) {
    throw refused();
  }
}

/**
 * Writes the pages of operations as one CSV file at `path`; returns how many rows. `replace` is
 * the dialog's own confirmation that a file there may be overwritten: without it, a file that
 * stands there (or appeared since the dialog closed) is left alone and the export refused.
 */
export async function writeCsv(
  path: string,
  pages: Iterable<ExportRow[]>,
  options: { replace: boolean },
): Promise<number> {
  checkTarget(path);
  if ((await stat(path).catch(() => null))?.isDirectory()) throw refused();
  let rows = 0;
  let opened = false;
  try {
    await placeFile(
      path,
      async (file) => {
        opened = true;
        await file.write(`\uFEFF${line(COLUMNS.map((c) => c.name))}`);
        for (const page of pages) {
          await file.write(
            page.map((row) => line(COLUMNS.map((c) => csvField(c.value(row), c.text)))).join(''),
          );
          rows += page.length;
        }
      },
      options,
    );
    return rows;
  } catch (error) {
    // The folder would not take even the temporary file: the place itself is refused.
    if (!opened) throw refused();
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new AgentError('conflict', refusal('export.appeared'), {
        field: 'path',
      });
    }
    throw new AgentError('storage', refusal('export.notThere'), { field: 'path' });
  }
}

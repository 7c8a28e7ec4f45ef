// History as CSV: RFC 4180 (quoted where needed, CRLF line ends), UTF-8 with a byte-order mark so
// spreadsheet programs read it as UTF-8, one row per operation with its custody and operator.
// Amounts stay the decimal strings they are; times are ISO 8601 in the desk's local time with its
// offset. Text a payer or a gateway supplied is kept from being read as a formula by a spreadsheet.
// Written to a temporary file of its own beside the target, then moved into place, so a
// half-written export never stands; the place is main's save dialog's answer, never the renderer's.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { StatusAnswer } from '../../common/contract.ts';
import { AgentError } from '../app-error.ts';
import { PRIVATE_FILE_MODE } from '../private-files.ts';
import type { OperationRecord } from '../store/operations.ts';

type Column = {
  name: string;
  value: (op: OperationRecord, status: StatusAnswer) => string | number | boolean | null;
  text?: boolean;
};

const COLUMNS: Column[] = [
  { name: 'local_id', value: (op) => op.localId },
  // Another desk's operation, found here by lookup, is no money of this desk's: a total over the
  // file must leave those rows out, and this column says which they are.
  { name: 'origin', value: (op) => (op.origin === 'counter' ? 'this desk' : 'found by lookup') },
  { name: 'operation_number', value: (op) => op.operationNumber, text: true },
  { name: 'shop_id', value: (op) => op.shopId },
  { name: 'type', value: (op) => op.type },
  { name: 'training', value: (op) => op.training },
  { name: 'terminal_id', value: (op) => op.terminalId, text: true },
  { name: 'shift_id', value: (op) => op.shiftId },
  { name: 'operator', value: (op) => op.operator, text: true },
  { name: 'method', value: (op) => op.methodName, text: true },
  { name: 'instrument_type', value: (op) => op.instrumentType, text: true },
  { name: 'payer_id', value: (op) => op.payerId, text: true },
  { name: 'amount', value: (op) => op.amount },
  { name: 'currency', value: (op) => op.currency, text: true },
  { name: 'phase', value: (op) => op.phase },
  { name: 'status', value: (op) => op.status, text: true },
  // The answer's reading of that word, as the screens and the reports give it: final or not.
  { name: 'status_word', value: (_, status) => status.word },
  { name: 'status_final', value: (_, status) => status.final },
  { name: 'created_at', value: (op) => localTime(op.createdAt) },
  { name: 'gateway_registered_at', value: (op) => localTime(op.registeredAt) },
  { name: 'gateway_updated_at', value: (op) => localTime(op.gatewayUpdatedAt) },
  { name: 'gateway_id', value: (op) => op.gatewayId, text: true },
  { name: 'settlement_amount', value: (op) => op.settlementAmount },
  { name: 'settlement_currency', value: (op) => op.settlementCurrency, text: true },
  { name: 'custody', value: (op) => op.custodyKind },
  { name: 'custody_at', value: (op) => localTime(op.custodyAt) },
  { name: 'custody_terminal_id', value: (op) => op.custodyTerminalId, text: true },
  { name: 'custody_operator', value: (op) => op.custodyOperator, text: true },
  { name: 'custody_shift_id', value: (op) => op.custodyShiftId },
  {
    name: 'mismatch',
    value: (op) =>
      op.mismatch?.map((m) => `${m.field}: entered ${m.entered}, gateway ${m.gateway}`).join('; ') ?? null,
    text: true,
  },
];

/** ISO 8601 in this machine's time zone, with its offset: 2026-11-22T15:04:05.000+05:00. */
export function localTime(iso: string | null, offsetMinutes?: number): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const offset = offsetMinutes ?? -new Date(ms).getTimezoneOffset();
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

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
export const NOT_THERE = 'The file could not be written there. Choose another folder.';
const refused = () => new AgentError('validation', NOT_THERE, { field: 'path' });

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
  pages: Iterable<OperationRecord[]>,
  options: { replace: boolean; statusOf: (op: OperationRecord) => StatusAnswer },
): Promise<number> {
  checkTarget(path);
  if ((await stat(path).catch(() => null))?.isDirectory()) throw refused();
  // A name of its own for each export, created only if new: two exports never share one.
  const temporary = join(dirname(path), `.${randomUUID()}.csv.partial`);
  const file = await open(temporary, 'wx', PRIVATE_FILE_MODE).catch(() => {
    throw refused();
  });
  let rows = 0;
  try {
    await file.write(`\uFEFF${line(COLUMNS.map((c) => c.name))}`);
    for (const page of pages) {
      const rowOf = (op: OperationRecord, status: StatusAnswer) =>
        line(COLUMNS.map((c) => csvField(c.value(op, status), c.text)));
      await file.write(page.map((op) => rowOf(op, options.statusOf(op))).join(''));
      rows += page.length;
    }
    await file.sync();
    await file.close();
    if (options.replace) await rename(temporary, path);
    else await placeNew(temporary, path);
    return rows;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new AgentError(
        'conflict',
        'A file of that name appeared meanwhile; it was left as it is. Export again.',
        {
          field: 'path',
        },
      );
    }
    throw new AgentError('storage', NOT_THERE, { field: 'path' });
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

// History as CSV: RFC 4180 (quoted where needed, CRLF line ends), UTF-8 with a byte-order mark so
// spreadsheet programs read it as UTF-8, one row per operation with its custody and operator.
// Amounts stay the decimal strings they are; times are ISO 8601 in the desk's local time with its
// offset. Text a payer or a gateway supplied is kept from being read as a formula by a spreadsheet.
// Written to a temporary file beside the target and renamed, so a half-written export never stands.
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { AgentError } from '../app-error.ts';
import type { OperationRecord } from '../store/operations.ts';

type Column = {
  name: string;
  value: (op: OperationRecord) => string | number | boolean | null;
  text?: boolean;
};

const COLUMNS: Column[] = [
  { name: 'local_id', value: (op) => op.localId },
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

/** The path as the request gave it, once it is somewhere a file can be written. */
export async function checkTarget(path: string): Promise<void> {
  if (!isAbsolute(path) || !path.toLowerCase().endsWith('.csv')) {
    throw new AgentError('validation', 'Export to an absolute path ending in .csv.', { field: 'path' });
  }
  const folder = await stat(dirname(path)).catch(() => null);
  if (!folder?.isDirectory()) {
    throw new AgentError('validation', `The folder ${dirname(path)} does not exist.`, { field: 'path' });
  }
  if ((await stat(path).catch(() => null))?.isDirectory()) {
    throw new AgentError('validation', `${path} is a folder.`, { field: 'path' });
  }
}

/** Writes the pages of operations as one CSV file at `path`; returns how many rows. */
export async function writeCsv(path: string, pages: Iterable<OperationRecord[]>): Promise<number> {
  await checkTarget(path);
  const temporary = join(dirname(path), `.${process.pid}-${Date.now()}.csv.partial`);
  const file = await open(temporary, 'w');
  let rows = 0;
  try {
    await file.write(`\uFEFF${line(COLUMNS.map((c) => c.name))}`);
    for (const page of pages) {
      await file.write(page.map((op) => line(COLUMNS.map((c) => csvField(c.value(op), c.text)))).join(''));
      rows += page.length;
    }
    await file.sync();
    await file.close();
    await rename(temporary, path);
    return rows;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw new AgentError('storage', `The export could not be written: ${(error as Error).message}`, {
      field: 'path',
    });
  }
}

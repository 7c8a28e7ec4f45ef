// Times in the export as a spreadsheet reads them: the desk's own local time, with its offset.
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

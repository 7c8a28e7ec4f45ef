// The support log: JSON lines in the data folder, rotated by size (cashdesk.log, cashdesk.1.log …
// oldest last), each line passed through one redaction layer (log-redaction.ts) on its way to disk.
import { appendFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { createRedactor } from './log-redaction.ts';
import { PRIVATE_FILE_MODE } from './private-files.ts';

export type LogLevel = 'info' | 'warn' | 'error';

export type LogOptions = {
  /** A file is rotated before a line would take it past this. */
  maxBytes?: number;
  /** Files kept, the current one included. */
  files?: number;
};

/** 5 MiB in all: weeks of a busy counter's warnings, and small enough to mail with a diagnostics zip. */
export const DEFAULT_LOG_OPTIONS: Required<LogOptions> = { maxBytes: 1024 * 1024, files: 5 };
/** A gateway body is capped long before this; the cap keeps one bad line from rotating the rest away. */
const MAX_LINE_CHARS = 64 * 1024;

export function createLog(file: string, options: LogOptions = {}) {
  const { maxBytes, files } = { ...DEFAULT_LOG_OPTIONS, ...options };
  const redactor = createRedactor();
  const stem = join(dirname(file), basename(file, extname(file)));
  const nameOf = (index: number) => (index === 0 ? file : `${stem}.${index}${extname(file)}`);
  let size = existsSync(file) ? statSync(file).size : 0;

  function rotate() {
    rmSync(nameOf(files - 1), { force: true });
    for (let index = files - 2; index >= 0; index--) {
      if (existsSync(nameOf(index))) renameSync(nameOf(index), nameOf(index + 1));
    }
    size = 0;
  }

  function line(level: LogLevel, event: string, detail: unknown): string {
    const at = new Date().toISOString();
    const safe = redactor.value(detail);
    let text = redactor.known(JSON.stringify({ at, level, event, detail: safe }));
    if (text.length > MAX_LINE_CHARS) {
      // Cut after redaction: no secret survives to be cut in half.
      const head = redactor.known(JSON.stringify(safe)).slice(0, MAX_LINE_CHARS / 4);
      text = JSON.stringify({ at, level, event, detail: { truncated: true, head } });
    }
    return `${text}\n`;
  }

  function write(level: LogLevel, event: string, detail: unknown) {
    try {
      const text = line(level, event, detail);
      const bytes = Buffer.byteLength(text);
      if (size > 0 && size + bytes > maxBytes) {
        try {
          rotate();
        } catch {
          // A file held open elsewhere (an antivirus scan on Windows): append, and rotate next time.
        }
      }
      appendFileSync(file, text, { mode: PRIVATE_FILE_MODE });
      size += bytes;
    } catch {
      // A full disk must not stop the counter; the database still holds every operation.
    }
  }

  return {
    info: (event: string, detail: unknown = {}) => write('info', event, detail),
    warn: (event: string, detail: unknown = {}) => write('warn', event, detail),
    error: (event: string, detail: unknown = {}) => write('error', event, detail),
    /** A gateway token to scrub from every line from now on, in any encoding. */
    addSecret: redactor.addSecret,
    /** A payer's requisite value to mask to its last four digits from now on. */
    addPersonal: redactor.addPersonal,
    /** Text from elsewhere (a log file at export) checked once more against what the log knows now. */
    redactText: redactor.known,
    /** Any value, redacted as a line's detail would be. */
    redact: redactor.value,
    /** The log's files that exist, newest first. */
    files: (): string[] => Array.from({ length: files }, (_, i) => nameOf(i)).filter((f) => existsSync(f)),
  };
}

export type Log = ReturnType<typeof createLog>;

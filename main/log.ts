// The support log: JSON lines in the data folder, rotated by size (cashdesk.log, cashdesk.1.log …
// oldest last), written by electron-log's file transport off the event loop. Each core has its own
// electron-log instance; one hook, our redaction layer (log-redaction.ts), turns every message into
// its finished line before any transport sees it, so no transport ever holds an unredacted value.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { EOL } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import electronLog from 'electron-log/node';
import { createRedactor } from './log-redaction.ts';
import { PRIVATE_FILE_MODE } from './private-files.ts';

export type LogLevel = 'info' | 'warn' | 'error';

export type LogOptions = {
  /** A file is rotated before a line would take it past this (counting what is on disk). */
  maxBytes?: number;
  /** Files kept, the current one included. */
  files?: number;
};

/** 5 MiB in all: weeks of a busy counter's warnings, and small enough to mail with a diagnostics zip. */
export const DEFAULT_LOG_OPTIONS: Required<LogOptions> = { maxBytes: 1024 * 1024, files: 5 };
/** A gateway body is capped long before this; the cap keeps one bad line from rotating the rest away. */
const MAX_LINE_CHARS = 64 * 1024;
/** How often `flush` looks at the transport's queue: electron-log's file says nothing when it drains. */
const FLUSH_POLL_MS = 2;

/** electron-log keeps every instance by its id: each log gets its own. */
let instances = 0;

type FileTransport = typeof electronLog.transports.file;
type LogMessage = Parameters<FileTransport>[0];
/** What electron-log's file transport queues behind its one write in flight (src/node/transports/file/File.js). */
type QueuedFile = { asyncWriteQueue?: unknown[]; hasActiveAsyncWriting?: boolean };

export function createLog(file: string, options: LogOptions = {}) {
  const { maxBytes, files } = { ...DEFAULT_LOG_OPTIONS, ...options };
  const redactor = createRedactor();
  const stem = join(dirname(file), basename(file, extname(file)));
  const nameOf = (index: number) => (index === 0 ? file : `${stem}.${index}${extname(file)}`);

  function line(level: string, event: unknown, detail: unknown): string {
    const at = new Date().toISOString();
    const safe = redactor.value(detail);
    let text = redactor.known(JSON.stringify({ at, level, event, detail: safe }));
    if (text.length > MAX_LINE_CHARS) {
      // Cut after redaction: no secret survives to be cut in half.
      const head = redactor.known(JSON.stringify(safe)).slice(0, MAX_LINE_CHARS / 4);
      text = JSON.stringify({ at, level, event, detail: { truncated: true, head } });
    }
    return text;
  }

  const logger = electronLog.create({ logId: `cashdesk-${process.pid}-${++instances}` });
  // The file only: no console, and no IPC or remote transport under any runtime.
  for (const [name, other] of Object.entries(logger.transports))
    if (name !== 'file' && other) other.level = false;
  const transport: FileTransport = logger.transports.file;
  transport.level = 'info';
  transport.sync = false;
  // The path is ours; without a name electron-log's Node entry looks for a package.json near the
  // working folder to name the default path, and throws from outside the repo.
  transport.setAppName('CashDesk');
  transport.resolvePathFn = () => file;
  transport.writeOptions = { flag: 'a', mode: PRIVATE_FILE_MODE, encoding: 'utf8' };
  // The hook hands over the finished line: nothing for electron-log to format or inspect.
  transport.transforms = [({ data }) => data[0]];
  // Rotation is ours: electron-log counts a file's bytes only once written, so a burst of lines
  // would all land in one file past its limit; here every queued line is counted.
  transport.maxSize = 0;

  /** Bytes in the current file once every line handed to the transport is written. */
  let size = existsSync(file) ? statSync(file).size : 0;
  /** Lines past the current file's limit, waiting for the rotation; null when none is due. */
  let held: LogMessage[] | null = null;
  /** The rotation under way, while lines are held. */
  let rotation: Promise<void> = Promise.resolve();
  let logged = false;
  const bytesOf = (message: LogMessage) => Buffer.byteLength(message.data[0] as string) + EOL.length;
  const overflows = (bytes: number) => size > 0 && size + bytes > maxBytes;

  function rotateFiles(): boolean {
    try {
      rmSync(nameOf(files - 1), { force: true });
      for (let index = files - 2; index >= 0; index--) {
        if (existsSync(nameOf(index))) renameSync(nameOf(index), nameOf(index + 1));
      }
      return true;
    } catch {
      // A file held open elsewhere (an antivirus scan on Windows): append, and rotate next time.
      return false;
    }
  }

  /** Once the current file's last line is on disk: renames the files, then writes what waited. */
  async function rotate(): Promise<void> {
    while (held?.length) {
      await drained();
      const rotated = rotateFiles();
      if (rotated) size = 0;
      // By index, then one slice: a burst can hold thousands of lines, and shift() is linear.
      let taken = 0;
      for (; taken < held.length; taken++) {
        const bytes = bytesOf(held[taken]!);
        if (rotated && overflows(bytes)) break;
        size += bytes;
        transport(held[taken]!);
      }
      held = held.slice(taken);
    }
    held = null;
  }

  logger.hooks.push((message, target) => {
    if (target !== transport) return false;
    logged = true;
    try {
      const [event, detail] = message.data as [unknown, unknown];
      // The transport adds the line's end itself.
      const finished = { ...message, data: [line(message.level, event, detail)] };
      const bytes = bytesOf(finished);
      if (held || overflows(bytes)) {
        if (held) held.push(finished);
        else {
          held = [finished];
          rotation = rotate().catch(() => {
            // The file cannot be reached at all: what waited is lost, as a failed write's lines are.
            held = null;
          });
        }
        return false;
      }
      size += bytes;
      return finished;
    } catch {
      // A value that cannot be serialized must not stop the counter: the line is dropped.
      return false;
    }
  });

  function write(level: LogLevel, event: string, detail: unknown) {
    try {
      logger[level](event, detail);
    } catch {
      // A full disk must not stop the counter; the database still holds every operation.
    }
  }

  /** Resolves once electron-log's file has no write in flight and none queued. */
  async function drained(): Promise<void> {
    const queued = transport.getFile() as unknown as QueuedFile;
    while (queued.hasActiveAsyncWriting || (queued.asyncWriteQueue?.length ?? 0) > 0) {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_POLL_MS));
    }
  }

  /** Resolves once every line logged so far is on disk (or its write has failed). */
  async function flush(): Promise<void> {
    if (!logged) return;
    await rotation;
    await drained();
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
    /** Waits for the lines still being written: core.close() awaits it, and so does an export. */
    flush,
  };
}

export type Log = ReturnType<typeof createLog>;

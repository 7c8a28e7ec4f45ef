// The diagnostics zip a supervisor sends to support: the log files, the versions, the database's
// statistics, the connectivity history and the lookup queue. It holds no secret: the log files are
// redacted as they are written and checked again against the secrets known now, and everything
// else passes the same redaction; no operation's payer data is put in at all.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { arch, version as osVersion, platform, release } from 'node:os';
import { basename, dirname, extname, isAbsolute, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { strToU8, Zip, type ZipInputFile } from 'fflate';
import type { Connectivity, Settings } from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { Log } from '../log.ts';
import { placeFile } from '../placed-file.ts';
import { DATABASE_FILE } from '../store/index.ts';
import type { ConnectivityHistory } from './connectivity-history.ts';

export type RuntimeVersions = {
  app: string;
  /** Passed in by the Electron shell; null under plain Node (tests, the browser preview). */
  electron: string | null;
  chrome: string | null;
};

export type DiagnosticsSource = {
  dataDir: string;
  log: Log;
  versions: RuntimeVersions;
  settings: () => Settings;
  connectivity: () => Connectivity;
  history: ConnectivityHistory;
  clock: Pick<Clock, 'now'>;
};

export async function buildDiagnostics(source: DiagnosticsSource): Promise<Uint8Array> {
  const { log } = source;
  const json = (value: unknown) => strToU8(`${JSON.stringify(log.redact(value), null, 2)}\n`);
  const files: Record<string, Uint8Array> = {
    'versions.json': json({
      exportedAt: isoNow(source.clock),
      ...source.versions,
      node: process.versions.node,
      os: { platform: platform(), arch: arch(), release: release(), version: osVersion() },
    }),
    'settings.json': json(source.settings()),
    'database.json': json(databaseStatistics(source.dataDir)),
    'connectivity.json': json({ now: source.connectivity(), changes: source.history.changes() }),
    'queue.json': json(queue(source.dataDir)),
  };
  // The lines logged up to now are on disk before the files are read.
  await log.flush();
  for (const file of log.files()) {
    files[`logs/${basename(file)}`] = strToU8(await redactInSlices(log, await readFile(file, 'utf8')));
  }
  return zipped(files, new Date(source.clock.now()));
}

const deflateInPool = promisify(deflateRaw);

/**
 * The zip, each file deflated in libuv's thread pool one after another and only framed by fflate
 * here: the event loop does no compression, and the export never takes more than one core from the
 * counter (fflate's own async zip starts a worker per file, all at once).
 */
async function zipped(files: Record<string, Uint8Array>, mtime: Date): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let zipper!: Zip;
  const done = new Promise<void>((resolve, reject) => {
    zipper = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve();
    });
  });
  for (const [filename, bytes] of Object.entries(files)) {
    const deflated = await deflateInPool(bytes, { level: 6 });
    const entry: ZipInputFile = { filename, size: bytes.length, crc: crc32(bytes), compression: 8, mtime };
    zipper.add(entry);
    entry.ondata!(null, deflated, true);
  }
  zipper.end();
  await done;
  return Buffer.concat(chunks);
}

/** About a few milliseconds of redaction: the event loop is free for a reply between slices. */
const SLICE_CHARS = 64 * 1024;

/**
 * A log file checked again against what the log knows now, whole lines at a time: a megabyte of
 * lines in one go would keep the counter's replies waiting for the length of the scan.
 */
async function redactInSlices(log: Log, text: string): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start + SLICE_CHARS);
    const end = newline === -1 ? text.length : newline + 1;
    parts.push(log.redactText(text.slice(start, end)));
    start = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parts.join('');
}

/** Writes the zip whole or not at all, to an absolute .zip path in a folder that exists. */
export async function exportDiagnostics(
  source: DiagnosticsSource,
  path: string,
): Promise<{ path: string; bytes: number }> {
  if (!isAbsolute(path) || extname(path).toLowerCase() !== '.zip' || path.includes('\0')) {
    throw new AgentError('validation', refusal('diagnostics.absoluteZip'), { field: 'path' });
  }
  if (!existsSync(dirname(path)) || !statSync(dirname(path)).isDirectory()) {
    throw new AgentError('validation', refusal('diagnostics.noFolder'), {
      field: 'path',
    });
  }
  const zipped = await buildDiagnostics(source);
  try {
    // Two exports to one path each write a file of their own: the zip left there is one of them whole.
    await placeFile(path, (file) => file.writeFile(zipped), { replace: true });
  } catch (error) {
    source.log.warn('diagnostics_failed', { error });
    throw new AgentError('storage', refusal('diagnostics.notWritten'), { field: 'path' });
  }
  source.log.info('diagnostics_exported', { path, bytes: zipped.byteLength });
  return { path, bytes: zipped.byteLength };
}

/** A read-only look beside the core's own connection: WAL lets it read without blocking a write. */
function readDatabase<T>(dataDir: string, read: (db: DatabaseSync) => T): T | { unreadable: string } {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
    return read(db);
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}

function size(file: string): number | null {
  return existsSync(file) ? statSync(file).size : null;
}

function databaseStatistics(dataDir: string) {
  const file = join(dataDir, DATABASE_FILE);
  return {
    bytes: { database: size(file), wal: size(`${file}-wal`), shm: size(`${file}-shm`) },
    ...readDatabase(dataDir, (db) => {
      const tables = db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all()
        .map((row) => String(row.name));
      const migrations = db
        .prepare('SELECT version, name, applied_at AS appliedAt FROM schema_migrations ORDER BY version')
        .all();
      return {
        schemaVersion: migrations.at(-1)?.version ?? 0,
        migrations,
        rows: Object.fromEntries(
          tables.map((table) => [
            table,
            Number(db.prepare(`SELECT COUNT(*) AS n FROM "${table.replaceAll('"', '""')}"`).get()?.n),
          ]),
        ),
        // Where operations stand, counted: no number, no payer, no amount.
        operations: db
          .prepare(
            `SELECT origin, training, type, phase, status, custody_at IS NOT NULL AS custody,
                    mismatch IS NOT NULL AS mismatch, COUNT(*) AS count
             FROM operations GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY count DESC`,
          )
          .all(),
      };
    }),
  };
}

/** The lookups waiting: which operation, why, how often tried, and the last error (redacted). */
function queue(dataDir: string) {
  return readDatabase(dataDir, (db) =>
    db
      .prepare(
        `SELECT shop_id AS shopId, operation_number AS operationNumber, reason, attempts, due_at AS dueAt,
                created_at AS createdAt, waiting, last_error AS lastError
         FROM outbox ORDER BY due_at`,
      )
      .all(),
  );
}

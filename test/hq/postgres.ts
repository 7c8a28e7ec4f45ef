// A real PostgreSQL for the head office's tests: Debian's `postgresql` binaries, a cluster in a temp
// folder owned by an unprivileged user (PostgreSQL refuses root, and CI runs as root: then the
// `postgres` user, through runuser), on a loopback port; a fresh database per test.
//
// Under npm test one server serves every file (test/run-tests.ts starts it and names it in
// CASHDESK_POSTGRES): an initdb and a start cost some 1.5 s of CPU, and about 20 files need one.
// A file that restarts its server asks for one of its own; a file run by itself starts its own.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `databaseUrl`'s database into `file`, in the custom format, as docs/hq-scale.md's nightly dump
 * (a client: it runs as any user).
 */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  await run(join(postgresBin(), 'pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** `file` (pg_dump's custom format) into the empty database at `databaseUrl`, as docs/hq-scale.md restores. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  await run(join(postgresBin(), 'pg_restore'), [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

export type Postgres = {
  readonly port: number;
  /** A new, empty database; its connection URL. */
  createDatabase(): Promise<string>;
  /** Stops the server as an operator's restart does (every session terminated), and starts it again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/** The environment variable that names the run's shared server: the URL of its `postgres` database. */
export const SHARED_POSTGRES = 'CASHDESK_POSTGRES';

/**
 * A server for this test file: the run's shared one (its databases dropped when the file stops it),
 * or, with `own` or when the run shares none, one of its own.
 */
export async function startPostgres(options: { own?: boolean } = {}): Promise<Postgres> {
  const shared = process.env[SHARED_POSTGRES];
  return shared && !options.own ? sharedPostgres(shared) : ownPostgres();
}

function sharedPostgres(url: string): Postgres {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  admin.on('error', () => undefined);
  const created: string[] = [];
  return {
    port: Number(new URL(url).port),
    async createDatabase() {
      const name = `hq_test_${process.pid}_${created.length + 1}`;
      await admin.query(`CREATE DATABASE ${name}`);
      created.push(name);
      return Object.assign(new URL(url), { pathname: `/${name}` }).href;
    },
    async restart() {
      throw new Error('The run’s shared PostgreSQL is not restarted: startPostgres({ own: true })');
    },
    async stop() {
      // The file's HQs have closed their pools by now; a straggler's connection must not keep a database.
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function ownPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'hq-pg-'));
  const data = join(dir, 'data');
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await as('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-instructions',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  const port = await freePort();
  await as('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c max_connections=500 -c shared_buffers=128MB`,
    'start',
  ]);
  const admin = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 2 });
  // A restart ends its idle connections; the pool drops them and connects again when asked.
  admin.on('error', () => undefined);
  let count = 0;
  return {
    port,
    async createDatabase() {
      count += 1;
      const name = `hq_test_${process.pid}_${count}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart() {
      // pg_ctl restart starts the server with the options it last ran with (postmaster.opts).
      await as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']);
    },
    async stop() {
      await admin.end();
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

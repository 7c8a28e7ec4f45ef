// A real PostgreSQL for the head office's tests: Debian's `postgresql` binaries, a cluster in a temp
// folder owned by an unprivileged user (PostgreSQL refuses root, and CI runs as root: then the
// `postgres` user, through runuser), on a loopback port; one server per test file, a fresh
// database per test.
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

export type Postgres = {
  readonly port: number;
  /** A new, empty database; its connection URL. */
  createDatabase(): Promise<string>;
  /** Stops the server as an operator's restart does (every session terminated), and starts it again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

export async function startPostgres(): Promise<Postgres> {
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
    `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=128MB`,
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

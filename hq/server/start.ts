// Starts HQ on a database: the server the tests, the bench and `npm run hq` all run.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createHq } from './app.ts';
import type { Db } from './db.ts';
import { hashPassword, randomPassword } from './secrets.ts';

export type RunningHq = { url: string; close(): Promise<void> };

export async function startHq(
  db: Db,
  options: { port?: number; host?: string; dashboardDir?: string; retentionDays?: number } = {},
): Promise<RunningHq> {
  const { app } = await createHq(db, options.dashboardDir, options.retentionDays);
  const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: options.host ?? '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** The first admin, when HQ has no user yet: its password is made up here, returned once, stored hashed. */
export async function firstAdmin(
  db: Db,
  username = 'admin',
): Promise<{ username: string; password: string } | null> {
  const password = randomPassword();
  const inserted = await db.query(
    `INSERT INTO hq_users (username, password_hash, role)
     SELECT $1, $2, 'admin' WHERE NOT EXISTS (SELECT 1 FROM hq_users) ON CONFLICT DO NOTHING`,
    [username, await hashPassword(password)],
  );
  return inserted.rowCount ? { username, password } : null;
}

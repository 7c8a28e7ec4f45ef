// The head office's HTTP app: the desks' API, staff sign-in, the dashboard's reads and admin
// actions, and the built dashboard (dist/hq) under a strict CSP.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { StaffRefusal } from '../../common/hq-api/staff-admin.ts';
import { DEFAULT_RETENTION_DAYS } from '../../common/journal-entry.ts';
import { englishRefusal, refusal } from '../../common/refusal.ts';
import type { Db } from './db.ts';
import { deskRoutes } from './desk-routes.ts';
import { failureOf } from './errors.ts';
import { migrate } from './migrate.ts';
import { loadSigningKey, type SigningKey } from './signing-key.ts';
import { refuse } from './staff-api.ts';
import { authRoutes, type StaffEnv } from './staff-auth.ts';
import { staffRoutes } from './staff-routes.ts';

export const DASHBOARD_DIR = resolve(import.meta.dirname, '..', '..', 'dist', 'hq');
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export type Hq = { app: Hono<StaffEnv>; key: SigningKey };

/**
 * Migrates `db`, loads (or makes) HQ's signing key, and builds the app. `retentionDays`: how long a
 * desk keeps a journal entry after HQ acknowledged it, told in every upload's reply; HQ restored
 * from a backup younger than that finds every entry it lacks still on the desks (docs/hq-scale.md,
 * "Backup and restore").
 */
export async function createHq(
  db: Db,
  dashboardDir = DASHBOARD_DIR,
  retentionDays = DEFAULT_RETENTION_DAYS,
): Promise<Hq> {
  await migrate(db);
  const key = await loadSigningKey(db);
  const app = new Hono<StaffEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
  });
  // A full batch (1,000 entries of a few hundred bytes) fits well under this.
  app.use('/api/*', bodyLimit({ maxSize: 8 * 1024 * 1024 }));
  deskRoutes(app, db, key, retentionDays);
  authRoutes(app, db);
  staffRoutes(app, db, key);
  app.all('/api/*', (c) => refuse(c, 404, 'not_found', refusal('hq.noRoute')));
  app.get('*', (c) => {
    const path = normalize(decodeURIComponent(c.req.path)).replace(/^([/\\])+/, '');
    let file = join(dashboardDir, path);
    if (!file.startsWith(dashboardDir) || !existsSync(file) || !extname(file))
      file = join(dashboardDir, 'index.html');
    if (!existsSync(file)) return c.text('The dashboard is not built: run `npm run build:hq`.', 503);
    return c.body(readFileSync(file), 200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600',
    });
  });
  app.onError((error, c) => {
    const { status, error: kind, refusal: refused } = failureOf(error);
    if (status >= 500) console.error(`hq: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    if (status === 503) c.header('Retry-After', '5');
    return c.json(
      { error: kind, message: englishRefusal(refused), refusal: refused } satisfies StaffRefusal,
      status,
    );
  });
  return { app, key };
}

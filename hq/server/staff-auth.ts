// Head-office staff sign-in: scrypt passwords, a random session id in a Secure, HttpOnly,
// SameSite=Strict cookie (stored as a hash), a CSRF token per session that every mutating request
// must echo in X-CSRF-Token, and sign-in attempts limited per (IP, username).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { StaffMember } from '../../common/hq-api/staff-admin.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { clientIp } from './client-ip.ts';
import type { Db, Queryable } from './db.ts';
import { randomToken, secretHash, verifyPassword } from './secrets.ts';
import { refuse, serve } from './staff-api.ts';

export const SESSION_COOKIE = 'hq_session';
const SESSION_HOURS = 8;
/** Attempts per (IP, username) per window; a success clears the count. */
export const LOGIN_LIMIT = { attempts: 5, windowMs: 15 * 60_000 };

export type Staff = StaffMember & { csrf: string };
export type StaffEnv = { Variables: { staff: Staff } };

export async function audit(
  db: Queryable,
  c: Context,
  userId: number | null,
  action: string,
  detail: Record<string, unknown> = {},
  terminalId: string | null = null,
): Promise<void> {
  await db.query(
    'INSERT INTO hq_audit_log (user_id, terminal_id, action, detail, ip) VALUES ($1, $2, $3, $4, $5)',
    [userId, terminalId, action, JSON.stringify(detail), clientIp(c)],
  );
}

/**
 * Counts an attempt for `key`; allowed while within the limit. In the database, so every HQ worker
 * process (and a restart) counts the same attempts.
 */
async function takeAttempt(db: Db, key: string): Promise<{ allowed: boolean; retryAfterS: number }> {
  const row = await db.query<{ count: number; retry: number }>(
    `INSERT INTO hq_login_attempts AS a (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN a.reset_at <= now() THEN 1 ELSE a.count + 1 END,
       reset_at = CASE WHEN a.reset_at <= now() THEN EXCLUDED.reset_at ELSE a.reset_at END
     RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry`,
    [key, LOGIN_LIMIT.windowMs / 1000],
  );
  const { count, retry } = row.rows[0]!;
  return { allowed: count <= LOGIN_LIMIT.attempts, retryAfterS: Math.max(1, retry) };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in member of staff of this request's session cookie, or null. */
async function sessionOf(db: Db, c: Context): Promise<Staff | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return null;
  const found = await db.query<{
    id: number;
    username: string;
    role: 'admin' | 'supervisor';
    branch_id: number | null;
    csrf: string;
  }>(
    `SELECT u.id, u.username, u.role, u.branch_id, s.csrf FROM hq_sessions s JOIN hq_users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL`,
    [secretHash(id)],
  );
  const row = found.rows[0];
  return row
    ? { id: row.id, username: row.username, role: row.role, branchId: row.branch_id, csrf: row.csrf }
    : null;
}

/** Requires a signed-in member of staff, and on a mutating request the session's CSRF token. */
export function requireStaff(db: Db): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const staff = await sessionOf(db, c);
    if (!staff) return refuse(c, 401, 'signed_out', refusal('hq.signIn'));
    if (MUTATING.has(c.req.method) && c.req.header('x-csrf-token') !== staff.csrf)
      return refuse(c, 403, 'csrf', refusal('hq.csrf'));
    c.set('staff', staff);
    await next();
  };
}

export function requireAdmin(): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    if (c.get('staff').role !== 'admin') return refuse(c, 403, 'forbidden', refusal('hq.adminOnly'));
    await next();
  };
}

export function authRoutes(app: Hono<StaffEnv>, db: Db): void {
  // JSON only: a cross-site form cannot send it without a CORS preflight, which HQ never answers.
  const jsonOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (!(c.req.header('content-type') ?? '').startsWith('application/json'))
      return refuse(c, 415, 'invalid', refusal('hq.sendJson'));
    await next();
  };

  serve(
    app,
    'login',
    [jsonOnly],
    async (c, { body: { username, password } }) => {
      const key = `${clientIp(c)}|${username.toLowerCase()}`;
      // Sign-ins are few: each one sweeps the windows and sessions that have run out.
      await db.query('DELETE FROM hq_login_attempts WHERE reset_at <= now()');
      await db.query('DELETE FROM hq_sessions WHERE expires_at <= now()');
      const slot = await takeAttempt(db, key);
      if (!slot.allowed) {
        await audit(db, c, null, 'login_limited', { username });
        c.header('Retry-After', String(slot.retryAfterS));
        return refuse(
          c,
          429,
          'rate_limited',
          refusal('hq.tooManyLogins', { minutes: Math.ceil(slot.retryAfterS / 60) }),
        );
      }
      const found = await db.query<{ id: number; password_hash: string }>(
        'SELECT id, password_hash FROM hq_users WHERE lower(username) = lower($1) AND disabled_at IS NULL',
        [username],
      );
      const user = found.rows[0];
      const good = user ? await verifyPassword(password, user.password_hash) : false;
      if (!user || !good) {
        await audit(db, c, user?.id ?? null, 'login_failed', { username });
        return refuse(c, 401, 'wrong_login', refusal('hq.wrongLogin'));
      }
      await db.query('DELETE FROM hq_login_attempts WHERE key = $1', [key]);
      const id = randomToken();
      const csrf = randomToken();
      await db.query(
        `INSERT INTO hq_sessions (id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
        [secretHash(id), user.id, csrf, SESSION_HOURS],
      );
      await audit(db, c, user.id, 'login');
      setCookie(c, SESSION_COOKIE, id, {
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/',
        maxAge: SESSION_HOURS * 3600,
      });
      return { csrf };
    },
    phrase('hq.giveLogin'),
  );

  serve(app, 'logout', [requireStaff(db)], async (c) => {
    const id = getCookie(c, SESSION_COOKIE)!;
    await db.query('DELETE FROM hq_sessions WHERE id_hash = $1', [secretHash(id)]);
    await audit(db, c, c.get('staff').id, 'logout');
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
    return { ok: true };
  });

  // Signed out is an answer here, not an error: the dashboard asks on every start.
  serve(app, 'session', [], async (c) => {
    const session = await sessionOf(db, c);
    if (!session) return { staff: null, csrf: null };
    const { csrf, ...staff } = session;
    return { staff, csrf };
  });
}

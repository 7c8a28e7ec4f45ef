// The head-office admin's actions: branches, enrolment codes, desks and their tokens, users,
// supervisor-reset codes and HQ's own audit log. Each action is written to the audit log.
import type { Hono, MiddlewareHandler } from 'hono';
import QRCode from 'qrcode';
import type { AuditLogEntry, StaffUser } from '../../common/hq-api/staff-admin.ts';
import { qrPath } from '../../common/qr-path.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { signResetCode } from '../../common-node/reset-code.ts';
import type { Db } from './db.ts';
import { enrolmentCode, hashPassword, randomPassword, secretHash } from './secrets.ts';
import type { SigningKey } from './signing-key.ts';
import { refuse, serve } from './staff-api.ts';
import { audit, type StaffEnv } from './staff-auth.ts';
import { readDesks } from './staff-views.ts';

const ENROLMENT_CODE_HOURS = 72;
const RESET_CODE_MINUTES = 60;

type UserRow = {
  id: number;
  username: string;
  role: 'admin' | 'supervisor';
  branch_id: number | null;
  disabled: boolean;
};
const user = (r: UserRow): StaffUser => ({
  id: r.id,
  username: r.username,
  role: r.role,
  branchId: r.branch_id,
  disabled: r.disabled,
});

type LogRow = {
  id: string;
  at: string;
  username: string | null;
  terminal_id: string | null;
  action: string;
  detail: Record<string, unknown>;
  ip: string | null;
};
const logEntry = (r: LogRow): AuditLogEntry => ({
  id: r.id,
  at: r.at,
  username: r.username,
  terminalId: r.terminal_id,
  action: r.action,
  detail: r.detail,
  ip: r.ip,
});

export function adminRoutes(
  app: Hono<StaffEnv>,
  db: Db,
  key: SigningKey,
  guards: MiddlewareHandler<StaffEnv>[],
): void {
  serve(app, 'adminBranches', guards, async () => {
    const rows = await db.query<{ id: number; name: string; created_at: string }>(
      'SELECT id, name, created_at FROM hq_branches ORDER BY name',
    );
    return { branches: rows.rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at })) };
  });

  serve(
    app,
    'addBranch',
    guards,
    async (c, { body: { name } }) => {
      const inserted = await db.query<{ id: number }>(
        'INSERT INTO hq_branches (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id',
        [name],
      );
      const made = inserted.rows[0];
      if (!made) return refuse(c, 409, 'exists', refusal('hq.branchExists'));
      await audit(db, c, c.get('staff').id, 'branch_created', { id: made.id, name });
      return { id: made.id, name };
    },
    phrase('hq.giveBranchName'),
  );

  serve(
    app,
    'issueEnrolmentCode',
    guards,
    async (c, { body: { branchId, terminalId } }) => {
      const branch = await db.query('SELECT 1 FROM hq_branches WHERE id = $1', [branchId]);
      if (!branch.rowCount) return refuse(c, 404, 'not_found', refusal('hq.noBranch'));
      const code = enrolmentCode();
      const row = await db.query<{ expires_at: string }>(
        `INSERT INTO hq_enrolment_codes (code_hash, branch_id, terminal_id, created_by, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5)) RETURNING expires_at`,
        [secretHash(code), branchId, terminalId, c.get('staff').id, ENROLMENT_CODE_HOURS],
      );
      await audit(db, c, c.get('staff').id, 'enrolment_code_issued', { branchId }, terminalId);
      return { code, terminalId, expiresAt: row.rows[0]!.expires_at };
    },
    phrase('hq.chooseBranchTerminal'),
  );

  serve(app, 'adminDesks', guards, async () => ({
    desks: await readDesks(db, 'ORDER BY b.name, d.terminal_id', []),
  }));

  serve(
    app,
    'revokeDesk',
    guards,
    async (c, { params: { terminalId } }) => {
      const done = await db.query(
        'UPDATE hq_desks SET token_revoked_at = now() WHERE terminal_id = $1 AND token_revoked_at IS NULL',
        [terminalId],
      );
      if (!done.rowCount) return refuse(c, 404, 'not_found', refusal('hq.noLiveDesk'));
      await audit(db, c, c.get('staff').id, 'desk_token_revoked', {}, terminalId);
      return { ok: true };
    },
    phrase('hq.noLiveDesk'),
  );

  serve(app, 'users', guards, async () => {
    const rows = await db.query<UserRow>(
      'SELECT id, username, role, branch_id, disabled_at IS NOT NULL AS disabled FROM hq_users ORDER BY username',
    );
    return { users: rows.rows.map(user) };
  });

  serve(
    app,
    'addUser',
    guards,
    async (c, { body: { username, role, branchId } }) => {
      const password = randomPassword();
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO hq_users (username, password_hash, role, branch_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (username) DO NOTHING RETURNING id`,
        [username, await hashPassword(password), role, branchId],
      );
      const made = inserted.rows[0];
      if (!made) return refuse(c, 409, 'exists', refusal('hq.usernameTaken'));
      await audit(db, c, c.get('staff').id, 'user_created', { id: made.id, username, role, branchId });
      return { id: made.id, username, password };
    },
    phrase('hq.userFields'),
  );

  serve(
    app,
    'issueResetCode',
    guards,
    async (c, { body: { terminalId } }) => {
      const desk = await db.query('SELECT 1 FROM hq_desks WHERE terminal_id = $1', [terminalId]);
      if (!desk.rowCount) return refuse(c, 404, 'not_found', refusal('hq.noEnrolledDesk'));
      const { code, payload } = signResetCode(
        key.privateKey,
        terminalId,
        new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
      );
      await audit(
        db,
        c,
        c.get('staff').id,
        'reset_code_issued',
        { nonce: payload.nonce, expiresAt: payload.expiresAt },
        terminalId,
      );
      // M, as on receipts: a printout folded or smudged up to 15 % still scans.
      const qr = qrPath(QRCode.create(code, { errorCorrectionLevel: 'M' }).modules);
      return { code, qr, ...payload };
    },
    phrase('hq.giveTerminal'),
  );

  serve(app, 'auditLog', guards, async () => {
    const rows = await db.query<LogRow>(
      `SELECT l.id::text AS id, l.at, u.username, l.terminal_id, l.action, l.detail, l.ip
         FROM hq_audit_log l LEFT JOIN hq_users u ON u.id = l.user_id ORDER BY l.id DESC LIMIT 200`,
    );
    return { entries: rows.rows.map(logEntry) };
  });
}

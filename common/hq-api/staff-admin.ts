// Staff sign-in and the head-office admin's pages: branches, enrolment codes, desks and their
// tokens, users, supervisor-reset codes and HQ's own audit log.
import { z } from 'zod';
import { ResetCodePayload, terminalId } from '../journal-entry.ts';
import { refusalFields } from '../refusal.ts';
import { text } from '../text.ts';
import { DeskSummary } from './staff-views.ts';

const at = z.iso.datetime();
const id = z.number().int().positive();
const role = z.enum(['admin', 'supervisor']);

/** A signed-in member of staff; a supervisor reads one branch, an admin every branch. */
export const StaffMember = z.object({ id, username: text, role, branchId: id.nullable() });
export type StaffMember = z.infer<typeof StaffMember>;

/**
 * Every refusal of a staff request: a kind to act on, and its reason as a key of the refusal
 * catalogue (the dashboard says it in the reader's language) with the same in English.
 */
export const StaffRefusal = z.object({
  error: z.enum([
    'invalid',
    'signed_out',
    'csrf',
    'forbidden',
    'not_found',
    'exists',
    'rate_limited',
    'wrong_login',
    'conflict',
    'too_large',
    'unavailable',
    'server',
  ]),
  message: text,
  refusal: z.object(refusalFields).optional(),
});
export type StaffRefusal = z.infer<typeof StaffRefusal>;

export const Done = z.object({ ok: z.literal(true) });
export type Done = z.infer<typeof Done>;

/** POST /api/login */
export const LoginRequest = z.object({
  username: text.trim().min(1).max(120),
  password: text.min(1).max(200),
});
export const LoginReply = z.object({ csrf: text });
export type LoginReply = z.infer<typeof LoginReply>;

/** GET /api/session: signed out is an answer, not an error. */
export const SessionReply = z.object({ staff: StaffMember.nullable(), csrf: text.nullable() });
export type SessionReply = z.infer<typeof SessionReply>;

export const AdminBranch = z.object({ id, name: text, createdAt: at });
/** GET /api/admin/branches */
export const AdminBranchesReply = z.object({ branches: z.array(AdminBranch) });
export type AdminBranchesReply = z.infer<typeof AdminBranchesReply>;

/** POST /api/admin/branches */
export const NewBranchRequest = z.object({ name: text.trim().min(1).max(120) });
export const NewBranchReply = z.object({ id, name: text });
export type NewBranchReply = z.infer<typeof NewBranchReply>;

/** POST /api/admin/enrolment-codes: a one-time code for one terminal of one branch. */
export const EnrolmentCodeRequest = z.object({ branchId: id, terminalId });
export const EnrolmentCodeReply = z.object({ code: text, terminalId, expiresAt: at });
export type EnrolmentCodeReply = z.infer<typeof EnrolmentCodeReply>;

/** GET /api/admin/desks: every desk of the network. */
export const AdminDesksReply = z.object({ desks: z.array(DeskSummary) });
export type AdminDesksReply = z.infer<typeof AdminDesksReply>;

/** POST /api/admin/desks/:terminalId/revoke */
export const RevokeParams = z.object({ terminalId });

export const StaffUser = StaffMember.extend({ disabled: z.boolean() });
export type StaffUser = z.infer<typeof StaffUser>;
/** GET /api/admin/users */
export const UsersReply = z.object({ users: z.array(StaffUser) });
export type UsersReply = z.infer<typeof UsersReply>;

/** POST /api/admin/users: a supervisor has a branch, an admin none. */
export const NewUserRequest = z
  .object({
    username: z
      .string()
      .trim()
      .min(2)
      .max(60)
      .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ - only'),
    role,
    branchId: id.nullable(),
  })
  .refine((u) => (u.role === 'supervisor') === (u.branchId !== null), {
    message: 'a supervisor has a branch, an admin none',
    path: ['branchId'],
  });
/** The password is shown once, here; HQ keeps only its hash. */
export const NewUserReply = z.object({ id, username: text, password: text });
export type NewUserReply = z.infer<typeof NewUserReply>;

/** POST /api/admin/reset-codes: a signed code for one desk's supervisor reset. */
export const ResetCodeRequest = z.object({ terminalId });
export const ResetCodeReply = ResetCodePayload.extend({
  /** Checked blocks joined by dashes, as typed at the desk and carried by the QR code. */
  code: text,
  /** The QR code of `code`, drawn as one SVG path in a square of `box` modules (common/qr-path.ts). */
  qr: z.object({ box: z.number().int().positive(), path: z.string().regex(/^[Mhvz0-9 -]*$/) }),
});
export type ResetCodeReply = z.infer<typeof ResetCodeReply>;

export const AuditLogEntry = z.object({
  id: z.string().regex(/^\d+$/),
  at,
  username: text.nullable(),
  terminalId: text.nullable(),
  action: text,
  detail: z.record(text, z.unknown()),
  ip: text.nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
/** GET /api/admin/audit-log: the latest 200 actions. */
export const AuditLogReply = z.object({ entries: z.array(AuditLogEntry) });
export type AuditLogReply = z.infer<typeof AuditLogReply>;

// The staff API's one table: each route's method, path and schemas. The server registers these
// paths and validates with these schemas; the dashboard's client calls them and parses the replies.
import type { z } from 'zod';
import {
  AdminBranchesReply,
  AdminDesksReply,
  AuditLogReply,
  Done,
  EnrolmentCodeReply,
  EnrolmentCodeRequest,
  LoginReply,
  LoginRequest,
  NewBranchReply,
  NewBranchRequest,
  NewUserReply,
  NewUserRequest,
  ResetCodeReply,
  ResetCodeRequest,
  RevokeParams,
  SessionReply,
  UsersReply,
} from './staff-admin.ts';
import { AlarmParams, LostEntriesReply, ResolveAlarmRequest } from './staff-alarms.ts';
import {
  AlarmsReply,
  BranchParams,
  BranchReply,
  DeskAuditReply,
  DeskParams,
  DeskReply,
  NetworkReply,
  SearchQuery,
  SearchReply,
  VariancesQuery,
  VariancesReply,
  ZReportsReply,
} from './staff-views.ts';

export type Route = {
  method: 'GET' | 'POST';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
};

export const STAFF_API = {
  login: { method: 'POST', path: '/api/login', body: LoginRequest, reply: LoginReply },
  logout: { method: 'POST', path: '/api/logout', reply: Done },
  session: { method: 'GET', path: '/api/session', reply: SessionReply },
  network: { method: 'GET', path: '/api/network', reply: NetworkReply },
  branch: { method: 'GET', path: '/api/branches/:id', params: BranchParams, reply: BranchReply },
  desk: { method: 'GET', path: '/api/desks/:terminalId', params: DeskParams, reply: DeskReply },
  zReports: { method: 'GET', path: '/api/z-reports', reply: ZReportsReply },
  variances: { method: 'GET', path: '/api/variances', query: VariancesQuery, reply: VariancesReply },
  deskAudit: { method: 'GET', path: '/api/desk-audit', reply: DeskAuditReply },
  alarms: { method: 'GET', path: '/api/alarms', reply: AlarmsReply },
  lostEntries: {
    method: 'GET',
    path: '/api/alarms/:id/entries',
    params: AlarmParams,
    reply: LostEntriesReply,
  },
  search: { method: 'GET', path: '/api/search', query: SearchQuery, reply: SearchReply },
  adminBranches: { method: 'GET', path: '/api/admin/branches', reply: AdminBranchesReply },
  addBranch: { method: 'POST', path: '/api/admin/branches', body: NewBranchRequest, reply: NewBranchReply },
  issueEnrolmentCode: {
    method: 'POST',
    path: '/api/admin/enrolment-codes',
    body: EnrolmentCodeRequest,
    reply: EnrolmentCodeReply,
  },
  adminDesks: { method: 'GET', path: '/api/admin/desks', reply: AdminDesksReply },
  revokeDesk: {
    method: 'POST',
    path: '/api/admin/desks/:terminalId/revoke',
    params: RevokeParams,
    reply: Done,
  },
  users: { method: 'GET', path: '/api/admin/users', reply: UsersReply },
  addUser: { method: 'POST', path: '/api/admin/users', body: NewUserRequest, reply: NewUserReply },
  issueResetCode: {
    method: 'POST',
    path: '/api/admin/reset-codes',
    body: ResetCodeRequest,
    reply: ResetCodeReply,
  },
  auditLog: { method: 'GET', path: '/api/admin/audit-log', reply: AuditLogReply },
  resolveAlarm: {
    method: 'POST',
    path: '/api/admin/alarms/:id/resolve',
    params: AlarmParams,
    body: ResolveAlarmRequest,
    reply: Done,
  },
} as const satisfies Record<string, Route>;

export type StaffRoute = keyof typeof STAFF_API;
type Def<N extends StaffRoute> = (typeof STAFF_API)[N];
type Part<N extends StaffRoute, K extends 'params' | 'query' | 'body'> =
  Def<N> extends Record<K, infer S extends z.ZodType> ? { [P in K]: z.input<S> } : { [P in K]?: never };

/** What a call of route N sends: its path parameters, query and body, each as the route declares. */
export type StaffInput<N extends StaffRoute> = Part<N, 'params'> & Part<N, 'query'> & Part<N, 'body'>;
/** What route N answers with 200. */
export type StaffReply<N extends StaffRoute> = z.output<Def<N>['reply']>;

/** Route N's path with its parameters filled in, and its query: what the client fetches. */
export function staffUrl<N extends StaffRoute>(name: N, input: StaffInput<N>): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = STAFF_API[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key])),
  );
  const query = Object.entries((input.query ?? {}) as Record<string, string | undefined>)
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

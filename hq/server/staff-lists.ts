// The lists across the network, or a supervisor's branch: Z reports, variances over a threshold,
// the desks' audit trail, alarms, and the search by operation number. Every row carries the
// branch it belongs to, and each query reads only the reader's.
import type { Hono, MiddlewareHandler } from 'hono';
import type { Alarm, DeskAuditEvent, FoundOperation, Variance } from '../../common/hq-api/staff-views.ts';
import { phrase } from '../../common/refusal.ts';
import type { Db } from './db.ts';
import { scope, serve } from './staff-api.ts';
import type { StaffEnv } from './staff-auth.ts';
import { readZReports } from './staff-views.ts';

type VarianceRow = {
  terminal_id: string;
  seq: string;
  currency: string;
  variance: string;
  closed_at: string;
  branch_name: string;
  count_no: number;
  expected: string | null;
  counted: string | null;
  over_threshold: boolean | null;
  approved: boolean | null;
  note: string | null;
};
const variance = (r: VarianceRow): Variance => ({
  terminalId: r.terminal_id,
  seq: r.seq,
  currency: r.currency,
  variance: r.variance,
  closedAt: r.closed_at,
  branchName: r.branch_name,
  count: r.count_no,
  expected: r.expected,
  counted: r.counted,
  overThreshold: r.over_threshold,
  approved: r.approved,
  note: r.note,
});

type AuditRow = {
  terminal_id: string;
  seq: string;
  at: string;
  action: string;
  actor: string;
  detail: Record<string, string>;
  branch_name: string;
};
const auditEvent = (r: AuditRow): DeskAuditEvent => ({
  terminalId: r.terminal_id,
  seq: r.seq,
  at: r.at,
  action: r.action,
  actor: r.actor,
  detail: r.detail,
  branchName: r.branch_name,
});

type AlarmRow = {
  id: string;
  terminal_id: string;
  seq: string;
  kind: Alarm['kind'];
  stored_hash: string | null;
  received_hash: string;
  at: string;
  operation_number: string | null;
  detail: Record<string, unknown> | null;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution: string | null;
};
const alarm = (r: AlarmRow): Alarm => ({
  id: r.id,
  terminalId: r.terminal_id,
  seq: r.seq,
  kind: r.kind,
  storedHash: r.stored_hash,
  receivedHash: r.received_hash,
  at: r.at,
  operationNumber: r.operation_number,
  detail: r.detail,
  resolved: r.resolved_at ? { at: r.resolved_at, by: r.resolved_by, note: r.resolution ?? '' } : null,
});

type FoundRow = {
  operation_number: string;
  terminal_id: string;
  branch_name: string;
  type: 'payin' | 'payout';
  amount: string;
  currency: string;
  status: string | null;
  outcome_unknown: boolean;
  received: boolean;
  handed_over: boolean;
  handed_over_by: string | null;
  returned: boolean;
  released_by: 'supervisor' | 'z_report' | null;
  open_cash: boolean;
  claimed_by: string | null;
  created_at: string;
};
const found = (r: FoundRow): FoundOperation => ({
  operationNumber: r.operation_number,
  terminalId: r.terminal_id,
  branchName: r.branch_name,
  type: r.type,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  outcomeUnknown: r.outcome_unknown,
  received: r.received,
  handedOver: r.handed_over,
  handedOverBy: r.handed_over_by,
  returned: r.returned,
  releasedBy: r.released_by,
  openCash: r.open_cash,
  claimedBy: r.claimed_by,
  createdAt: r.created_at,
});

export function listViews(app: Hono<StaffEnv>, db: Db, staff: MiddlewareHandler<StaffEnv>): void {
  serve(app, 'zReports', [staff], async (c) => ({
    zReports: await readZReports(
      db,
      'WHERE $1::int IS NULL OR z.branch_id = $1 ORDER BY z.closed_at DESC LIMIT 100',
      [scope(c.get('staff'))],
    ),
  }));

  serve(
    app,
    'variances',
    [staff],
    async (c, { query: { threshold } }) => {
      const rows = await db.query<VarianceRow>(
        `SELECT v.terminal_id, v.seq::text AS seq, v.currency, v.variance::text AS variance, v.closed_at,
                b.name AS branch_name, v.count_no, v.expected::text AS expected, v.counted::text AS counted,
                v.over_threshold, v.approved, v.note
           FROM hq_variances v JOIN hq_branches b ON b.id = v.branch_id
          WHERE abs(v.variance) > $2::numeric AND ($1::int IS NULL OR v.branch_id = $1)
          ORDER BY abs(v.variance) DESC LIMIT 100`,
        [scope(c.get('staff')), threshold],
      );
      return { variances: rows.rows.map(variance) };
    },
    phrase('hq.threshold'),
  );

  serve(app, 'deskAudit', [staff], async (c) => {
    const rows = await db.query<AuditRow>(
      `SELECT a.terminal_id, a.seq::text AS seq, a.at, a.action, a.actor, a.detail, b.name AS branch_name
         FROM hq_desk_audit a JOIN hq_branches b ON b.id = a.branch_id
        WHERE $1::int IS NULL OR a.branch_id = $1 ORDER BY a.at DESC LIMIT 100`,
      [scope(c.get('staff'))],
    );
    return { events: rows.rows.map(auditEvent) };
  });

  serve(app, 'alarms', [staff], async (c) => {
    const rows = await db.query<AlarmRow>(
      `SELECT a.id::text AS id, a.terminal_id, a.seq::text AS seq, a.kind, a.stored_hash, a.received_hash, a.at,
              a.operation_number, a.detail, a.resolved_at, u.username AS resolved_by, a.resolution
         FROM hq_alarms a LEFT JOIN hq_users u ON u.id = a.resolved_by
        WHERE $1::int IS NULL OR a.branch_id = $1 ORDER BY a.at DESC LIMIT 100`,
      [scope(c.get('staff'))],
    );
    return { alarms: rows.rows.map(alarm) };
  });

  serve(
    app,
    'search',
    [staff],
    async (c, { query: { operationNumber } }) => {
      if (!operationNumber) return { operations: [] };
      const rows = await db.query<FoundRow>(
        `SELECT o.operation_number, o.terminal_id, b.name AS branch_name, o.type, o.amount::text AS amount,
                o.currency, o.status, o.outcome_unknown, o.received, o.handed_over, o.handed_over_by, o.returned,
                o.released_by, o.open_cash, c.terminal_id AS claimed_by, o.created_at
           FROM hq_operations o JOIN hq_branches b ON b.id = o.branch_id LEFT JOIN hq_claims c USING (operation_number)
          WHERE o.operation_number = $2 AND ($1::int IS NULL OR o.branch_id = $1)`,
        [scope(c.get('staff')), operationNumber],
      );
      return { operations: rows.rows.map(found) };
    },
    phrase('hq.searchNumber'),
  );
}

// What a batch adds beside the operations and the drawer: Z reports, the variance of every count of
// a close (with its approval), the desks' audit rows, and alarms. Each kind written once per batch.
import type { EntryBody, JournalEntry } from '../../common/journal-entry.ts';
import type { Queryable } from './db.ts';

export type ZRow = { seq: number; body: EntryBody<'z_report'> };
export type AuditRow = { seq: number; at: string; body: EntryBody<'audit'> };
export type AlarmRow = {
  entry: JournalEntry;
  kind: 'double_handover' | 'disagreement' | 'finding';
  operationNumber: string | null;
  detail: Record<string, unknown> | null;
};

/** One variance row: a count's line (count 1, 2 …), or a Z line of a journal that carried no counts (0). */
type VarianceRow = {
  seq: number;
  countNo: number;
  currency: string;
  variance: string;
  expected: string | null;
  counted: string | null;
  overThreshold: boolean | null;
  approved: boolean | null;
  note: string | null;
  at: string;
};

function variancesOf({ seq, body }: ZRow): VarianceRow[] {
  const approval = { approved: body.supervisorApproved ?? null, note: body.note ?? null };
  if (body.counts?.length) {
    return body.counts.flatMap((count, i) =>
      count.lines.map((l) => ({
        seq,
        countNo: i + 1,
        currency: l.currency,
        variance: l.variance,
        expected: l.expected,
        counted: l.counted,
        overThreshold: l.overThreshold,
        ...approval,
        at: count.at,
      })),
    );
  }
  return body.currencies.map((l) => ({
    seq,
    countNo: 0,
    currency: l.currency,
    variance: l.variance,
    expected: l.expected,
    counted: l.counted,
    overThreshold: null,
    ...approval,
    at: body.closedAt,
  }));
}

export async function writeZReports(
  tx: Queryable,
  terminal: string,
  branch: number,
  zReports: readonly ZRow[],
): Promise<void> {
  if (!zReports.length) return;
  await tx.query(
    `INSERT INTO hq_z_reports (terminal_id, seq, branch_id, number, closed_at, body)
     SELECT $1, s, $2, n, c, b FROM unnest($3::bigint[], $4::int[], $5::timestamptz[], $6::jsonb[]) AS u(s, n, c, b)
     ON CONFLICT DO NOTHING`,
    [
      terminal,
      branch,
      zReports.map((z) => z.seq),
      zReports.map((z) => z.body.number),
      zReports.map((z) => z.body.closedAt),
      zReports.map((z) => JSON.stringify(z.body)),
    ],
  );
  const lines = zReports.flatMap(variancesOf);
  await tx.query(
    `INSERT INTO hq_variances (terminal_id, seq, branch_id, count_no, currency, variance, expected, counted,
                               over_threshold, approved, note, closed_at)
     SELECT $1, s, $2, n, c, v, e, k, o, a, t, w
       FROM unnest($3::bigint[], $4::int[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[], $9::bool[],
                   $10::bool[], $11::text[], $12::timestamptz[]) AS u(s, n, c, v, e, k, o, a, t, w)
     ON CONFLICT DO NOTHING`,
    [
      terminal,
      branch,
      lines.map((l) => l.seq),
      lines.map((l) => l.countNo),
      lines.map((l) => l.currency),
      lines.map((l) => l.variance),
      lines.map((l) => l.expected),
      lines.map((l) => l.counted),
      lines.map((l) => l.overThreshold),
      lines.map((l) => l.approved),
      lines.map((l) => l.note),
      lines.map((l) => l.at),
    ],
  );
}

export async function writeAudits(
  tx: Queryable,
  terminal: string,
  branch: number,
  audits: readonly AuditRow[],
): Promise<void> {
  if (!audits.length) return;
  await tx.query(
    `INSERT INTO hq_desk_audit (terminal_id, seq, branch_id, at, action, actor, detail)
     SELECT $1, s, $2, a, ac, w, d FROM unnest($3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[])
       AS u(s, a, ac, w, d)
     ON CONFLICT DO NOTHING`,
    [
      terminal,
      branch,
      audits.map((a) => a.seq),
      audits.map((a) => a.at),
      audits.map((a) => a.body.action),
      audits.map((a) => a.body.actor),
      audits.map((a) => JSON.stringify(a.body.detail)),
    ],
  );
}

export async function writeAlarms(
  tx: Queryable,
  terminal: string,
  alarms: readonly AlarmRow[],
): Promise<void> {
  if (!alarms.length) return;
  await tx.query(
    `INSERT INTO hq_alarms (terminal_id, seq, kind, received_hash, received, operation_number, detail)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::jsonb[])`,
    [
      terminal,
      alarms.map((a) => a.entry.seq),
      alarms.map((a) => a.kind),
      alarms.map((a) => a.entry.hash),
      alarms.map((a) => JSON.stringify(a.entry)),
      alarms.map((a) => a.operationNumber),
      alarms.map((a) => (a.detail ? JSON.stringify(a.detail) : null)),
    ],
  );
  await tx.query('UPDATE hq_desks SET alarms = alarms + $2 WHERE terminal_id = $1', [
    terminal,
    alarms.length,
  ]);
}

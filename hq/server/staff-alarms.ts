// An alarm's own routes: what a desk lost, for staff of the alarm's branch, and its resolution by
// an admin. A resolution carries the admin's note and goes into HQ's audit log; the alarm itself
// stays, with who resolved it, when and why.
import type { Hono, MiddlewareHandler } from 'hono';
import { phrase, refusal } from '../../common/refusal.ts';
import type { Db } from './db.ts';
import { lostEntries } from './desk-epoch.ts';
import { forbidden, refuse, scope, serve } from './staff-api.ts';
import { audit, type StaffEnv } from './staff-auth.ts';

/** At most this many lost entries a reply: a desk that lost more is named as having lost more. */
const LOST_LIMIT = 1000;

type AlarmRow = {
  terminal_id: string;
  kind: string;
  branch_id: number;
  detail: { epoch?: number; from?: number; to?: number } | null;
  resolved_at: string | null;
};

export function alarmRoutes(
  app: Hono<StaffEnv>,
  db: Db,
  staff: MiddlewareHandler<StaffEnv>,
  admin: MiddlewareHandler<StaffEnv>[],
): void {
  const alarmOf = async (id: string) =>
    (
      await db.query<AlarmRow>(
        'SELECT terminal_id, kind, branch_id, detail, resolved_at FROM hq_alarms WHERE id = $1',
        [id],
      )
    ).rows[0];

  serve(
    app,
    'lostEntries',
    [staff],
    async (c, { params: { id } }) => {
      const found = await alarmOf(id);
      const branch = scope(c.get('staff'));
      if (found?.kind !== 'lost_entries') return refuse(c, 404, 'not_found', refusal('hq.noLostAlarm'));
      if (branch !== null && found.branch_id !== branch) return forbidden(c);
      const { epoch = 1, from = 0, to = 0 } = found.detail ?? {};
      const rows = await lostEntries(db, found.terminal_id, epoch, from, to, LOST_LIMIT + 1);
      return {
        terminalId: found.terminal_id,
        epoch,
        from: String(from),
        to: String(to),
        more: rows.length > LOST_LIMIT,
        entries: rows.slice(0, LOST_LIMIT).map((r) => ({
          seq: r.seq,
          at: r.at,
          kind: r.kind,
          operationNumber: r.operation_number,
          amount: r.amount,
          currency: r.currency,
          shiftId: r.shift_id,
        })),
      };
    },
    phrase('hq.alarmNumber'),
  );

  serve(
    app,
    'resolveAlarm',
    admin,
    async (c, { params: { id }, body: { note } }) => {
      const by = c.get('staff').id;
      const done = await db.transaction(async (tx) => {
        const resolved = await tx.query<{ terminal_id: string; kind: string }>(
          `UPDATE hq_alarms SET resolved_at = now(), resolved_by = $2, resolution = $3
            WHERE id = $1 AND resolved_at IS NULL RETURNING terminal_id, kind`,
          [id, by, note],
        );
        const row = resolved.rows[0];
        if (!row) return null;
        // The desk's count is of the alarms a person still has to look at.
        await tx.query('UPDATE hq_desks SET alarms = greatest(alarms - 1, 0) WHERE terminal_id = $1', [
          row.terminal_id,
        ]);
        await audit(tx, c, by, 'alarm_resolved', { alarm: id, kind: row.kind, note }, row.terminal_id);
        return row;
      });
      if (done) return { ok: true };
      const found = await alarmOf(id);
      return found
        ? refuse(c, 409, 'exists', refusal('hq.alarmResolved'))
        : refuse(c, 404, 'not_found', refusal('hq.noAlarm'));
    },
    phrase('hq.sayResolution'),
  );
}

// What head-office staff read and do, each route as common/hq-api declares it. A branch
// supervisor sees only their branch: each query takes the branch it may read (an admin's is every
// branch), and every row it reads carries the branch it belongs to.
import type { Hono } from 'hono';
import type { Db } from './db.ts';
import type { SigningKey } from './signing-key.ts';
import { adminRoutes } from './staff-admin.ts';
import { alarmRoutes } from './staff-alarms.ts';
import { requireAdmin, requireStaff, type StaffEnv } from './staff-auth.ts';
import { listViews } from './staff-lists.ts';
import { liveViews } from './staff-views.ts';

export function staffRoutes(app: Hono<StaffEnv>, db: Db, key: SigningKey): void {
  const staff = requireStaff(db);
  liveViews(app, db, staff);
  listViews(app, db, staff);
  adminRoutes(app, db, key, [staff, requireAdmin()]);
  alarmRoutes(app, db, staff, [staff, requireAdmin()]);
}

// An alarm's own routes: the entries a desk lost (what the terminal's old stream held past its new
// stream's start), readable by staff of the alarm's branch, and an admin's resolution with a note.
import { z } from 'zod';
import { terminalId } from '../journal-entry.ts';
import { text } from '../text.ts';
import { bigintText } from './staff-views.ts';

/** /api/alarms/:id/… */
export const AlarmParams = z.object({ id: bigintText.max(18) });

export const LostEntry = z.object({
  seq: bigintText,
  at: z.iso.datetime(),
  kind: text,
  /** What the entry names, when its kind names it: the operation, its money, the shift. */
  operationNumber: text.nullable(),
  amount: text.nullable(),
  currency: text.nullable(),
  shiftId: text.nullable(),
});
export type LostEntry = z.infer<typeof LostEntry>;

/** GET /api/alarms/:id/entries: a lost_entries alarm's entries, in seq order (at most `limit`). */
export const LostEntriesReply = z.object({
  terminalId,
  epoch: z.number().int().positive(),
  from: bigintText,
  to: bigintText,
  entries: z.array(LostEntry),
  /** More were lost than listed. */
  more: z.boolean(),
});
export type LostEntriesReply = z.infer<typeof LostEntriesReply>;

/** POST /api/admin/alarms/:id/resolve: what was done about it, kept in HQ's audit log. */
export const ResolveAlarmRequest = z.object({ note: text.trim().min(1).max(2000) });

// The desks' API (docs/hq-api.md) in one table: each route's method, path and schemas. Its
// requests and replies are the journal contract's (common/journal-entry.ts); HQ's server registers
// these paths and parses these requests, and the desk's client calls them and parses the replies.
// Every refusal is a DeskRefusal, except an upload's 409, an UploadRefusal.
import { z } from 'zod';
import { EnrolRequest, EnrolResponse } from '../journal-enrolment.ts';
import {
  ClaimRequest,
  ClaimResponse,
  PayoutState,
  retentionDays,
  UploadRefusal,
  UploadRequest,
  UploadResponse,
} from '../journal-entry.ts';

/** GET /api/desk/journal/high-water: the last seq HQ holds of this desk's stream, 0 for none. */
export const HighWaterReply = z.object({
  highWater: z.number().int().nonnegative(),
  retentionDays: retentionDays.optional(),
});
export type HighWaterReply = z.infer<typeof HighWaterReply>;

export const DESK_API = {
  enrol: { method: 'POST', path: '/api/desk/enrol', body: EnrolRequest, reply: EnrolResponse },
  highWater: { method: 'GET', path: '/api/desk/journal/high-water', reply: HighWaterReply },
  upload: {
    method: 'POST',
    path: '/api/desk/journal',
    body: UploadRequest,
    reply: UploadResponse,
    refusal: UploadRefusal,
  },
  payout: { method: 'GET', path: '/api/desk/payouts/:operationNumber', reply: PayoutState },
  claim: {
    method: 'POST',
    path: '/api/desk/payouts/:operationNumber/claim',
    body: ClaimRequest,
    reply: ClaimResponse,
  },
} as const;

export type DeskRoute = keyof typeof DESK_API;

/** Route `name`'s path with its operation number filled in. */
export function deskPath(name: DeskRoute, operationNumber = ''): string {
  return DESK_API[name].path.replace(':operationNumber', encodeURIComponent(operationNumber));
}

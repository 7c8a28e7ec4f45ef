// The head office seen from the desk: its enrolment in Settings, the upload's state, the payouts
// shared with the branch and the supervisor reset's code.
import { z } from 'zod';
import { pin } from './agent-day.ts';
import { channel, none, read } from './channel.ts';
import { isoTime, localId, OperationView } from './values.ts';

/** "Head office: up to date / N entries waiting / last reached at …", and what stops the upload. */
export const HeadOfficeStatus = z.object({
  enrolled: z.boolean(),
  url: z.string().nullable(),
  branchName: z.string().nullable(),
  terminalId: z.string().nullable(),
  waiting: z.number().int().nonnegative(),
  lastReachedAt: isoTime.nullable(),
  /** refused: HQ refused the journal (a person must call head office); token_rejected: enrol again. */
  alarm: z.enum(['refused', 'token_rejected']).nullable(),
  /** The alarm in plain words, or null. */
  message: z.string().nullable(),
  /** RESET-SUPERVISOR-PIN is in the data folder of this enrolled desk: the supervisor screen asks for HQ's code. */
  resetArmed: z.boolean(),
});
export type HeadOfficeStatus = z.infer<typeof HeadOfficeStatus>;

export const headOfficeChannels = {
  'hq.status': read(none, HeadOfficeStatus),
  /** The supervisor's: the head office's address and the one-time code an HQ admin gave. */
  'hq.enrol': channel(
    z
      .object({
        url: z.string().trim().min(1).max(500),
        code: z.string().trim().min(1).max(40),
      })
      .strict(),
    HeadOfficeStatus,
  ),
  /**
   * The supervisor releases this desk's captured cash payout, not handed over, to its branch: from
   * then on this desk no longer hands it over.
   */
  'hq.release': channel(z.object({ localId, supervisorPin: pin.optional() }).strict(), OperationView),
  /**
   * Another desk's released payout, looked up here: claimed at the head office before its cash is
   * handed over, online only, so exactly one desk wins the claim.
   */
  'hq.claim': channel(z.object({ localId }).strict(), OperationView),
  /** The armed supervisor reset, completed with the one-time code the head office issued for this terminal. */
  'supervisor.resetWithCode': channel(
    z.object({ code: z.string().trim().min(1).max(400) }).strict(),
    z.object({ reset: z.literal(true) }),
  ),
} as const;

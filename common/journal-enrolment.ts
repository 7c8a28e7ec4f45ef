// Enrolment at the head office (docs/hq-api.md): the one-time code, the desk's public key and where
// its journal stands, and HQ's answer: the desk's token, its branch, HQ's key and the stream it goes on in.
import { z } from 'zod';
import { hex64, terminalId } from './journal-entry.ts';
import { text } from './text.ts';

/** At most this many of a desk's entry hashes at enrolment (EnrolRequest.journal). */
export const MAX_CHECKPOINTS = 1200;

/** The one-time code as a head-office admin reads it out: 4 groups of 4 from an alphabet without 0/O, 1/I. */
export const ENROLMENT_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;
export const EnrolRequest = z.object({
  code: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(ENROLMENT_CODE_PATTERN, 'a code like ABCD-EFGH-JKLM-NPQR')),
  terminalId,
  /** The desk's Ed25519 public key (SPKI PEM) that HQ checks its batches with; absent from a desk too old to sign. */
  deskPublicKey: z.string().startsWith('-----BEGIN PUBLIC KEY-----').max(200).optional(),
  /**
   * Where the desk's own journal stands: its entries' hashes at some seqs (every one near its last
   * entry and near HQ's last acknowledgement, sparser further back). HQ finds the last entry both
   * hold alike; when that is short of HQ's high-water, the desk lost entries HQ holds, and it goes
   * on in a new stream. Absent from a desk too old to say: HQ keeps its stream as it is.
   */
  journal: z
    .array(z.object({ seq: z.number().int().positive(), hash: hex64 }))
    .max(MAX_CHECKPOINTS)
    .optional(),
});
export type EnrolRequest = z.infer<typeof EnrolRequest>;
export const EnrolResponse = z.object({
  /** The desk's own bearer token: keep it in the OS keychain; HQ stores only its hash. */
  deskToken: z.string().min(32),
  branchId: z.number().int().positive(),
  branchName: text,
  /** HQ's Ed25519 public key (SPKI PEM), to check reset codes offline. */
  hqSigningKey: z.string().startsWith('-----BEGIN PUBLIC KEY-----'),
  /** Where HQ's stream for this terminal stands (a re-enrolled desk resumes from here). */
  highWater: z.number().int().nonnegative(),
  /**
   * The desk's last entry that HQ holds alike. Below highWater: the desk lost the entries after it,
   * and HQ opened a new stream (epoch) for the terminal; the desk's entries after it go on at
   * highWater + 1, chained to it. Absent from a head office too old to say: the stream goes on.
   */
  continuesAfter: z.number().int().nonnegative().optional(),
  /** The terminal's stream (1, then one more each time a desk lost entries HQ holds). */
  epoch: z.number().int().positive().optional(),
});
export type EnrolResponse = z.infer<typeof EnrolResponse>;

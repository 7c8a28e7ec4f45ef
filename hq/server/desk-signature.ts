// The upload's signature check, at the route, before ingest opens its transaction: a batch from a
// desk that registered a key at enrolment is stored only when that key signed it. A refused batch
// stores nothing and raises an alarm for the desk: whoever sent it holds the desk's token, and
// either the desk's key is gone (it must enrol again) or the token was copied.
import type { DeskRefusal, JournalEntry } from '../../common/journal-entry.ts';
import { type Refusal, refusal } from '../../common/refusal.ts';
import { deskPublicKey, verifyBatch } from '../../common-node/batch-signature.ts';
import type { Db } from './db.ts';

// Parsed once a key: every batch of a desk is checked against the same PEM.
const keys = new Map<string, ReturnType<typeof deskPublicKey>>();
function keyOf(pem: string) {
  let key = keys.get(pem);
  if (key === undefined) {
    key = deskPublicKey(pem);
    keys.set(pem, key);
  }
  return key;
}

export type SignatureRefusal = {
  error: Extract<DeskRefusal['error'], `signature_${string}`>;
  refusal: Refusal;
};

/** Null when the batch may go on to ingest; otherwise the refusal, with its alarm already raised. */
export async function checkBatchSignature(
  db: Db,
  desk: { terminal_id: string; public_key: string | null },
  entries: readonly JournalEntry[],
  signature: string | undefined,
): Promise<SignatureRefusal | null> {
  // A desk enrolled before desks signed has no key to check against, until it enrols again.
  if (desk.public_key === null) return null;
  const last = entries[entries.length - 1]!;
  const key = keyOf(desk.public_key);
  if (signature && key && verifyBatch(key, last.hash, signature)) return null;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO hq_alarms (terminal_id, seq, kind, received_hash, received) VALUES ($1, $2, 'signature', $3, $4)`,
      [
        desk.terminal_id,
        last.seq,
        last.hash,
        JSON.stringify({ signature: signature ?? null, firstSeq: entries[0]!.seq, entries: entries.length }),
      ],
    );
    await tx.query('UPDATE hq_desks SET alarms = alarms + 1 WHERE terminal_id = $1', [desk.terminal_id]);
  });
  return signature
    ? {
        error: 'signature_invalid',
        refusal: refusal('hq.signatureInvalid'),
      }
    : {
        error: 'signature_missing',
        refusal: refusal('hq.signatureMissing'),
      };
}

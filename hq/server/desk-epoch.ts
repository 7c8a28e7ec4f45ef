// Which stream a desk goes on in when it enrols. The desk says where its own journal stands (its
// entries' hashes at some seqs); the last of them HQ holds alike is where the two chains part.
// A desk whose chain reaches HQ's end of the stream goes on in it, as before. A desk that parts
// earlier lost entries HQ holds (restored from a backup, or replaced): HQ opens a new stream of the
// terminal (an epoch) after its high-water, chained to that last entry held alike, links it to the
// old one, and raises an alarm naming what the old stream held that the new one lacks. Nothing HQ
// holds is overwritten; the desk's entries after the parting go on at HQ's high-water + 1.
import { GENESIS_HASH } from '../../common/journal-entry.ts';
import type { Queryable } from './db.ts';

export type Checkpoint = { seq: number; hash: string };
export type Stream = { highWater: number; continuesAfter: number; epoch: number };

/** Within the enrolment's transaction, after the desk's row is written. */
export async function streamAtEnrolment(
  tx: Queryable,
  terminalId: string,
  journal: readonly Checkpoint[] | undefined,
): Promise<Stream> {
  const found = await tx.query<{ high_water: string; last_hash: string; epoch: number }>(
    'SELECT high_water::text AS high_water, last_hash, epoch FROM hq_desks WHERE terminal_id = $1',
    [terminalId],
  );
  const desk = found.rows[0]!;
  const highWater = Number(desk.high_water);
  const same: Stream = { highWater, continuesAfter: highWater, epoch: desk.epoch };
  // Nothing held, or a desk too old to say where it stands: the stream goes on as it is.
  if (highWater === 0 || journal === undefined) return same;

  const candidates = journal.filter((c) => c.seq <= highWater);
  const held = await tx.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM hq_entries WHERE terminal_id = $1 AND seq = ANY($2::bigint[])',
    [terminalId, candidates.map((c) => c.seq)],
  );
  const hq = new Map(held.rows.map((r) => [Number(r.seq), r.hash]));
  // Entries are hash-chained: one held alike means every one before it is too.
  const alike = candidates.filter((c) => hq.get(c.seq) === c.hash).sort((a, b) => b.seq - a.seq)[0];
  const parting = alike ?? { seq: 0, hash: GENESIS_HASH };
  // The desk's chain reaches the entry HQ's next one must follow: the end of the stream, or the
  // start of a new one that holds nothing yet (a desk enrolling again before it sent any).
  if (parting.hash === desk.last_hash) return { ...same, continuesAfter: parting.seq };
  // Lost, when the desk ends short of HQ's high-water or one of its hashes up to there differs from
  // HQ's. A desk ahead of HQ whose hashes skip the stretch after the last one held alike (HQ itself
  // restored from an older backup, say) shows no loss: it goes on, and the upload's chain check
  // still holds it to HQ's stream.
  const head = Math.max(0, ...journal.map((c) => c.seq));
  if (head >= highWater && !candidates.some((c) => c.seq > parting.seq)) return same;

  const epoch = desk.epoch + 1;
  await tx.query(
    `INSERT INTO hq_desk_epochs (terminal_id, epoch, continues_after, continues_hash, start_seq)
     VALUES ($1, $2, $3, $4, $5)`,
    [terminalId, epoch, parting.seq, parting.hash, highWater + 1],
  );
  await tx.query(
    'UPDATE hq_desks SET epoch = $2, last_hash = $3, alarms = alarms + 1 WHERE terminal_id = $1',
    [terminalId, epoch, parting.hash],
  );
  await tx.query(
    `INSERT INTO hq_alarms (terminal_id, seq, kind, stored_hash, received_hash, received, detail)
     VALUES ($1, $2, 'lost_entries', $3, $4, '{}', $5)`,
    [
      terminalId,
      parting.seq + 1,
      desk.last_hash,
      parting.hash,
      JSON.stringify({ epoch, previousEpoch: desk.epoch, from: parting.seq + 1, to: highWater }),
    ],
  );
  return { highWater, continuesAfter: parting.seq, epoch };
}

export type LostEntry = {
  seq: string;
  at: string;
  kind: string;
  operation_number: string | null;
  amount: string | null;
  currency: string | null;
  shift_id: string | null;
};

/**
 * The entries of the terminal's old stream from `from` to `to` that its new stream (`epoch`) lacks:
 * those of an earlier epoch's lost range were lost before, and named by that epoch's alarm.
 */
export async function lostEntries(
  db: Queryable,
  terminalId: string,
  epoch: number,
  from: number,
  to: number,
  limit: number,
): Promise<LostEntry[]> {
  const rows = await db.query<LostEntry>(
    `SELECT n.seq::text AS seq, n.at, n.kind, n.body->>'operationNumber' AS operation_number,
            n.body->>'amount' AS amount, n.body->>'currency' AS currency, n.body->>'shiftId' AS shift_id
       FROM hq_entries n
      WHERE n.terminal_id = $1 AND n.seq BETWEEN $2 AND $3
        AND NOT EXISTS (SELECT 1 FROM hq_desk_epochs e WHERE e.terminal_id = n.terminal_id AND e.epoch < $4
                          AND n.seq > e.continues_after AND n.seq < e.start_seq)
      ORDER BY n.seq LIMIT $5`,
    [terminalId, from, to, epoch, limit],
  );
  return rows.rows;
}

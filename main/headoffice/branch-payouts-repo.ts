// The payouts this desk shares with its branch through the head office: the ones it released (its
// supervisor's act, or listed as open cash in one of its journalled Z reports) and the ones it won
// the claim on. Both tables are append-only and chained.
import type { DatabaseSync } from 'node:sqlite';
import { chainCode } from '../store/chain-links.ts';

/** `linked`: the chain's, called beside each row written (main/store/chain-links.ts). */
export function createBranchPayoutsRepo(db: DatabaseSync, linked: () => void) {
  // A journalled Z report's open cash is its z_reports row's (main/headoffice/entries.ts); those
  // journalled before migration 0014 are also in desk_journal's text.
  const released =
    db.prepare(`SELECT EXISTS (SELECT 1 FROM payout_releases r JOIN operations o ON o.local_id = r.local_id
      WHERE o.operation_number = ?1 AND o.training = 0)
    OR EXISTS (SELECT 1 FROM desk_journal_refs j JOIN chain l ON l.seq = j.link_seq AND l.tbl = ${chainCode('z_reports')}
      JOIN z_reports z ON z.id = l.row_id, json_each(z.report, '$.openCash') c WHERE j.note IS NOT NULL
      AND json_extract(c.value, '$.operation.type') = 'payout'
      AND json_extract(c.value, '$.operation.operationNumber') = ?1)
    OR EXISTS (SELECT 1 FROM desk_journal j, json_each(j.body, '$.openCash') c WHERE j.kind = 'z_report'
      AND json_extract(c.value, '$.type') = 'payout' AND json_extract(c.value, '$.operationNumber') = ?1) AS yes`);
  const claimed = db.prepare('SELECT EXISTS (SELECT 1 FROM payout_claims WHERE local_id = ?) AS yes');
  const release = db.prepare('INSERT INTO payout_releases (local_id, at, supervisor) VALUES (?, ?, ?)');
  const claim = db.prepare(
    'INSERT INTO payout_claims (local_id, at, origin_terminal_id, operator) VALUES (?, ?, ?, ?)',
  );
  return {
    released: (operationNumber: string): boolean => Number(released.get(operationNumber)!.yes) === 1,
    claimed: (localId: number): boolean => Number(claimed.get(localId)!.yes) === 1,
    release(localId: number, at: string, supervisor: string) {
      release.run(localId, at, supervisor);
      linked();
    },
    claim(localId: number, at: string, originTerminalId: string, operator: string) {
      claim.run(localId, at, originTerminalId, operator);
      linked();
    },
  };
}

export type BranchPayoutsRepo = ReturnType<typeof createBranchPayoutsRepo>;

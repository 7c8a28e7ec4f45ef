// What HQ's fold of a desk's journal says of it, in the terms of the desk's own X report: its open
// cash with the reason the cash rules gave, and the operations whose create's outcome is unknown
// (expected cash per currency is the desk's `expected`, kept by the drawer's projection). Of the
// desk's current branch only, as the rest of its page.
import type { DeskReply } from '../../common/hq-api/staff-views.ts';
import type { Db } from './db.ts';

export async function deskAnswers(
  db: Db,
  terminal: string,
  branchId: number,
): Promise<Pick<DeskReply, 'openCash' | 'unknownOutcome'>> {
  const rows = await db.query<{
    operation_number: string;
    open_reason: DeskReply['openCash'][number]['reason'] | null;
    open_cash: boolean;
  }>(
    `SELECT operation_number, open_reason, open_cash FROM hq_operations
      WHERE terminal_id = $1 AND branch_id = $2 AND (open_cash OR outcome_unknown) ORDER BY operation_number`,
    [terminal, branchId],
  );
  return {
    openCash: rows.rows
      .filter((r) => r.open_cash && r.open_reason)
      .map((r) => ({ operationNumber: r.operation_number, reason: r.open_reason! })),
    unknownOutcome: rows.rows
      .filter((r) => !r.open_cash)
      .map((r) => ({ operationNumber: r.operation_number })),
  };
}

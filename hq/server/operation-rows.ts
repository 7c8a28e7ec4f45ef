// hq_operations as the fold reads and writes them: the rows a batch touches, read once and locked,
// then written back in one set-based statement.
import type { Queryable } from './db.ts';
import type { HqOperation } from './operation-fold.ts';
import { pgArray } from './pg-array.ts';

/** Each stored column, its SQL type, and its value from the folded operation. */
const COLUMNS: readonly [string, string, (op: HqOperation) => unknown][] = [
  ['operation_number', 'text', (o) => o.operation_number],
  ['terminal_id', 'text', (o) => o.terminal_id],
  ['branch_id', 'int', (o) => o.branch_id],
  ['type', 'text', (o) => o.type],
  ['amount', 'numeric', (o) => o.amount],
  ['currency', 'text', (o) => o.currency],
  ['instrument', 'text', (o) => o.instrument],
  ['status', 'text', (o) => o.status],
  ['phase', 'text', (o) => o.phase],
  ['mismatch', 'bool', (o) => o.mismatch],
  ['correction', 'bool', (o) => o.correction],
  ['custody_kind', 'text', (o) => o.custody_kind],
  // The search's own columns, as the custody record says.
  ['received', 'bool', (o) => o.custody_kind === 'received'],
  ['handed_over', 'bool', (o) => o.custody_kind === 'handed_over'],
  ['handed_over_by', 'text', (o) => o.handed_over_by],
  ['returned', 'bool', (o) => o.returned_at !== null],
  ['returned_at', 'timestamptz', (o) => o.returned_at],
  ['released_by', 'text', (o) => o.released_by],
  ['released_at', 'timestamptz', (o) => o.released_at],
  ['final', 'bool', (o) => o.final],
  ['open_reason', 'text', (o) => o.open_reason],
  ['open_cash', 'bool', (o) => o.open_cash],
  ['outcome_unknown', 'bool', (o) => o.outcome_unknown],
  ['desk_final', 'bool', (o) => o.desk_final],
  ['desk_open', 'text', (o) => o.desk_open],
  ['created_at', 'timestamptz', (o) => o.created_at],
  ['updated_at', 'timestamptz', (o) => o.updated_at],
];

/** The operations of `numbers`, locked in a fixed order so two desks' batches never deadlock. */
export async function lockOperations(
  tx: Queryable,
  numbers: ReadonlySet<string>,
): Promise<Map<string, HqOperation>> {
  const ops = new Map<string, HqOperation>();
  if (!numbers.size) return ops;
  const found = await tx.query<HqOperation>(
    `SELECT operation_number, terminal_id, branch_id, type, amount::text AS amount, currency, instrument, status,
            phase, mismatch, correction, custody_kind, handed_over_by, returned_at, released_by, released_at,
            final, open_reason, open_cash, outcome_unknown, desk_final, desk_open, created_at, updated_at
       FROM hq_operations WHERE operation_number = ANY($1::text[]) ORDER BY operation_number FOR UPDATE`,
    [[...numbers].sort()],
  );
  for (const op of found.rows) ops.set(op.operation_number, op);
  return ops;
}

export async function writeOperations(tx: Queryable, rows: readonly HqOperation[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO hq_operations (${COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})
     ON CONFLICT (operation_number) DO UPDATE SET
       ${COLUMNS.slice(1)
         .map(([c]) => `${c} = EXCLUDED.${c}`)
         .join(', ')}`,
    COLUMNS.map(([, , value]) => pgArray(rows.map(value))),
  );
}

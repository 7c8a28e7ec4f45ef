// What the dashboards read, kept as entries arrive, in the ingest's own transaction: a desk's open
// shift, expected cash per currency, last Z; each operation's state; Z reports, variances and
// audit rows. A batch is applied in memory, entry by entry, over the rows it touches (read once,
// locked), then written back in a few set-based statements: the cost is per batch, not per entry.
import Big from 'big.js';
import type { EntryBody, JournalEntry } from '../../common/journal-entry.ts';
import type { Queryable } from './db.ts';

export type DeskRow = {
  terminal_id: string;
  branch_id: number;
  high_water: string;
  last_hash: string;
  shift_id: string | null;
  shift_operator: string | null;
  shift_opened_at: string | null;
  last_z_at: string | null;
  last_z_number: number | null;
  last_z_variance: unknown;
  last_entry_at: string | null;
};

type Operation = {
  operation_number: string;
  terminal_id: string;
  branch_id: number;
  type: 'payin' | 'payout';
  amount: string;
  currency: string;
  instrument: string;
  status: string | null;
  outcome_unknown: boolean;
  received: boolean;
  handed_over: boolean;
  handed_over_by: string | null;
  returned: boolean;
  released_by: 'supervisor' | 'z_report' | null;
  released_at: string | null;
  open_cash: boolean;
  created_at: string;
  updated_at: string;
};

const OP_COLUMNS = [
  'operation_number',
  'terminal_id',
  'branch_id',
  'type',
  'amount',
  'currency',
  'instrument',
  'status',
  'outcome_unknown',
  'received',
  'handed_over',
  'handed_over_by',
  'returned',
  'released_by',
  'released_at',
  'open_cash',
  'created_at',
  'updated_at',
] as const;
const OP_TYPES = [
  'text',
  'text',
  'int',
  'text',
  'numeric',
  'text',
  'text',
  'text',
  'bool',
  'bool',
  'bool',
  'text',
  'bool',
  'text',
  'timestamptz',
  'bool',
  'timestamptz',
  'timestamptz',
];

/** A decimal string with at least two places, as money is shown: 11500 → "11500.00". */
function decimal(value: Big): string {
  const places = value.toFixed().split('.')[1]?.length ?? 0;
  return value.toFixed(Math.max(2, places));
}

/** Open cash: a captured payout not handed over, or a payin's cash received and not captured nor returned. */
function isOpenCash(op: Operation): boolean {
  if (op.type === 'payout') return op.status === 'captured' && !op.handed_over;
  return op.received && op.status !== 'captured' && !op.returned;
}

function operationNumberOf(entry: JournalEntry): string | null {
  const body = entry.body as { operationNumber?: string };
  return typeof body.operationNumber === 'string' ? body.operationNumber : null;
}

const hasOperation = (entry: JournalEntry) =>
  entry.kind === 'operation_created' ||
  entry.kind === 'operation_status' ||
  entry.kind === 'custody' ||
  entry.kind === 'custody_reversed' ||
  entry.kind === 'cash_returned' ||
  entry.kind === 'payout_released';

/** Applies `entries` (new, in seq order, all of `desk`) to the projections; `desk` is updated in place. */
export async function project(tx: Queryable, desk: DeskRow, entries: readonly JournalEntry[]): Promise<void> {
  if (!entries.length) return;
  const terminal = desk.terminal_id;

  // The operations this batch touches, locked in a fixed order so two desks' batches never deadlock.
  const numbers = new Set<string>();
  for (const entry of entries) {
    if (hasOperation(entry)) numbers.add(operationNumberOf(entry)!);
    if (entry.kind === 'z_report') for (const line of entry.body.openCash) numbers.add(line.operationNumber);
  }
  const ops = new Map<string, Operation>();
  if (numbers.size) {
    const found = await tx.query<Operation>(
      `SELECT operation_number, terminal_id, branch_id, type, amount::text AS amount, currency, instrument, status,
              outcome_unknown, received, handed_over, handed_over_by, returned, released_by, released_at, open_cash,
              created_at, updated_at
         FROM hq_operations WHERE operation_number = ANY($1::text[]) ORDER BY operation_number FOR UPDATE`,
      [[...numbers].sort()],
    );
    for (const op of found.rows) ops.set(op.operation_number, op);
  }
  const touched = new Set<string>();

  let cash: Map<string, Big> | null = null;
  const loadCash = async () => {
    if (cash) return cash;
    const rows = await tx.query<{ currency: string; expected: string }>(
      'SELECT currency, expected::text AS expected FROM hq_desk_cash WHERE terminal_id = $1',
      [terminal],
    );
    cash = new Map(rows.rows.map((r) => [r.currency, new Big(r.expected)]));
    return cash;
  };
  const move = async (currency: string, amount: string, sign: 1 | -1) => {
    const drawer = await loadCash();
    const now = drawer.get(currency) ?? new Big(0);
    drawer.set(currency, sign === 1 ? now.plus(amount) : now.minus(amount));
  };

  const zReports: { seq: number; number: number; closedAt: string; body: EntryBody<'z_report'> }[] = [];
  const audits: { seq: number; at: string; body: EntryBody<'audit'> }[] = [];
  const doubles: JournalEntry[] = [];

  for (const entry of entries) {
    const number = operationNumberOf(entry);
    const op = number ? ops.get(number) : undefined;
    const change = (mutate: (o: Operation) => void) => {
      if (!op) return;
      mutate(op);
      op.updated_at = entry.at;
      touched.add(op.operation_number);
    };
    switch (entry.kind) {
      case 'operation_created': {
        // A number HQ already holds (from this desk's replay or, wrongly, another desk) keeps its first record.
        if (op) break;
        const b = entry.body;
        const created: Operation = {
          operation_number: b.operationNumber,
          terminal_id: terminal,
          branch_id: desk.branch_id,
          type: b.type,
          amount: b.amount,
          currency: b.currency,
          instrument: b.instrument,
          status: null,
          outcome_unknown: b.outcomeUnknown,
          received: false,
          handed_over: false,
          handed_over_by: null,
          returned: false,
          released_by: null,
          released_at: null,
          open_cash: false,
          created_at: entry.at,
          updated_at: entry.at,
        };
        ops.set(created.operation_number, created);
        touched.add(created.operation_number);
        break;
      }
      case 'operation_status':
        change((o) => {
          o.status = entry.body.status;
          o.outcome_unknown = false;
        });
        break;
      case 'custody':
        await move(entry.body.currency, entry.body.amount, entry.body.action === 'received' ? 1 : -1);
        // The cash went out twice: recorded as it happened (the desks' facts stand), and raised.
        if (entry.body.action === 'handed_over' && op?.handed_over) doubles.push(entry);
        change((o) => {
          if (entry.body.action === 'received') o.received = true;
          else {
            o.handed_over = true;
            o.handed_over_by = terminal;
          }
        });
        break;
      case 'custody_reversed':
        // Undone: cash received leaves the expected drawer; cash handed over or given back is in it again.
        await move(entry.body.currency, entry.body.amount, entry.body.action === 'received' ? -1 : 1);
        change((o) => {
          if (entry.body.action === 'received') o.received = false;
          else if (entry.body.action === 'returned') o.returned = false;
          else {
            o.handed_over = false;
            o.handed_over_by = null;
          }
        });
        break;
      case 'cash_returned':
        await move(entry.body.currency, entry.body.amount, -1);
        change((o) => {
          o.returned = true;
        });
        break;
      case 'payout_released':
        change((o) => {
          if (o.terminal_id === terminal && !o.released_by) {
            o.released_by = 'supervisor';
            o.released_at = entry.at;
          }
        });
        break;
      case 'cash_movement':
        await move(entry.body.currency, entry.body.amount, entry.body.direction === 'in' ? 1 : -1);
        break;
      case 'shift_opened': {
        // A new shift's drawer is its float: what the last shift left is in its Z report.
        const drawer = await loadCash();
        for (const key of drawer.keys()) drawer.set(key, new Big(0));
        for (const line of entry.body.float) drawer.set(line.currency, new Big(line.amount));
        desk.shift_id = entry.body.shiftId;
        desk.shift_operator = entry.body.operator;
        desk.shift_opened_at = entry.at;
        break;
      }
      case 'handover':
        if (desk.shift_id === entry.body.shiftId) desk.shift_operator = entry.body.toOperator;
        break;
      case 'shift_closed':
        if (desk.shift_id === entry.body.shiftId) {
          desk.shift_id = null;
          desk.shift_operator = null;
          desk.shift_opened_at = null;
        }
        break;
      case 'z_report': {
        const b = entry.body;
        zReports.push({ seq: entry.seq, number: b.number, closedAt: b.closedAt, body: b });
        desk.last_z_at = b.closedAt;
        desk.last_z_number = b.number;
        desk.last_z_variance = b.currencies.map((l) => ({ currency: l.currency, variance: l.variance }));
        // Listed as open cash in a Z report HQ holds: the desk's captured payout is released to its branch.
        for (const line of b.openCash) {
          const open = ops.get(line.operationNumber);
          if (
            line.type === 'payout' &&
            open &&
            open.terminal_id === terminal &&
            open.type === 'payout' &&
            !open.released_by &&
            !open.handed_over
          ) {
            open.released_by = 'z_report';
            open.released_at = entry.at;
            open.updated_at = entry.at;
            touched.add(open.operation_number);
          }
        }
        break;
      }
      case 'audit':
        audits.push({ seq: entry.seq, at: entry.at, body: entry.body });
        break;
      case 'count':
      case 'payout_claimed':
        // A count changes no expected cash (its variance is the Z report's); a claim is HQ's own row.
        break;
    }
  }

  if (touched.size) {
    const rows = [...touched].map((n) => {
      const op = ops.get(n)!;
      op.open_cash = isOpenCash(op);
      return op;
    });
    const arrays = OP_COLUMNS.map((column) => rows.map((r) => r[column]));
    await tx.query(
      `INSERT INTO hq_operations (${OP_COLUMNS.join(', ')})
       SELECT * FROM unnest(${OP_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})
       ON CONFLICT (operation_number) DO UPDATE SET
         ${OP_COLUMNS.filter((c) => c !== 'operation_number')
           .map((c) => `${c} = EXCLUDED.${c}`)
           .join(', ')}`,
      arrays,
    );
  }
  if (cash) {
    const drawer: Map<string, Big> = cash;
    await tx.query(
      `INSERT INTO hq_desk_cash (terminal_id, currency, expected)
       SELECT $1, * FROM unnest($2::text[], $3::numeric[])
       ON CONFLICT (terminal_id, currency) DO UPDATE SET expected = EXCLUDED.expected`,
      [terminal, [...drawer.keys()], [...drawer.values()].map(decimal)],
    );
  }
  if (zReports.length) {
    await tx.query(
      `INSERT INTO hq_z_reports (terminal_id, seq, branch_id, number, closed_at, body)
       SELECT $1, s, $2, n, c, b FROM unnest($3::bigint[], $4::int[], $5::timestamptz[], $6::jsonb[]) AS u(s, n, c, b)
       ON CONFLICT DO NOTHING`,
      [
        terminal,
        desk.branch_id,
        zReports.map((z) => z.seq),
        zReports.map((z) => z.number),
        zReports.map((z) => z.closedAt),
        zReports.map((z) => JSON.stringify(z.body)),
      ],
    );
    const lines = zReports.flatMap((z) =>
      z.body.currencies.map((l) => ({
        seq: z.seq,
        closedAt: z.closedAt,
        currency: l.currency,
        variance: l.variance,
      })),
    );
    await tx.query(
      `INSERT INTO hq_variances (terminal_id, seq, branch_id, currency, variance, closed_at)
       SELECT $1, s, $2, c, v, t FROM unnest($3::bigint[], $4::text[], $5::numeric[], $6::timestamptz[]) AS u(s, c, v, t)
       ON CONFLICT DO NOTHING`,
      [
        terminal,
        desk.branch_id,
        lines.map((l) => l.seq),
        lines.map((l) => l.currency),
        lines.map((l) => l.variance),
        lines.map((l) => l.closedAt),
      ],
    );
  }
  for (const entry of doubles) {
    await tx.query(
      `INSERT INTO hq_alarms (terminal_id, seq, kind, received_hash, received) VALUES ($1, $2, 'double_handover', $3, $4)`,
      [terminal, entry.seq, entry.hash, JSON.stringify(entry)],
    );
    await tx.query('UPDATE hq_desks SET alarms = alarms + 1 WHERE terminal_id = $1', [terminal]);
  }
  if (audits.length) {
    await tx.query(
      `INSERT INTO hq_desk_audit (terminal_id, seq, branch_id, at, action, actor, detail)
       SELECT $1, s, $2, a, ac, w, d FROM unnest($3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[])
         AS u(s, a, ac, w, d)
       ON CONFLICT DO NOTHING`,
      [
        terminal,
        desk.branch_id,
        audits.map((a) => a.seq),
        audits.map((a) => a.at),
        audits.map((a) => a.body.action),
        audits.map((a) => a.body.actor),
        audits.map((a) => JSON.stringify(a.body.detail)),
      ],
    );
  }
}

// What the dashboards read, kept as entries arrive, in the ingest's own transaction: a desk's open
// shift, expected cash per currency, last Z; each operation's record and answer; Z reports,
// variances, audit rows and alarms. A batch is applied in memory, entry by entry, over the rows it
// touches (read once, locked), then written back in a few set-based statements: the cost is per
// batch, not per entry. What any of it means is common/cash-rules' answer, never a rule here.
import type { CashLine } from '../../common/contract.ts';
import type { EntryBody, JournalEntry } from '../../common/journal-entry.ts';
import { compare } from '../../common/money.ts';
import {
  type AlarmRow,
  type AuditRow,
  writeAlarms,
  writeAudits,
  writeZReports,
  type ZRow,
} from './close-rows.ts';
import type { Queryable } from './db.ts';
import { createDrawer } from './desk-cash.ts';
import { apply, check, created, type HqOperation, isOperationEntry, settle } from './operation-fold.ts';
import { lockOperations, writeOperations } from './operation-rows.ts';

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

/** Where the count's expected cash and HQ's differ, per currency. */
function countDisagreement(body: EntryBody<'count'>, lines: readonly CashLine[]) {
  const hq = new Map(lines.map((l) => [l.currency, l.expected]));
  const currencies = [...new Set([...hq.keys(), ...body.expected.map((e) => e.currency)])].sort();
  return currencies.flatMap((currency) => {
    const desk = body.expected.find((e) => e.currency === currency)?.amount ?? '0';
    const ours = hq.get(currency) ?? '0';
    return compare(desk, ours) === 0 ? [] : [{ currency, desk, hq: ours }];
  });
}

/** Applies `entries` (new, in seq order, all of `desk`) to the projections; `desk` is updated in place. */
export async function project(tx: Queryable, desk: DeskRow, entries: readonly JournalEntry[]): Promise<void> {
  if (!entries.length) return;
  const terminal = desk.terminal_id;

  const numbers = new Set<string>();
  for (const entry of entries) {
    if (isOperationEntry(entry)) numbers.add(entry.body.operationNumber);
    if (entry.kind === 'z_report') for (const line of entry.body.openCash) numbers.add(line.operationNumber);
  }
  const ops = await lockOperations(tx, numbers);
  const touched = new Set<HqOperation>();
  const drawer = createDrawer(tx, terminal);
  const zReports: ZRow[] = [];
  const audits: AuditRow[] = [];
  const alarms: AlarmRow[] = [];

  for (const entry of entries) {
    if (isOperationEntry(entry)) {
      let op = ops.get(entry.body.operationNumber);
      if (entry.kind === 'operation_created') {
        // A number HQ already holds (from this desk's replay or, wrongly, another desk) keeps its first record.
        if (op) continue;
        op = created(entry, terminal, desk.branch_id);
        ops.set(op.operation_number, op);
      }
      if (entry.kind === 'custody') {
        await drawer.custody(entry.body.action, entry.body.currency, entry.body.amount);
        // The cash went out twice: recorded as it happened (the desks' facts stand), and raised.
        if (entry.body.action === 'handed_over' && op?.custody_kind === 'handed_over')
          alarms.push({ entry, kind: 'double_handover', operationNumber: op.operation_number, detail: null });
      } else if (entry.kind === 'custody_reversed') {
        await drawer.reversal(entry.body.action, entry.body.currency, entry.body.amount);
      } else if (entry.kind === 'cash_returned') {
        await drawer.custody('returned', entry.body.currency, entry.body.amount);
      }
      if (!op) continue;
      apply(op, entry, terminal);
      const disagreement = check(op, entry, settle(op));
      if (disagreement) {
        alarms.push({
          entry,
          kind: 'disagreement',
          operationNumber: disagreement.operationNumber,
          detail: { hq: disagreement.hq, desk: disagreement.desk },
        });
      }
      touched.add(op);
      continue;
    }
    switch (entry.kind) {
      case 'cash_movement':
        await drawer.movement(entry.body.direction, entry.body.currency, entry.body.amount);
        break;
      case 'shift_opened':
        await drawer.open(entry.body.float);
        desk.shift_id = entry.body.shiftId;
        desk.shift_operator = entry.body.operator;
        desk.shift_opened_at = entry.at;
        break;
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
      case 'count': {
        // The desk's expected cash at its count, held against HQ's own from the same facts.
        const differs = countDisagreement(entry.body, await drawer.lines());
        if (differs.length)
          alarms.push({ entry, kind: 'disagreement', operationNumber: null, detail: { expected: differs } });
        break;
      }
      case 'z_report': {
        const b = entry.body;
        zReports.push({ seq: entry.seq, body: b });
        desk.last_z_at = b.closedAt;
        desk.last_z_number = b.number;
        desk.last_z_variance = b.currencies.map((l) => ({ currency: l.currency, variance: l.variance }));
        // Listed as open cash in a Z report HQ holds: the desk's captured payout is released to its branch.
        for (const line of b.openCash) {
          const open = ops.get(line.operationNumber);
          if (
            line.type === 'payout' &&
            open?.terminal_id === terminal &&
            open.type === 'payout' &&
            !open.released_by &&
            open.custody_kind !== 'handed_over'
          ) {
            open.released_by = 'z_report';
            open.released_at = entry.at;
            open.updated_at = entry.at;
            // Released, it is paid out at another desk of the branch: the rules answer it again.
            settle(open);
            touched.add(open);
          }
        }
        break;
      }
      case 'reconciliation':
        for (const finding of entry.body.findings) {
          alarms.push({
            entry,
            kind: 'finding',
            operationNumber: finding.operationNumber,
            detail: { finding: finding.kind, shiftId: entry.body.shiftId },
          });
        }
        break;
      case 'audit':
        audits.push({ seq: entry.seq, at: entry.at, body: entry.body });
        break;
      case 'payout_claimed':
        // A claim is HQ's own row, written when the desk won it.
        break;
    }
  }

  await writeOperations(tx, [...touched]);
  await drawer.write();
  await writeZReports(tx, terminal, desk.branch_id, zReports);
  await writeAlarms(tx, terminal, alarms);
  await writeAudits(tx, terminal, desk.branch_id, audits);
}

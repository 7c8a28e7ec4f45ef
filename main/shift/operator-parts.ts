// Each operator's part of a shift whose drawer passed between operators: the stretch they held it
// (from the open or the handover to them, until the handover from them), the operations they
// started, and the cash that moved through their hands in it. The X and Z reports carry it.

import { cashLines } from '../../common/cash-rules/drawer-cash.ts';
import type { CashMovement, CustodyRecord, Handover, OperatorPart } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { ShiftRecord } from '../store/shifts.ts';

/** One operator's part at a time: the report built in steps (reports.ts) takes a turn between them. */
export function* operatorParts(
  shift: ShiftRecord,
  handovers: readonly Handover[],
  operations: readonly OperationRecord[],
  custody: readonly CustodyRecord[],
  movements: readonly CashMovement[],
): Generator<void, OperatorPart[]> {
  // The stretches: the opener until the first handover, then each incoming operator until the next.
  const holders = [
    { operator: shift.openedBy, from: shift.openedAt },
    ...handovers.map((h) => ({ operator: h.to, from: h.at })),
  ];
  const parts: OperatorPart[] = [];
  for (const [i, holder] of holders.entries()) {
    if (i > 0) yield;
    const handedOver = handovers[i] ?? null;
    const until = handedOver?.at ?? null;
    // Who held the drawer then, and when: an act is theirs if it carries their name in their stretch.
    const theirs = (operator: string | null, at: string) =>
      operator === holder.operator && at >= holder.from && (until === null || at < until);
    const cash = cashLines(
      [],
      custody.filter((record) => theirs(record.operator, record.at)),
      movements.filter((m) => theirs(m.operator, m.at)),
    ).map(({ currency, received, handedOver: out, returned, added, removed }) => ({
      currency,
      received,
      handedOver: out,
      returned,
      added,
      removed,
    }));
    yield;
    parts.push({
      operator: holder.operator,
      from: holder.from,
      until,
      operations: operations.filter((op) => op.shiftId === shift.id && theirs(op.operator, op.createdAt))
        .length,
      cash,
      handedOver,
    });
  }
  return parts;
}

// The close reads a whole shift: at 5,000 operations, read at once, the operations or their custody
// records hold the event loop for 50-200 ms, and the counter goes unanswered. Here they are read a
// page at a time, with a turn for everything else between pages.
import type { CustodyRecord } from '../../common/contract.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { ShiftRecord } from '../store/shifts.ts';

/** Rows read at a time: a few ms each page, even on a busy machine. */
export const PAGE = 250;

export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What store.shifts.operations() answers, read a page at a time. An operation started meanwhile
 * has a higher local_id than any read, so it is in a later page; the other shifts' few are read at
 * the end, in the same statement as ever.
 */
export async function operationsOf(
  store: Pick<Store, 'shifts'>,
  shift: Pick<ShiftRecord, 'id' | 'training'>,
): Promise<OperationRecord[]> {
  const operations: OperationRecord[] = [];
  for (;;) {
    const page = store.shifts.startedAfter(shift.id, operations.at(-1)?.localId ?? 0, PAGE);
    operations.push(...page);
    if (page.length < PAGE) break;
    await turn();
  }
  operations.push(...store.shifts.othersOf(shift));
  return operations;
}

/**
 * What store.custody.forShift() answers now: `known` (an earlier answer for the same shift) and the
 * records written since. The records are append-only with rising ids, so the two add up to a read
 * made now; only what is new is read, a page at a time.
 */
export async function custodyOf(
  store: Pick<Store, 'custody'>,
  shiftId: number,
  known: readonly CustodyRecord[] = [],
): Promise<CustodyRecord[]> {
  const records = [...known];
  for (;;) {
    const page = store.custody.forShiftAfter(shiftId, records.at(-1)?.id ?? 0, PAGE);
    records.push(...page);
    if (page.length < PAGE) return records;
    await turn();
  }
}

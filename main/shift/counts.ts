// Every count at the close is kept: a recount is a new row beside the first, never a
// quiet edit of it, and the Z report lists them all. Once any count of the shift showed a variance
// over the threshold, no later count closes the shift without the supervisor: a recount that
// happens to balance cannot make the first one go away.

import { varianceLines } from '../../common/cash-rules/drawer-cash.ts';
import type { CashLine, CountedCurrency, DrawerCountRecord } from '../../common/contract.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { DeskSettingsStore } from '../settings/desk-settings.ts';
import type { Store } from '../store/index.ts';
import type { ShiftRecord } from '../store/shifts.ts';

const same = (a: readonly CountedCurrency[], b: readonly CountedCurrency[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export function createCloseCounts(deps: {
  store: Pick<Store, 'drawer' | 'durable'>;
  deskSettings: DeskSettingsStore;
  clock: Pick<Clock, 'now'>;
}) {
  const { store } = deps;

  function record(shift: ShiftRecord, counted: CountedCurrency[], cash: CashLine[]): DrawerCountRecord {
    const variance = varianceLines(cash, counted, deps.deskSettings.get().varianceThresholds);
    const count = {
      at: isoNow(deps.clock),
      operator: shift.operatorName,
      counted,
      variance,
      overThreshold: variance.some((line) => line.overThreshold),
    };
    const id = store.durable(() => store.drawer.addCount(shift.id, count));
    return { id, ...count };
  }

  return {
    /** A count checked against the expected cash: always kept, a recount beside the earlier ones. */
    check: record,

    /**
     * The count the close is made on: the last one checked when it is the same, else kept as a
     * new one (a close is a count too, even one never checked first).
     */
    atClose(shift: ShiftRecord, counted: CountedCurrency[], cash: CashLine[]): DrawerCountRecord {
      const last = store.drawer.counts(shift.id).at(-1);
      return last && same(last.counted, counted) ? last : record(shift, counted, cash);
    },

    /** The currencies any count of the shift so far showed over the threshold. */
    everOver(shiftId: number): string[] {
      const over = store.drawer
        .counts(shiftId)
        .flatMap((count) => count.variance.filter((line) => line.overThreshold).map((line) => line.currency));
      return [...new Set(over)].sort();
    },

    list: (shiftId: number) => store.drawer.counts(shiftId),
  };
}

export type CloseCounts = ReturnType<typeof createCloseCounts>;

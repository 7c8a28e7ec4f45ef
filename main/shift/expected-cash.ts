// The cash a shift's drawer should hold, per currency: the drawer's answer (cashLines) over the
// shift's float, custody records and movements, as the reports and the payout check read it.
import { cashLines } from '../../common/cash-rules/drawer-cash.ts';
import type { CashLine } from '../../common/contract.ts';
import type { Store } from '../store/index.ts';
import type { ShiftRecord } from '../store/shifts.ts';

export function expectedCash(store: Pick<Store, 'custody' | 'shifts'>, shift: ShiftRecord): CashLine[] {
  return cashLines(shift.openingFloat, store.custody.forShift(shift.id), store.shifts.movements(shift.id));
}

/** The open shift's, or none with no shift open. */
export function openDrawerCash(store: Pick<Store, 'custody' | 'shifts'>): CashLine[] {
  const shift = store.shifts.open();
  return shift ? expectedCash(store, shift) : [];
}

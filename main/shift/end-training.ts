// Turning Live on ends the training shift in the same step. No real cash is in it: the training
// drawer's expected cash may be anything the agent practised (a payout of 5,000 from an empty
// drawer reads −5,000), so it is neither counted nor approved; the close records the expected
// cash as the count, with no variance, and the training Z report stands as the record of it.
import type { Store } from '../store/index.ts';
import type { Shifts } from './shifts.ts';

export async function endTrainingShift(
  shifts: Pick<Shifts, 'report' | 'close'>,
  store: Pick<Store, 'shifts'>,
) {
  if (!store.shifts.open()?.training) return;
  const { cash } = shifts.report();
  await shifts.close({ counted: cash.map((line) => ({ currency: line.currency, total: line.expected })) });
}
